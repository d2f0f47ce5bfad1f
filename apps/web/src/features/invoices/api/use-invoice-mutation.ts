import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { InvoiceDetail } from '@crewdesk/domain';
import { storeCreatedInvoice } from '@/entities/invoice/api/invoice-api';

/**
 * A change that answers the invoice as it now is: the detail page shows the answer at once, and
 * the lists, totals, payments and history refresh behind it (and the jobs it bills). `gone`
 * names what the change deleted: it is marked stale but not asked for again (it would be a 404).
 */
export function useInvoiceMutation<V>(
  mutationFn: (variables: V) => Promise<InvoiceDetail>,
  gone?: (variables: V) => QueryKey,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (invoice, variables) => {
      const skip = gone ? [gone(variables)] : [];
      await Promise.all([
        ...skip.map((queryKey) =>
          queryClient.invalidateQueries({ queryKey, exact: true, refetchType: 'none' }),
        ),
        storeCreatedInvoice(queryClient, invoice, skip),
      ]);
    },
  });
}
