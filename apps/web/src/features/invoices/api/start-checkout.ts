import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { publicInvoicePath } from './get-public-invoice';

/** `POST /api/public/invoices/:token/checkout`: the payment provider's page to pay on. */
export function startCheckout(token: string): Promise<{ url: string }> {
  return apiRequest(`${publicInvoicePath(token)}/checkout`, { method: 'POST' });
}

export function useStartCheckout() {
  return useMutation({ mutationFn: startCheckout });
}
