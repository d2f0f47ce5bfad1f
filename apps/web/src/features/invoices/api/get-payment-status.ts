import type { PublicPaymentStatus } from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';
import { publicInvoicePath } from './get-public-invoice';

/** `GET /api/public/invoices/:token/payment-status`: what the payment-success page shows. */
export function getPaymentStatus(
  token: string,
  signal?: AbortSignal,
): Promise<PublicPaymentStatus> {
  return apiRequest(`${publicInvoicePath(token)}/payment-status`, { signal });
}
