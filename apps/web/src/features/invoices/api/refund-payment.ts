import type { InvoiceDetail } from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';
import type { PaymentChange } from './remove-payment';
import { useInvoiceMutation } from './use-invoice-mutation';

/** `POST /api/payments/:id/refund`: the money was given back; the balance returns. */
export function refundPayment({
  paymentId,
  idempotencyKey,
}: PaymentChange): Promise<InvoiceDetail> {
  return apiRequest(`/payments/${encodeURIComponent(paymentId)}/refund`, {
    method: 'POST',
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useRefundPayment() {
  return useInvoiceMutation(refundPayment);
}
