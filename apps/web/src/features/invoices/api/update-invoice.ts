import type { InvoiceDetail, InvoiceInputBody } from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';
import { useInvoiceMutation } from './use-invoice-mutation';

export interface InvoiceUpdate {
  id: string;
  /** The version the editor started from: a save over someone else's answers 409. */
  version: number;
  invoice: InvoiceInputBody;
}

/** `PUT /api/invoices/:id`: 409 when someone else saved first, or the invoice is paid or void. */
export function updateInvoice({ id, version, invoice }: InvoiceUpdate): Promise<InvoiceDetail> {
  return apiRequest(`/invoices/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: { version, invoice },
  });
}

export function useUpdateInvoice() {
  return useInvoiceMutation(updateInvoice);
}
