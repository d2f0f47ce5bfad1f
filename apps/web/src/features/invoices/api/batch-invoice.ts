import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvoiceSummary } from '@crewdesk/domain';
import { invoiceSettingsQueryKey, invoicesQueryKey } from '@/entities/invoice/api/invoice-api';
import { jobsQueryKey } from '@/entities/job/api/job-keys';
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
        [invoicesQueryKey, invoiceSettingsQueryKey, jobsQueryKey].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
