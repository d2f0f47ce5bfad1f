import type { InvoiceDetail, InvoiceInputBody } from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';
import { useInvoiceMutation } from './use-invoice-mutation';

/** `POST /api/invoices`: a new invoice (the next number of the business). */
export function createInvoice(input: InvoiceInputBody): Promise<InvoiceDetail> {
  return apiRequest('/invoices', { method: 'POST', body: input });
}

export function useCreateInvoice() {
  return useInvoiceMutation(createInvoice);
}
