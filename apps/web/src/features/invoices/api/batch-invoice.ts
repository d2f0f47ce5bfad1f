import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvoiceSummary } from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';

/** `POST /api/invoices/batch`: one invoice per job, all or none. */
export function batchInvoice(jobIds: string[]): Promise<{ items: InvoiceSummary[] }> {
  return apiRequest('/invoices/batch', { method: 'POST', body: { jobIds } });
}

export function useBatchInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: batchInvoice,
    // The lists and totals have new invoices; the jobs are billed now.
    onSuccess: () =>
      Promise.all(
        [['invoices'], ['invoice-settings'], ['jobs']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
