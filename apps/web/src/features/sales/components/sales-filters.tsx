import { LEAD_SOURCES, type LeadSource } from '@crewdesk/domain';
import { useId } from 'react';
import { FilterField, selectClass } from '@/components/filter-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import {
  NO_SALES_FILTERS,
  hasSalesFilters,
  useSalesOwners,
  type SalesFilters,
} from '../api/sales-api';
import { sourceLabel } from './move-opportunity';
import { moneySymbol } from '@/lib/money';

/** The board's and the list's filters: whose, source, value range, overdue, needs a nudge. */
export function SalesFilterBar({
  filters,
  onChange,
  scope,
  teamAllowed,
}: {
  filters: SalesFilters;
  onChange: (next: SalesFilters) => void;
  /** Whose the server shows now (a sales person's own by default). */
  scope: 'mine' | 'team';
  teamAllowed: boolean;
}) {
  const id = useId();
  const owners = useSalesOwners();
  const set = (patch: Partial<SalesFilters>) => onChange({ ...filters, ...patch });
  const showingTeam = (filters.scope || scope) === 'team';
  return (
    <div className="mb-4 grid grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap">
      {teamAllowed ? (
        <FilterField id={`${id}-scope`} label="Showing">
          <select
            id={`${id}-scope`}
            className={selectClass}
            value={filters.scope || scope}
            onChange={(e) => set({ scope: e.target.value as 'mine' | 'team', owner: '' })}
          >
            <option value="mine">My opportunities</option>
            <option value="team">The team’s</option>
          </select>
        </FilterField>
      ) : null}
      {showingTeam ? (
        <FilterField id={`${id}-owner`} label="Owner">
          <select
            id={`${id}-owner`}
            className={selectClass}
            value={filters.owner}
            onChange={(e) => set({ owner: e.target.value })}
          >
            <option value="">Everyone</option>
            <option value="me">Me</option>
            <option value="none">No owner</option>
            {(owners.data ?? []).map((o) => (
              <option key={o.userId} value={o.userId}>
                {o.name}
              </option>
            ))}
          </select>
        </FilterField>
      ) : null}
      <FilterField id={`${id}-source`} label="Source">
        <select
          id={`${id}-source`}
          className={selectClass}
          value={filters.source}
          onChange={(e) => set({ source: e.target.value as LeadSource | '' })}
        >
          <option value="">All sources</option>
          {LEAD_SOURCES.map((s) => (
            <option key={s} value={s}>
              {sourceLabel(s)}
            </option>
          ))}
        </select>
      </FilterField>
      <FilterField id={`${id}-min`} label={`Value from (${moneySymbol()})`}>
        <Input
          id={`${id}-min`}
          type="number"
          inputMode="decimal"
          min={0}
          className="w-full sm:w-28"
          value={filters.minValue}
          onChange={(e) => set({ minValue: e.target.value })}
        />
      </FilterField>
      <FilterField id={`${id}-max`} label={`Value to (${moneySymbol()})`}>
        <Input
          id={`${id}-max`}
          type="number"
          inputMode="decimal"
          min={0}
          className="w-full sm:w-28"
          value={filters.maxValue}
          onChange={(e) => set({ maxValue: e.target.value })}
        />
      </FilterField>
      <label className="flex h-10 items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4"
          checked={filters.overdue}
          onChange={(e) => set({ overdue: e.target.checked })}
        />
        Overdue follow-up
      </label>
      <label className="flex h-10 items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4"
          checked={filters.nudge}
          onChange={(e) => set({ nudge: e.target.checked })}
        />
        Needs a nudge
      </label>
      {hasSalesFilters(filters) ? (
        <Button
          variant="ghost"
          onClick={() => onChange({ ...NO_SALES_FILTERS, scope: filters.scope })}
        >
          Clear filters
        </Button>
      ) : null}
    </div>
  );
}
