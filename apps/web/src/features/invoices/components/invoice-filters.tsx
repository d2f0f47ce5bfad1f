import { INVOICE_STATUS_LABELS, INVOICE_STATUSES } from '@crewdesk/domain';
import { X } from 'lucide-react';
import type { InvoiceListFilters } from '../api/keys';
import { ListFilterBar } from './list-filter-bar';

const STATUS_OPTIONS = INVOICE_STATUSES.map((s) => ({ value: s, label: INVOICE_STATUS_LABELS[s] }));

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
  const set = (patch: Partial<InvoiceListFilters>) => onChange({ ...filters, ...patch });

  return (
    <ListFilterBar
      filters={filters}
      onChange={onChange}
      onClear={onClear}
      searchPlaceholder="Invoice number or client"
      choice={{
        label: 'Status',
        allLabel: 'All',
        value: filters.status,
        options: STATUS_OPTIONS,
        onChange: (status) => set({ status }),
      }}
      fromLabel="Issued from"
      toLabel="Issued to"
    >
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
    </ListFilterBar>
  );
}
