import { INSPECTION_STATUSES } from '@crewdesk/domain';
import { useId, useState } from 'react';
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
  const set = (key: keyof InspectionListFilters, value: string) =>
    onChange({ ...filters, [key]: value });

  return (
    <div className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(12rem,2fr)_repeat(3,minmax(8rem,1fr))]">
        <ListSearchField
          key={generation}
          className="sm:col-span-2 lg:col-span-1"
          value={filters.q}
          onSearch={(q) => set('q', q)}
          placeholder="Template, contact or site"
        />
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
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:flex lg:items-end">
        {showContact ? (
          <FilterField id={`${id}-contact`} label="Contact">
            <div className="lg:w-64">
              <CustomerSearchBox
                id={`${id}-contact`}
                value={contact}
                placeholder="Any contact"
                onChange={(picked) => {
                  setContact(picked ? customerChoiceOf(picked) : null);
                  set('customerId', picked?.id ?? '');
                }}
              />
            </div>
          </FilterField>
        ) : null}
        {showInspector ? (
          <InspectorFilter id={`${id}-inspector`} filters={filters} onChange={onChange} />
        ) : null}
        <div className="grid grid-cols-2 gap-3 sm:col-span-2 lg:flex">
          <DateRangeFields
            id={id}
            from={filters.from}
            to={filters.to}
            fromLabel="Started from"
            toLabel="Started until"
            onChange={(range) => onChange({ ...filters, ...range })}
          />
        </div>
        {hasInspectionFilters(filters) ? (
          <Button
            variant="ghost"
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
