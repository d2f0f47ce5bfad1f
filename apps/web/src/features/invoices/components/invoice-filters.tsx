import { INVOICE_STATUS_LABELS, INVOICE_STATUSES } from '@crewdesk/domain';
import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { ListSearchField } from '@/components/list-search-field';
import { Button } from '@/components/ui/button';
import { hasFilters, type InvoiceListFilters } from '../api/keys';
import { DateRangeFields, FilterField, selectClass } from './filter-field';

/**
 * Search (number or client), status, issue-date range, and the client the address names
 * (?customerId=) as a chip that can be removed.
 */
export function InvoiceFilters({
  filters,
  clientName,
  onChange,
  onClear,
}: {
  filters: InvoiceListFilters;
  /** The filtered client's name when it is known (from the rows), for the chip. */
  clientName: string | null;
  onChange: (filters: InvoiceListFilters) => void;
  onClear: () => void;
}) {
  const id = useId();
  // The search field keeps what is typed; clearing the filters starts a fresh one.
  const [generation, setGeneration] = useState(0);
  const set = (patch: Partial<InvoiceListFilters>) => onChange({ ...filters, ...patch });

  return (
    <div className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(12rem,2fr)_minmax(10rem,1fr)]">
        <ListSearchField
          key={generation}
          value={filters.q}
          onSearch={(q) => set({ q })}
          placeholder="Invoice number or client"
        />
        <FilterField id={`${id}-status`} label="Status">
          <select
            id={`${id}-status`}
            value={filters.status}
            onChange={(e) => set({ status: e.target.value })}
            className={selectClass}
          >
            <option value="">All</option>
            {INVOICE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {INVOICE_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </FilterField>
      </div>
      <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end">
        <DateRangeFields
          id={id}
          from={filters.from}
          to={filters.to}
          fromLabel="Issued from"
          toLabel="Issued to"
          onChange={(range) => set(range)}
        />
        {hasFilters(filters) ? (
          <Button
            variant="ghost"
            className="col-span-2 sm:col-span-1"
            onClick={() => {
              setGeneration((g) => g + 1);
              onClear();
            }}
          >
            Clear filters
          </Button>
        ) : null}
      </div>
      {filters.customerId ? (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-muted-foreground">Client:</span>
          <span className="inline-flex items-center gap-1 rounded-full border bg-accent py-0.5 pl-3 pr-1 text-accent-foreground">
            {clientName ?? 'One client'}
            <button
              type="button"
              onClick={() => set({ customerId: '' })}
              aria-label="Remove the client filter"
              className="flex size-6 items-center justify-center rounded-full hover:bg-background focus-visible:outline-2 focus-visible:outline-ring"
            >
              <X aria-hidden="true" className="size-3.5" />
            </button>
          </span>
        </div>
      ) : null}
    </div>
  );
}
