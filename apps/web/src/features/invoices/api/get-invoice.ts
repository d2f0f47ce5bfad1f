import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvoiceDetail } from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';
import { invoiceQueryKey } from './keys';

/** `GET /api/invoices/:id`: the invoice with its payments, history, jobs and version. */
export function getInvoice(id: string, signal?: AbortSignal): Promise<InvoiceDetail> {
  return apiRequest(`/invoices/${encodeURIComponent(id)}`, { signal });
}

export function invoiceQueryOptions(id: string) {
  return queryOptions({
    queryKey: invoiceQueryKey(id),
    queryFn: ({ signal }) => getInvoice(id, signal),
  });
}

export function useInvoice(id: string) {
  return useQuery(invoiceQueryOptions(id));
}

/** The PDF is served by the API; a plain link downloads it with the session cookie. */
export function invoicePdfUrl(id: string): string {
  return `/api/invoices/${encodeURIComponent(id)}/pdf`;
}
