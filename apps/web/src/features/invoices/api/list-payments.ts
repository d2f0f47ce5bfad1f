import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { PaymentListResponse } from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';
import { INVOICE_PAGE_SIZE, paymentListQueryKey, searchOf, type PaymentListFilters } from './keys';

export function paymentListSearch(filters: PaymentListFilters, cursor: string | null): string {
  return searchOf({
    limit: String(INVOICE_PAGE_SIZE),
    q: filters.q,
    method: filters.method,
    from: filters.from,
    to: filters.to,
    cursor,
  });
}

/** `GET /api/payments`: one page of payments, newest first. */
export function listPayments(
  filters: PaymentListFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<PaymentListResponse> {
  return apiRequest(`/payments?${paymentListSearch(filters, cursor)}`, { signal });
}

export function paymentListQueryOptions(filters: PaymentListFilters) {
  return infiniteQueryOptions({
    queryKey: paymentListQueryKey(filters),
    queryFn: ({ pageParam, signal }) => listPayments(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
}

export function usePaymentList(filters: PaymentListFilters) {
  return useInfiniteQuery(paymentListQueryOptions(filters));
}
