import {
  invoiceQueryKey,
  invoiceSettingsQueryKey,
  invoicesQueryKey,
} from '@/entities/invoice/api/invoice-api';

export { invoiceQueryKey, invoiceSettingsQueryKey, invoicesQueryKey };

export const INVOICE_PAGE_SIZE = 25;

export interface InvoiceListFilters {
  q: string;
  /** An INVOICE_STATUSES value, or '' for all. */
  status: string;
  /** A contact id from the address (?customerId=), or ''. */
  customerId: string;
  /** Issue dates, 'YYYY-MM-DD' or ''. */
  from: string;
  to: string;
}

export const NO_INVOICE_FILTERS: InvoiceListFilters = {
  q: '',
  status: '',
  customerId: '',
  from: '',
  to: '',
};

export function hasFilters(filters: object): boolean {
  return Object.values(filters).some((v) => typeof v === 'string' && v.trim() !== '');
}

export function invoiceListQueryKey(filters: InvoiceListFilters) {
  return [...invoicesQueryKey, 'list', filters] as const;
}

export interface PaymentListFilters {
  q: string;
  method: string;
  from: string;
  to: string;
}

export const NO_PAYMENT_FILTERS: PaymentListFilters = { q: '', method: '', from: '', to: '' };

export function paymentListQueryKey(filters: PaymentListFilters) {
  return [...invoicesQueryKey, 'payments', filters] as const;
}

export function paymentQueryKey(id: string) {
  return [...invoicesQueryKey, 'payment', id] as const;
}

export function invoiceHistoryQueryKey(kind: string) {
  return [...invoicesQueryKey, 'history', kind] as const;
}

export const invoiceableJobsQueryKey = [...invoicesQueryKey, 'invoiceable-jobs'] as const;

/** The client's page: outside the account's keys (no session). */
export function publicInvoiceQueryKey(token: string) {
  return ['public-invoice', token] as const;
}

export function paymentStatusQueryKey(token: string) {
  return ['public-invoice', token, 'payment-status'] as const;
}

/** `?a=1&b=2` of the non-empty values, in the given order. */
export function searchOf(values: Record<string, string | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    const trimmed = value?.trim();
    if (trimmed) params.set(key, trimmed);
  }
  return params.toString();
}
