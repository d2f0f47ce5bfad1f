import { apiRequest } from '@/lib/api-client';
import type { Customer, CustomerInput } from '../model/customer';

/** Every contact query lives under this key: saving a contact refreshes them all. */
export const customersQueryKey = ['customers'] as const;

export function customerQueryKey(id: string) {
  return [...customersQueryKey, 'detail', id] as const;
}

export function createCustomer(input: CustomerInput): Promise<Customer> {
  return apiRequest('/customers', { method: 'POST', body: input });
}

export function updateCustomer(id: string, input: CustomerInput): Promise<Customer> {
  return apiRequest(`/customers/${encodeURIComponent(id)}`, { method: 'PUT', body: input });
}

export function getCustomer(id: string, signal?: AbortSignal): Promise<Customer> {
  return apiRequest(`/customers/${encodeURIComponent(id)}`, { signal });
}

export function searchCustomers(q: string, signal?: AbortSignal): Promise<Customer[]> {
  return apiRequest(`/customers/search?${new URLSearchParams({ q }).toString()}`, { signal });
}

export function recentCustomers(signal?: AbortSignal): Promise<Customer[]> {
  return apiRequest('/customers/recent', { signal });
}

// Under the contacts key: saving a contact invalidates them, so the recent list reloads.
export const customerSearchQueryKey = (accountId: string | null, term: string) =>
  [...customersQueryKey, 'search', accountId, term] as const;

export const recentCustomersQueryKey = (accountId: string | null) =>
  [...customersQueryKey, 'recent', accountId] as const;
