import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SendInvoiceBody } from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';
import { storeCreatedInvoice } from '@/entities/invoice/api/invoice-api';
import type { SendInvoiceAnswer } from '@/entities/invoice/model/invoice';

export type { SendInvoiceAnswer };

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
