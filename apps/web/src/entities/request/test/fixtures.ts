import type { RequestDetail } from '@crewdesk/domain';

/** A saved request as the API answers it (an estimate by default). */
export function makeRequest(overrides: Partial<RequestDetail> = {}): RequestDetail {
  return {
    id: '6f1c2a52-0d6e-4c43-9d55-0b7f6f1d2c01',
    title: 'Estimate for Ann Lee',
    description: null,
    client: 'Ann Lee',
    clientEmail: 'ann@example.test',
    clientPhone: '555 010 0100',
    customerId: null,
    customer: null,
    amountCents: 9500,
    date: '2026-11-21',
    status: 'unopened',
    type: 'estimate',
    proposalType: null,
    category: 'estimates',
    details: {
      propertyType: 'residential',
      squareFootage: 1000,
      frequency: 'one-time',
      numberOfRooms: 1,
      numberOfBathrooms: 1,
      additionalServices: [],
      clientName: 'Ann Lee',
      email: 'ann@example.test',
      phone: '555 010 0100',
    },
    shareToken: '0b6f7c1e-5d0a-4c1b-8f3e-2a9d4e6b7c80',
    expiresAt: '2026-12-21T10:00:00.000Z',
    emailSent: false,
    sharedAt: null,
    createdBy: 'user-1',
    createdAt: '2026-11-21T10:00:00.000Z',
    updatedAt: '2026-11-21T10:00:00.000Z',
    options: null,
    acceptance: null,
    decline: null,
    viewedAt: null,
    jobs: [],
    invoiceId: null,
    events: [
      {
        id: 'e-1',
        kind: 'created',
        detail: { amountCents: 9500 },
        createdAt: '2026-11-21T10:00:00.000Z',
      },
    ],
    ...overrides,
  };
}
