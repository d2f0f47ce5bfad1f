import { REQUEST_STATUSES } from '@crewdesk/domain';
import { useId } from 'react';
import { ListSearchField } from '@/components/list-search-field';
import { fieldClassName, Label } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import type { RequestListFilters } from '../api/keys';
import { statusLabel } from '../lib/request-text';
import { SelectOptions } from '@/components/ui/select-options';

/** Search on client and title, and the status filter. */
export function RequestFilters({
  filters,
  onChange,
}: {
  filters: RequestListFilters;
  onChange: (filters: RequestListFilters) => void;
}) {
  const statusId = useId();

  return (
    <div className="grid flex-1 gap-3 sm:grid-cols-[minmax(12rem,1fr)_12rem]">
      <ListSearchField
        value={filters.q}
        onSearch={(q) => onChange({ ...filters, q })}
        placeholder="Client or title"
      />
      <div className="space-y-1.5">
        <Label htmlFor={statusId} className="text-xs text-muted-foreground">
          Status
        </Label>
        <select
          id={statusId}
          value={filters.status}
          onChange={(event) => onChange({ ...filters, status: event.target.value })}
          className={cn(fieldClassName, 'h-10 py-2')}
        >
          <option value="">All statuses</option>
          <SelectOptions values={REQUEST_STATUSES} label={statusLabel} />
        </select>
      </div>
    </div>
  );
}
