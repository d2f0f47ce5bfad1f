import { REQUEST_STATUSES } from '@crewdesk/domain';
import { Search } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { fieldClassName, Input, Label } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import type { RequestListFilters } from '../api/keys';
import { statusLabel } from '../lib/request-text';

/** The search waits for a pause in typing (spec section 9: 300 ms, as the customer search). */
export const REQUEST_SEARCH_PAUSE_MS = 300;

/** Search on client and title, and the status filter. */
export function RequestFilters({
  filters,
  onChange,
}: {
  filters: RequestListFilters;
  onChange: (filters: RequestListFilters) => void;
}) {
  const searchId = useId();
  const statusId = useId();
  const [typed, setTyped] = useState(filters.q);
  useEffect(() => {
    if (typed === filters.q) return;
    const timer = setTimeout(() => onChange({ ...filters, q: typed }), REQUEST_SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed, filters, onChange]);

  return (
    <div className="grid flex-1 gap-3 sm:grid-cols-[minmax(12rem,1fr)_12rem]">
      <div className="space-y-1.5">
        <Label htmlFor={searchId} className="text-xs text-muted-foreground">
          Search
        </Label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id={searchId}
            type="search"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            placeholder="Client or title"
            className="pl-9"
          />
        </div>
      </div>
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
          {REQUEST_STATUSES.map((status) => (
            <option key={status} value={status}>
              {statusLabel(status)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
