import { queryOptions, useQuery } from '@tanstack/react-query';
import { customerQueryKey, getCustomer } from '@/entities/customer/api/customer-api';

export function customerQueryOptions(id: string) {
  return queryOptions({
    queryKey: customerQueryKey(id),
    queryFn: ({ signal }) => getCustomer(id, signal),
  });
}

export function useCustomer(id: string) {
  return useQuery(customerQueryOptions(id));
}
