import { queryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { InvoiceDetail, InvoiceSettings, InvoiceSettingsInput } from '@crewdesk/domain';
import { apiRequest } from './api-client';

/*
 * What more than one feature needs of the invoices API: the job and quote pages bill their
 * record, and Settings edits the invoice defaults the invoice form starts from. features/invoices
 * re-exports these (features do not import each other).
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
      ['invoices', 'invoice-settings', 'jobs', 'requests'].includes(String(query.queryKey[0])) &&
      !kept.has(JSON.stringify(query.queryKey)),
  });
}

/**
 * An Idempotency-Key for one payment action. crypto.randomUUID exists only on secure pages
 * (https or localhost); a self-hosted server on plain http gets the same shape from
 * getRandomValues.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
