import { JOB_STATUSES, JOB_TYPES } from '@crewdesk/domain';
import { useId, useState } from 'react';
import { ListSearchField } from '@/components/list-search-field';
import { Button } from '@/components/ui/button';
import { useTeamMemberNames } from '@/entities/team-member/api/team-member-options';
import { hasJobFilters, NO_JOB_FILTERS, type JobListFilters } from '../api/keys';
import { statusLabel, typeLabel } from '@/entities/job/model/job-text';
import { DateRangeFields, FilterField, selectClass } from '@/components/filter-field';
import { SelectOptions } from '@/components/ui/select-options';

/** Search, status, assignee (with Unassigned), type and a date range. */
export function JobFilters({
  filters,
  onChange,
  showType = true,
  showAssignee = true,
}: {
  filters: JobListFilters;
  onChange: (filters: JobListFilters) => void;
  showType?: boolean;
  showAssignee?: boolean;
}) {
  const id = useId();
  // The search field keeps what is typed; clearing the filters starts a fresh one.
  const [generation, setGeneration] = useState(0);
  const { members } = useTeamMemberNames();
  const set = (key: keyof JobListFilters, value: string) => onChange({ ...filters, [key]: value });

  return (
    <div className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(12rem,2fr)_repeat(3,minmax(8rem,1fr))]">
        <ListSearchField
          key={generation}
          className="sm:col-span-2 lg:col-span-1"
          value={filters.q}
          onSearch={(q) => set('q', q)}
          placeholder="Title, client or address"
        />
        <FilterField id={`${id}-status`} label="Status">
          <select
            id={`${id}-status`}
            value={filters.status}
            onChange={(e) => set('status', e.target.value)}
            className={selectClass}
          >
            <option value="">All statuses</option>
            <SelectOptions values={JOB_STATUSES} label={statusLabel} />
          </select>
        </FilterField>
        {showAssignee ? (
          <FilterField id={`${id}-assignee`} label="Assignee">
            <select
              id={`${id}-assignee`}
              value={filters.assigneeId}
              onChange={(e) => set('assigneeId', e.target.value)}
              className={selectClass}
            >
              <option value="">Everyone</option>
              <option value="unassigned">Unassigned</option>
              {members.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name}
                </option>
              ))}
            </select>
          </FilterField>
        ) : null}
        {showType ? (
          <FilterField id={`${id}-type`} label="Type">
            <select
              id={`${id}-type`}
              value={filters.type}
              onChange={(e) => set('type', e.target.value)}
              className={selectClass}
            >
              <option value="">All types</option>
              <SelectOptions values={JOB_TYPES} label={typeLabel} />
            </select>
          </FilterField>
        ) : null}
      </div>
      <div className="grid grid-cols-2 gap-3 sm:flex sm:items-end">
        <DateRangeFields
          id={id}
          from={filters.from}
          to={filters.to}
          onChange={(range) => onChange({ ...filters, ...range })}
        />
        {hasJobFilters(filters) ? (
          <Button
            variant="ghost"
            className="col-span-2 sm:col-span-1"
            onClick={() => {
              setGeneration((g) => g + 1);
              onChange(NO_JOB_FILTERS);
            }}
          >
            Clear filters
          </Button>
        ) : null}
      </div>
    </div>
  );
}
