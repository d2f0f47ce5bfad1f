import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@crewdesk/domain';
import { makePayment, makeSummary } from '@/entities/invoice/test/fixtures';
import { makeVisit } from '@/entities/job/test/fixtures';
import { makeRequest } from '@/entities/request/test/fixtures';
import { makeMe, mockApi, OWNED_ACCOUNT, renderRoute } from '@/test/utils';
import { CustomerDetailsPage } from './customer-details-page';
import { makeCustomer } from '@/entities/customer/test/fixtures';

const ID = 'c-1';

const CUSTOMER = makeCustomer({
  id: ID,
});

// Noon UTC is 24 November on every device zone from UTC-11 to UTC+11.
const UPCOMING = `GET /api/jobs?customerId=${ID}&from=2026-11-24&limit=10`;
const PAST = `GET /api/jobs?customerId=${ID}&to=2026-11-23&order=latest&limit=10`;
const REQUESTS = `GET /api/requests?customerId=${ID}&limit=10`;
const INVOICES = `GET /api/invoices?customerId=${ID}&limit=10`;
const PAYMENTS = `GET /api/payments?customerId=${ID}&limit=10`;
const BALANCE = `GET /api/customers/${ID}/balance`;

const page = <T,>(items: T[], nextCursor: string | null = null) => ({
  status: 200,
  body: { items, nextCursor, total: items.length },
});
const invoicePage = (items: unknown[]) => ({
  status: 200,
  body: {
    items,
    nextCursor: null,
    totals: { outstandingCents: 0, outstandingCount: 0, overdueCents: 0, overdueCount: 0 },
  },
});

const baseApi = {
  [`GET /api/customers/${ID}`]: () => ({ status: 200, body: CUSTOMER }),
  'GET /api/team/employees/options': () => ({ status: 200, body: [] }),
};

/** Every panel answers empty, and nothing is owed. */
const emptyApi = {
  ...baseApi,
  [BALANCE]: () => ({
    status: 200,
    body: { balanceCents: 0, openCount: 0, overdueCents: 0, overdueCount: 0 },
  }),
  [REQUESTS]: () => page([]),
  [UPCOMING]: () => page([]),
  [PAST]: () => page([]),
  [INVOICES]: () => invoicePage([]),
  [PAYMENTS]: () => page([]),
};

function renderPage(role: Role = 'owner') {
  return renderRoute(<CustomerDetailsPage />, {
    // A business in Chicago: its today decides which visits are upcoming, not the device's.
    me: makeMe({ role, accounts: [{ ...OWNED_ACCOUNT, time_zone: 'America/Chicago' }] }),
    path: `/customers/${ID}`,
    routePath: '/customers/:id',
  });
}

const panel = (name: string) => screen.findByRole('region', { name });

describe('CustomerDetailsPage: the contact’s work', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 9 p.m. on 24 November in Chicago: already the 25th in UTC and east of it.
    vi.setSystemTime(new Date('2026-11-25T03:00:00.000Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('when the contact owes money and has work, then the balance and each panel’s rows link to their records', async () => {
    mockApi({
      ...emptyApi,
      [BALANCE]: () => ({
        status: 200,
        body: { balanceCents: 34000, openCount: 2, overdueCents: 10000, overdueCount: 1 },
      }),
      [REQUESTS]: () => page([makeRequest({ id: 'r-1', client: 'Ann Lee', status: 'sent' })]),
      [UPCOMING]: () => page([makeVisit({ id: 'j-next', title: 'Spring clean' })]),
      [PAST]: () => page([makeVisit({ id: 'j-done', title: 'Move-out clean' })]),
      [INVOICES]: () => invoicePage([makeSummary({ id: 'i-1', number: 'INV-0042' })]),
      [PAYMENTS]: () => page([makePayment({ id: 'p-1', paidOn: '2026-11-22' })]),
    });
    renderPage();

    expect(
      await screen.findByText('$340.00 owed on 2 invoices · $100.00 overdue'),
    ).toBeInTheDocument();
    const links: [string, string, string][] = [
      ['Requests', 'Ann Lee', '/quotes/r-1'],
      ['Upcoming visits', 'Spring clean', '/jobs/j-next'],
      ['Past visits', 'Move-out clean', '/jobs/j-done'],
      ['Invoices', 'INV-0042', '/invoices/i-1'],
      ['Payments', 'Nov 22, 2026', '/invoices/payments/p-1'],
    ];
    for (const [title, name, href] of links) {
      const table = await within(await panel(title)).findByRole('table');
      expect(within(table).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    const invoices = within(await panel('Invoices')).getByRole('table');
    expect(within(invoices).getAllByText('$284.80')).toHaveLength(2);
  });

  it('when the contact has no work, then each panel says so and nothing is owed', async () => {
    mockApi(emptyApi);
    renderPage();

    expect(await screen.findByText('Nothing owed')).toBeInTheDocument();
    expect(
      await within(await panel('Requests')).findByText(
        'No estimates, quotes or proposals for this contact yet.',
      ),
    ).toBeInTheDocument();
    expect(
      await within(await panel('Upcoming visits')).findByText(
        'No visits planned for this contact.',
      ),
    ).toBeInTheDocument();
    expect(
      await within(await panel('Payments')).findByText('No payments from this contact yet.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/will be listed here when/)).not.toBeInTheDocument();
  });

  it('when a panel’s list fails, then that panel says so and offers to try again', async () => {
    mockApi({
      ...emptyApi,
      [INVOICES]: () => ({ status: 500, body: { error: 'Internal', message: 'Database down' } }),
    });
    renderPage();

    const invoices = await panel('Invoices');
    expect(await within(invoices).findByText(/Could not load the invoices/)).toBeInTheDocument();
    expect(within(invoices).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(
      await within(await panel('Payments')).findByText('No payments from this contact yet.'),
    ).toBeInTheDocument();
  });

  it('when a panel has more pages, then Load more asks for the next with the cursor', async () => {
    mockApi({
      ...emptyApi,
      [PAYMENTS]: () => page([makePayment({ id: 'p-1', reference: 'Check 1001' })], 'cur-2'),
      [`${PAYMENTS}&cursor=cur-2`]: () =>
        page([makePayment({ id: 'p-2', reference: 'Check 1002' })]),
    });
    const user = userEvent.setup();
    renderPage();

    const payments = await panel('Payments');
    const table = await within(payments).findByRole('table');
    expect(within(table).getByText('Check 1001')).toBeInTheDocument();
    await user.click(within(payments).getByRole('button', { name: 'Load more' }));
    expect(await within(table).findByText('Check 1002')).toBeInTheDocument();
    expect(within(payments).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('when a sales person opens the contact, then the visits are not shown nor asked for', async () => {
    const { [UPCOMING]: _upcoming, [PAST]: _past, ...salesApi } = emptyApi;
    mockApi(salesApi);
    renderPage('sales_person');

    expect(await panel('Requests')).toBeInTheDocument();
    expect(await panel('Invoices')).toBeInTheDocument();
    expect(await screen.findByText('Nothing owed')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Upcoming visits' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Past visits' })).not.toBeInTheDocument();
  });
});
