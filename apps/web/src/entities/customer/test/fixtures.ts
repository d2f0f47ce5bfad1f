import type { Customer } from '../model/customer';

/** A contact as the API answers it, with only a name, an e-mail and a phone; tests add the rest. */
export function makeCustomer(overrides: Partial<Customer> = {}): Customer {
  return {
    id: 'c-1',
    firstName: 'Ann',
    lastName: 'Lee',
    email: 'ann@example.test',
    phone: '555 010 0100',
    company: null,
    address: null,
    city: null,
    state: null,
    zip: null,
    latitude: null,
    longitude: null,
    customerType: 'residential',
    source: 'website',
    assignedTo: null,
    whatsapp: null,
    facebook: null,
    instagram: null,
    notes: null,
    createdBy: 'user-1',
    createdAt: '2026-11-21T10:00:00.000Z',
    updatedAt: '2026-11-21T10:00:00.000Z',
    archivedAt: null,
    ...overrides,
  };
}
