import type { InvoiceDetail } from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';
import { paymentQueryKey } from './keys';
import { useInvoiceMutation } from './use-invoice-mutation';

export interface PaymentChange {
  paymentId: string;
  /** One per confirmed action: a retry of the same confirm sends the same key. */
  idempotencyKey: string;
}

/** `DELETE /api/payments/:id`: a payment entered by mistake; the balance returns. */
export function removePayment({
  paymentId,
  idempotencyKey,
}: PaymentChange): Promise<InvoiceDetail> {
  return apiRequest(`/payments/${encodeURIComponent(paymentId)}`, {
    method: 'DELETE',
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useRemovePayment() {
  return useInvoiceMutation(removePayment, ({ paymentId }) => paymentQueryKey(paymentId));
}
