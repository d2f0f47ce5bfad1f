import { useQuery } from '@tanstack/react-query';
import { invoiceSettingsQueryOptions } from '@/entities/invoice/api/invoice-api';

export {
  getInvoiceSettings,
  invoiceSettingsQueryOptions,
} from '@/entities/invoice/api/invoice-api';

/** `GET /api/invoice-settings`: the defaults a new invoice starts from. */
export function useInvoiceSettings() {
  return useQuery(invoiceSettingsQueryOptions());
}
