import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invoiceableJobsQueryKey } from './keys';

/** A completed job no invoice bills yet. */
export interface InvoiceableJob {
  id: string;
  title: string;
  clientName: string;
  /** ISO instant; the server may not know it for an old job. */
  completedAt: string | null;
  priceCents: number;
}

/** `GET /api/invoiceable-jobs`: what batch invoicing offers. */
export function listInvoiceableJobs(signal?: AbortSignal): Promise<{ items: InvoiceableJob[] }> {
  return apiRequest('/invoiceable-jobs', { signal });
}

export function invoiceableJobsQueryOptions() {
  return queryOptions({
    queryKey: invoiceableJobsQueryKey,
    queryFn: ({ signal }) => listInvoiceableJobs(signal),
    // The dialog opens to pick jobs now: what was completed a minute ago must be there.
    staleTime: 0,
  });
}

export function useInvoiceableJobs(enabled: boolean) {
  return useQuery({ ...invoiceableJobsQueryOptions(), enabled });
}
