import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentDetail } from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';
import { paymentQueryKey } from './keys';

/** `GET /api/payments/:id`: the payment with the invoice it paid and who recorded it. */
export function getPayment(id: string, signal?: AbortSignal): Promise<PaymentDetail> {
  return apiRequest(`/payments/${encodeURIComponent(id)}`, { signal });
}

export function paymentQueryOptions(id: string) {
  return queryOptions({
    queryKey: paymentQueryKey(id),
    queryFn: ({ signal }) => getPayment(id, signal),
  });
}

export function usePayment(id: string) {
  return useQuery(paymentQueryOptions(id));
}
