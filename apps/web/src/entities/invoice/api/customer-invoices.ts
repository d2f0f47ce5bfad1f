import { queryOptions } from '@tanstack/react-query';
import type { CustomerBalance, InvoiceListResponse, PaymentListResponse } from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';
import { keysetQueryOptions } from '@/lib/keyset-query';
import { invoicesQueryKey } from './invoice-api';

const PANEL_PAGE_SIZE = 10;

/*
 * The contact page's invoice queries live under the invoices key, so a payment, a void or a new
 * invoice refreshes them with the invoice lists.
 */
function customerInvoicesKey(customerId: string, what: 'invoices' | 'payments' | 'balance') {
  return [...invoicesQueryKey, 'customer', customerId, what] as const;
}

/** `GET /api/customers/:id/balance`: what the contact owes, and how much of it is late. */
export function customerBalanceQueryOptions(customerId: string) {
  return queryOptions({
    queryKey: customerInvoicesKey(customerId, 'balance'),
    queryFn: ({ signal }) =>
      apiRequest<CustomerBalance>(`/customers/${encodeURIComponent(customerId)}/balance`, {
        signal,
      }),
  });
}

/** `GET /api/invoices?customerId=`: the contact's invoices, newest first. */
export function customerInvoicesQueryOptions(customerId: string) {
  return keysetQueryOptions<InvoiceListResponse>(
    customerInvoicesKey(customerId, 'invoices'),
    `/invoices?customerId=${encodeURIComponent(customerId)}`,
    PANEL_PAGE_SIZE,
  );
}

/** `GET /api/payments?customerId=`: the contact's payments, newest first. */
export function customerPaymentsQueryOptions(customerId: string) {
  return keysetQueryOptions<PaymentListResponse>(
    customerInvoicesKey(customerId, 'payments'),
    `/payments?customerId=${encodeURIComponent(customerId)}`,
    PANEL_PAGE_SIZE,
  );
}
