import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicInvoice } from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';
import { publicInvoiceQueryKey } from './keys';

export function publicInvoicePath(token: string): string {
  return `/public/invoices/${encodeURIComponent(token)}`;
}

/** `GET /api/public/invoices/:token`: the client's page, no session (the token is the key). */
export function getPublicInvoice(token: string, signal?: AbortSignal): Promise<PublicInvoice> {
  return apiRequest(publicInvoicePath(token), { signal });
}

export function publicInvoiceQueryOptions(token: string) {
  return queryOptions({
    queryKey: publicInvoiceQueryKey(token),
    queryFn: ({ signal }) => getPublicInvoice(token, signal),
  });
}

export function usePublicInvoice(token: string) {
  return useQuery(publicInvoiceQueryOptions(token));
}

/** The PDF is served by the API; a plain link downloads it without a session. */
export function publicInvoicePdfUrl(token: string): string {
  return `/api${publicInvoicePath(token)}/pdf`;
}
