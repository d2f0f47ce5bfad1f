import type { ContactFormInput, CustomerSource, CustomerType } from '@crewdesk/domain';
import { apiRequest } from './api-client';

/** A contact (the customers table) as the API answers it. */
export interface Customer {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  company: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  latitude: number | null;
  longitude: number | null;
  customerType: CustomerType;
  source: CustomerSource;
  assignedTo: string | null;
  whatsapp: string | null;
  facebook: string | null;
  instagram: string | null;
  notes: string | null;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
  archivedAt: string | null;
}

/** What the contact dialog sends (the domain's contact form, plus notes on the details page). */
export type CustomerInput = ContactFormInput & { notes?: string };

/** The contact form's values for a saved contact (empty strings for what it lacks). */
export function customerFormValues(customer: Customer): ContactFormInput {
  return {
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email,
    phone: customer.phone,
    company: customer.company ?? '',
    customerType: customer.customerType,
    source: customer.source,
    address: customer.address ?? '',
    city: customer.city ?? '',
    state: customer.state ?? '',
    zip: customer.zip ?? '',
    latitude: customer.latitude ?? undefined,
    longitude: customer.longitude ?? undefined,
    whatsapp: customer.whatsapp ?? '',
    facebook: customer.facebook ?? '',
    instagram: customer.instagram ?? '',
    assignedTo: customer.assignedTo ?? '',
  };
}

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
