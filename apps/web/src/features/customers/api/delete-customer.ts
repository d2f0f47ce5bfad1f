import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { customerQueryKey, customersQueryKey } from '@/entities/customer/api/customer-api';

import type { CustomerDeleteAnswer } from '@/entities/customer/model/customer';

export type DeleteOutcome = CustomerDeleteAnswer;

export function deleteCustomer(id: string): Promise<DeleteOutcome> {
  return apiRequest(`/customers/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCustomer,
    onSuccess: async (_outcome, id) => {
      // The deleted contact's own page is being left: asking for it again would only answer 404.
      const detail = customerQueryKey(id);
      await queryClient.cancelQueries({ queryKey: detail });
      queryClient.removeQueries({ queryKey: detail });
      await queryClient.invalidateQueries({ queryKey: customersQueryKey });
    },
  });
}
