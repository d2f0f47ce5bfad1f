import { queryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { InvoiceDetail, InvoiceSettings, InvoiceSettingsInput } from '../model/invoice';
import { jobsQueryKey } from '@/entities/job/api/job-keys';
import { requestsQueryKey } from '@/entities/request/api/request-keys';
import { apiRequest } from '@/lib/api-client';
import { isUnderAnyKey } from '@/lib/query-client';

/*
 * What more than one feature needs of the invoices API: the job and quote pages bill their
 * record, and Settings edits the invoice defaults the invoice form starts from.
 */

/** Every invoice, payment and history query lives under this key. */
export const invoicesQueryKey = ['invoices'] as const;

export function invoiceQueryKey(id: string) {
  return [...invoicesQueryKey, 'detail', id] as const;
}

export const invoiceSettingsQueryKey = ['invoice-settings'] as const;

/** `GET /api/invoice-settings`: numbering, default terms and tax, reminders. */
export function getInvoiceSettings(signal?: AbortSignal): Promise<InvoiceSettings> {
  return apiRequest('/invoice-settings', { signal });
}

export function invoiceSettingsQueryOptions() {
  return queryOptions({
    queryKey: invoiceSettingsQueryKey,
    queryFn: ({ signal }) => getInvoiceSettings(signal),
  });
}

/** `PUT /api/invoice-settings` (owner, admins and managers). */
export function updateInvoiceSettings(input: InvoiceSettingsInput): Promise<InvoiceSettings> {
  return apiRequest('/invoice-settings', { method: 'PUT', body: input });
}

/** `POST /api/jobs/:id/invoice`: an invoice for a completed job (409 when not completed or billed). */
export function createInvoiceFromJob(jobId: string): Promise<InvoiceDetail> {
  return apiRequest(`/jobs/${encodeURIComponent(jobId)}/invoice`, { method: 'POST' });
}

/** `POST /api/requests/:id/invoice`: an invoice from an accepted estimate or quote. */
export function convertRequestToInvoice(requestId: string): Promise<InvoiceDetail> {
  return apiRequest(`/requests/${encodeURIComponent(requestId)}/invoice`, { method: 'POST' });
}

/** What a new or changed invoice can change: the invoice lists, the numbering, and what it bills. */
const INVOICE_AFFECTED_KEYS = [
  invoicesQueryKey,
  invoiceSettingsQueryKey,
  jobsQueryKey,
  requestsQueryKey,
];

/**
 * A new or changed invoice changes the lists and the records it bills (a job gets its invoice
 * link): store the answer and refresh the rest, except `skip` (what no longer exists).
 */
export async function storeCreatedInvoice(
  queryClient: QueryClient,
  invoice: InvoiceDetail,
  skip: readonly QueryKey[] = [],
): Promise<void> {
  queryClient.setQueryData(invoiceQueryKey(invoice.id), invoice);
  const kept = new Set([invoiceQueryKey(invoice.id), ...skip].map((key) => JSON.stringify(key)));
  await queryClient.invalidateQueries({
    predicate: (query) =>
      isUnderAnyKey(query.queryKey, INVOICE_AFFECTED_KEYS) &&
      !kept.has(JSON.stringify(query.queryKey)),
  });
}
