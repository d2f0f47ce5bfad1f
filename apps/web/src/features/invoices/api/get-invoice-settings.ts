import { useQuery } from '@tanstack/react-query';
import { invoiceSettingsQueryOptions } from '@/lib/invoices';

export { getInvoiceSettings, invoiceSettingsQueryOptions } from '@/lib/invoices';

/** `GET /api/invoice-settings`: the defaults a new invoice starts from. */
export function useInvoiceSettings() {
  return useQuery(invoiceSettingsQueryOptions());
}
