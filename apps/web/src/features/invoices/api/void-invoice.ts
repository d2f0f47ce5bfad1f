import type { InvoiceDetail } from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';
import { useInvoiceMutation } from './use-invoice-mutation';

/** `POST /api/invoices/:id/void`: the number stays; the balance is no longer owed. */
export function voidInvoice(id: string): Promise<InvoiceDetail> {
  return apiRequest(`/invoices/${encodeURIComponent(id)}/void`, { method: 'POST' });
}

export function useVoidInvoice() {
  return useInvoiceMutation(voidInvoice);
}
