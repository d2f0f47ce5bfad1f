import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvoiceDetail, SendInvoiceBody } from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';
import { storeCreatedInvoice } from '@/entities/invoice/api/invoice-api';

export interface SendInvoiceAnswer {
  /** sent: delivered; kept: in the outbox (no mail server set up); failed: refused. */
  delivery: 'sent' | 'kept' | 'failed';
  invoice: InvoiceDetail;
}

/** `POST /api/invoices/:id/send`: e-mails the invoice with the link to the client's page. */
export function sendInvoice({
  id,
  body,
}: {
  id: string;
  body: SendInvoiceBody;
}): Promise<SendInvoiceAnswer> {
  return apiRequest(`/invoices/${encodeURIComponent(id)}/send`, { method: 'POST', body });
}

export function useSendInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendInvoice,
    onSuccess: (answer) => storeCreatedInvoice(queryClient, answer.invoice),
  });
}
