import { INSPECTION_STATUSES } from '@crewdesk/domain';
import { SlidersHorizontal } from 'lucide-react';
import { useId, useState } from 'react';
import { cn } from '@/lib/cn';
import { DateRangeFields, FilterField, selectClass } from '@/components/filter-field';
import { ListSearchField } from '@/components/list-search-field';
import { Button } from '@/components/ui/button';
import { CustomerSearchBox } from '@/entities/customer/ui/customer-search-box';
import { customerChoiceOf, type CustomerChoice } from '@/entities/customer/model/customer';
import {
  hasInspectionFilters,
  NO_INSPECTION_FILTERS,
  SCORE_BANDS,
  type InspectionListFilters,
  type ScoreBand,
} from '@/entities/inspection/api/inspection-api';
import { INSPECTION_STATUS_LABELS } from '@/entities/inspection/model/inspection-text';
import { useTeamMemberNames } from '@/entities/team-member/api/team-member-options';
import type { InspectionTemplate } from '@crewdesk/domain';

/** Search, status, template, contact, inspector, a date range and a score band. */
export function InspectionFilters({
  filters,
  onChange,
  templates,
  showContact,
  showInspector,
}: {
  filters: InspectionListFilters;
  onChange: (filters: InspectionListFilters) => void;
  templates: readonly InspectionTemplate[];
  showContact: boolean;
  showInspector: boolean;
}) {
  const id = useId();
  // The search field keeps what is typed; clearing the filters starts a fresh one.
  const [generation, setGeneration] = useState(0);
  const [contact, setContact] = useState<CustomerChoice | null>(null);
  // On a phone the filters fold under a button; wider screens show them all.
  const [open, setOpen] = useState(false);
  const set = (key: keyof InspectionListFilters, value: string) =>
    onChange({ ...filters, [key]: value });

  const active = Object.entries(filters).filter(
    ([key, value]) => key !== 'q' && value !== '',
  ).length;

  return (
    <div className="space-y-3">
      <div className="flex items-end gap-2">
        <ListSearchField
          key={generation}
          className="min-w-0 flex-1"
          value={filters.q}
          onSearch={(q) => set('q', q)}
          placeholder="Template, contact or site"
        />
        <Button
          variant="outline"
          className="sm:hidden"
          aria-expanded={open}
          aria-controls={`${id}-more`}
          onClick={() => setOpen((o) => !o)}
        >
          <SlidersHorizontal aria-hidden="true" />
          {active > 0 ? `Filters (${active})` : 'Filters'}
        </Button>
      </div>
      <div id={`${id}-more`} className={cn('space-y-3', open ? 'block' : 'hidden sm:block')}>
        <div className="grid gap-3 sm:grid-cols-3 lg:grid-cols-5">
          <FilterField id={`${id}-status`} label="Status">
            <select
              id={`${id}-status`}
              value={filters.status}
              onChange={(e) => set('status', e.target.value)}
              className={selectClass}
            >
              <option value="">All statuses</option>
              {INSPECTION_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {INSPECTION_STATUS_LABELS[status]}
                </option>
              ))}
            </select>
          </FilterField>
          <FilterField id={`${id}-template`} label="Template">
            <select
              id={`${id}-template`}
              value={filters.templateId}
              onChange={(e) => set('templateId', e.target.value)}
              className={selectClass}
            >
              <option value="">All templates</option>
              {templates.map((t) => (
                <option key={t.familyId} value={t.familyId}>
                  {t.name}
                </option>
              ))}
            </select>
          </FilterField>
          <FilterField id={`${id}-score`} label="Score">
            <select
              id={`${id}-score`}
              value={filters.scoreBand}
              onChange={(e) => set('scoreBand', e.target.value as ScoreBand | '')}
              className={selectClass}
            >
              <option value="">Any score</option>
              {Object.entries(SCORE_BANDS).map(([band, { label }]) => (
                <option key={band} value={band}>
                  {label}
                </option>
              ))}
            </select>
          </FilterField>
          {showContact ? (
            <FilterField id={`${id}-contact`} label="Contact">
              <CustomerSearchBox
                id={`${id}-contact`}
                value={contact}
                placeholder="Any contact"
                onChange={(picked) => {
                  setContact(picked ? customerChoiceOf(picked) : null);
                  set('customerId', picked?.id ?? '');
                }}
              />
            </FilterField>
          ) : null}
          {showInspector ? (
            <InspectorFilter id={`${id}-inspector`} filters={filters} onChange={onChange} />
          ) : null}
        </div>
        <div className="grid grid-cols-2 gap-3 sm:flex sm:items-end">
          <DateRangeFields
            id={id}
            from={filters.from}
            to={filters.to}
            fromLabel="Started from"
            toLabel="Started until"
            onChange={(range) => onChange({ ...filters, ...range })}
          />
          {hasInspectionFilters(filters) ? (
            <Button
              variant="ghost"
              className="col-span-2 sm:col-span-1"
              onClick={() => {
                setGeneration((g) => g + 1);
                setContact(null);
                onChange(NO_INSPECTION_FILTERS);
              }}
            >
              Clear filters
            </Button>
          ) : null}
        </div>
      </div>
    </div>
  );
}

function InspectorFilter({
  id,
  filters,
  onChange,
}: {
  id: string;
  filters: InspectionListFilters;
  onChange: (filters: InspectionListFilters) => void;
}) {
  const { members } = useTeamMemberNames();
  return (
    <FilterField id={id} label="Inspector">
      <select
        id={id}
        value={filters.inspectorId}
        onChange={(e) => onChange({ ...filters, inspectorId: e.target.value })}
        className={selectClass}
      >
        <option value="">Everyone</option>
        {members.map((m) => (
          <option key={m.id} value={m.id}>
            {m.name}
          </option>
        ))}
      </select>
    </FilterField>
  );
}
