import type { InvoiceDetail, PaymentInputBody } from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';
import { useInvoiceMutation } from './use-invoice-mutation';

export interface RecordPaymentVariables {
  invoiceId: string;
  payment: PaymentInputBody;
  /** One per opened dialog: a retry or a double click sends the same key, so it records once. */
  idempotencyKey: string;
}

/** `POST /api/invoices/:id/payments` with an Idempotency-Key header. */
export function recordPayment({
  invoiceId,
  payment,
  idempotencyKey,
}: RecordPaymentVariables): Promise<InvoiceDetail> {
  return apiRequest(`/invoices/${encodeURIComponent(invoiceId)}/payments`, {
    method: 'POST',
    body: payment,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useRecordPayment() {
  return useInvoiceMutation(recordPayment);
}
