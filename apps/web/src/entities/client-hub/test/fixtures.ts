import type { ClientHub, ClientHubLink } from '@crewdesk/domain';

export const TOKEN = 'tok_abc';

const business = {
  name: 'Sparkle Cleaning',
  logoUrl: null,
  email: 'office@sparkle.test',
  phone: '512 555 0199',
  website: null,
  address: '100 Main St, Austin, TX 78701',
  currency: 'USD',
  locale: 'en-US',
  timeZone: 'America/Chicago',
};

export function makeLink(overrides: Partial<ClientHubLink> = {}): ClientHubLink {
  return {
    business,
    document: { kind: 'invoice', path: `/pay/${TOKEN}` },
    emailHint: 'd•••@example.test',
    phoneHint: '•••• 42',
    signedIn: false,
    ...overrides,
  };
}

export function makeHub(overrides: Partial<ClientHub> = {}): ClientHub {
  return {
    business,
    timeZone: 'America/Chicago',
    contact: {
      firstName: 'Dana',
      lastName: 'Whitfield',
      email: 'dana@example.test',
      phone: '(512) 555-0142',
      address: '12 Elm St, Austin',
    },
    sessionExpiresAt: '2026-11-20T15:30:00.000Z',
    quotes: [
      {
        id: '00000000-0000-4000-8000-000000000001',
        title: 'Spring clean',
        category: 'estimates',
        status: 'sent',
        amountCents: 24000,
        date: '2026-11-18',
        expiresAt: '2026-12-18T00:00:00.000Z',
        path: '/shared/q1',
        pdfUrl: '/api/public/shared/q1/pdf',
      },
    ],
    visits: {
      upcoming: [
        {
          id: '00000000-0000-4000-8000-000000000002',
          title: 'Deep clean visit',
          startsAt: '2026-12-01T15:00:00.000Z',
          endsAt: '2026-12-01T17:00:00.000Z',
          location: '12 Elm St',
          status: 'scheduled',
          icsUrl: '/api/public/hub/visits/00000000-0000-4000-8000-000000000002/ics',
        },
      ],
      past: [],
    },
    invoices: [
      {
        id: '00000000-0000-4000-8000-000000000003',
        number: 'INV-0042',
        issueDate: '2026-11-20',
        dueDate: '2026-12-05',
        status: 'sent',
        totalCents: 28480,
        balanceCents: 28480,
        path: `/pay/${TOKEN}`,
        pdfUrl: `/api/public/invoices/${TOKEN}/pdf`,
      },
    ],
    reports: [],
    proofs: [
      {
        title: 'Weekly clean',
        visitDate: '2026-11-18T16:00:00.000Z',
        path: '/proof/proof_tok',
      },
    ],
    services: [
      { id: 'standard-cleaning', name: 'Standard Cleaning' },
      { id: 'window-cleaning', name: 'Window Cleaning' },
    ],
    ...overrides,
  };
}
