import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { InvoiceListResponse } from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';
import { INVOICE_PAGE_SIZE, invoiceListQueryKey, searchOf, type InvoiceListFilters } from './keys';

export function invoiceListSearch(filters: InvoiceListFilters, cursor: string | null): string {
  return searchOf({
    limit: String(INVOICE_PAGE_SIZE),
    q: filters.q,
    status: filters.status,
    customerId: filters.customerId,
    from: filters.from,
    to: filters.to,
    cursor,
  });
}

/** `GET /api/invoices`: one page, newest first, with the business's outstanding and overdue totals. */
export function listInvoices(
  filters: InvoiceListFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<InvoiceListResponse> {
  return apiRequest(`/invoices?${invoiceListSearch(filters, cursor)}`, { signal });
}

export function invoiceListQueryOptions(filters: InvoiceListFilters) {
  return infiniteQueryOptions({
    queryKey: invoiceListQueryKey(filters),
    queryFn: ({ pageParam, signal }) => listInvoices(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // A new filter keeps the rows on screen until its answer arrives.
    placeholderData: keepPreviousData,
  });
}

export function useInvoiceList(filters: InvoiceListFilters) {
  return useInfiniteQuery(invoiceListQueryOptions(filters));
}
