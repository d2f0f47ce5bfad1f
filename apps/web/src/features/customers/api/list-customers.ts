import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { customersQueryKey } from '@/entities/customer/api/customer-api';
import type { CustomerListPage } from '@/entities/customer/model/customer';

export type CustomerSort = 'newest' | 'oldest' | 'name' | 'company';

export interface CustomerListFilters {
  q: string;
  customerType: string;
  source: string;
  assignedTo: string;
  sort: CustomerSort;
}

export const NO_FILTERS: CustomerListFilters = {
  q: '',
  customerType: '',
  source: '',
  assignedTo: '',
  sort: 'newest',
};

export type CustomerPage = CustomerListPage;

const PAGE_SIZE = 25;

function searchParams(filters: CustomerListFilters, cursor: string | null): string {
  const params = new URLSearchParams({ sort: filters.sort, limit: String(PAGE_SIZE) });
  if (filters.q.trim().length >= 2) params.set('q', filters.q.trim());
  if (filters.customerType) params.set('customerType', filters.customerType);
  if (filters.source) params.set('source', filters.source);
  if (filters.assignedTo) params.set('assignedTo', filters.assignedTo);
  if (cursor) params.set('cursor', cursor);
  return params.toString();
}

/** `GET /api/customers`: one page of the account's contacts (keyset pagination). */
export function listCustomers(
  filters: CustomerListFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<CustomerPage> {
  return apiRequest(`/customers?${searchParams(filters, cursor)}`, { signal });
}

export function customerListQueryOptions(filters: CustomerListFilters) {
  return infiniteQueryOptions({
    queryKey: [...customersQueryKey, 'list', filters] as const,
    queryFn: ({ pageParam, signal }) => listCustomers(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useCustomerList(filters: CustomerListFilters) {
  return useInfiniteQuery(customerListQueryOptions(filters));
}
