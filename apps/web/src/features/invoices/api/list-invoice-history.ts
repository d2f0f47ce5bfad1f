import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { InvoiceHistoryResponse } from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';
import { INVOICE_PAGE_SIZE, invoiceHistoryQueryKey, searchOf } from './keys';

/** `GET /api/invoice-history`: the account's invoice events, newest first. */
export function listInvoiceHistory(
  kind: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<InvoiceHistoryResponse> {
  const search = searchOf({ limit: String(INVOICE_PAGE_SIZE), kind, cursor });
  return apiRequest(`/invoice-history?${search}`, { signal });
}

export function invoiceHistoryQueryOptions(kind: string) {
  return infiniteQueryOptions({
    queryKey: invoiceHistoryQueryKey(kind),
    queryFn: ({ pageParam, signal }) => listInvoiceHistory(kind, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useInvoiceHistory(kind: string) {
  return useInfiniteQuery(invoiceHistoryQueryOptions(kind));
}
