import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { cellTexts, makeMe, mockApi, renderRoute } from '@/test/utils';
import { makeCustomer } from '@/entities/customer/test/fixtures';
import { makeRequest } from '@/entities/request/test/fixtures';
import { EstimatesTab, NewQuotePage, ProposalsTab, QuotesLayout } from './quotes-pages';

afterEach(() => {
  toast.dismiss();
});

const FIRST = 'GET /api/requests?category=estimates&limit=25';

function request(n: number) {
  return makeRequest({
    id: `00000000-0000-4000-8000-00000000000${n}`,
    client: `Client ${n}`,
    title: `Estimate for Client ${n}`,
    amountCents: 10000 + n * 1234,
    status: n === 2 ? 'accepted' : 'unopened',
  });
}

describe('Requests lists', () => {
  it('when the address names a status (a home tile), then the list starts filtered by it', async () => {
    const api = mockApi({
      [`${FIRST}&status=unopened`]: () => ({ status: 200, body: { items: [], nextCursor: null } }),
    });
    renderRoute(<EstimatesTab />, { me: makeMe(), path: '/quotes/estimates?status=unopened' });
    await waitFor(() => expect(api.calls.map((c) => c.key)).toEqual([`${FIRST}&status=unopened`]));
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('unopened');
  });

  it('when the account has estimates, then they are listed newest first with the next page on demand', async () => {
    mockApi({
      [FIRST]: () => ({ status: 200, body: { items: [request(1), request(2)], nextCursor: 'c2' } }),
      [`${FIRST}&cursor=c2`]: () => ({
        status: 200,
        body: { items: [request(3)], nextCursor: null },
      }),
    });
    const user = userEvent.setup();
    renderRoute(<EstimatesTab />, { me: makeMe(), path: '/quotes' });
    const table = await screen.findByRole('table', { name: 'Estimates' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(cellTexts(rows)).toEqual([
      ['Client 1', 'Estimate for Client 1', '$112.34', 'Unopened', 'Nov 21, 2026', 'Dec 21, 2026'],
      ['Client 2', 'Estimate for Client 2', '$124.68', 'Accepted', 'Nov 21, 2026', 'Dec 21, 2026'],
    ]);
    expect(within(table).getByRole('link', { name: 'Client 1' })).toHaveAttribute(
      'href',
      '/quotes/00000000-0000-4000-8000-000000000001',
    );
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(table).findByText('Client 3')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('when a row is clicked, then its detail page opens', async () => {
    mockApi({ [FIRST]: () => ({ status: 200, body: { items: [request(1)], nextCursor: null } }) });
    const user = userEvent.setup();
    const { router } = renderRoute(<EstimatesTab />, { me: makeMe(), path: '/quotes' });
    const table = await screen.findByRole('table', { name: 'Estimates' });
    await user.click(within(table).getByText('$112.34'));
    expect(router.state.location.pathname).toBe('/quotes/00000000-0000-4000-8000-000000000001');
  });

  it('when a search and a status are chosen, then the list asks for them', async () => {
    const api = mockApi({
      [FIRST]: () => ({ status: 200, body: { items: [request(1)], nextCursor: null } }),
      [`${FIRST}&status=accepted`]: () => ({
        status: 200,
        body: { items: [], nextCursor: null },
      }),
      [`${FIRST}&q=ann&status=accepted`]: () => ({
        status: 200,
        body: { items: [request(2)], nextCursor: null },
      }),
    });
    const user = userEvent.setup();
    renderRoute(<EstimatesTab />, { me: makeMe(), path: '/quotes' });
    await screen.findByRole('table', { name: 'Estimates' });
    await user.selectOptions(screen.getByLabelText('Status'), 'accepted');
    expect(await screen.findByText('No matching estimates')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Search'), 'ann');
    expect(
      await screen.findByText('Estimate for Client 2', { selector: 'td' }),
    ).toBeInTheDocument();
    expect(api.calls.map((c) => c.key)).toContain(`${FIRST}&q=ann&status=accepted`);
  });

  it('when there are no estimates, then the empty state offers New estimate, which opens the calculator', async () => {
    mockApi({ [FIRST]: () => ({ status: 200, body: { items: [], nextCursor: null } }) });
    const user = userEvent.setup();
    renderRoute(<EstimatesTab />, { me: makeMe(), path: '/quotes' });
    const empty = await screen.findByRole('region', { name: 'No estimates yet' });
    await user.click(within(empty).getByRole('button', { name: 'New estimate' }));
    expect(screen.getByRole('dialog', { name: 'New Estimate' })).toBeInTheDocument();
  });

  it('when loading fails, then Error shows with the server’s message', async () => {
    mockApi({
      'GET /api/requests?category=proposals&limit=25': () => ({
        status: 403,
        body: { code: 'FORBIDDEN', message: 'You do not have the required permissions.' },
      }),
    });
    renderRoute(<ProposalsTab />, { me: makeMe(), path: '/quotes/proposals' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error');
    expect(alert).toHaveTextContent('You do not have the required permissions.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('when loading fails without a message, then it says Failed to load requests', async () => {
    mockApi({ [FIRST]: () => ({ status: 500 }) });
    renderRoute(<EstimatesTab />, { me: makeMe(), path: '/quotes' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load requests');
  });

  it('when a team member opens Requests, then Proposals is locked', () => {
    mockApi({});
    renderRoute(<QuotesLayout />, { me: makeMe({ role: 'team_member' }), path: '/quotes' });
    const tabs = within(screen.getByRole('navigation', { name: 'Request types' }));
    expect(tabs.getByRole('link', { name: 'Estimates' })).toHaveAttribute('aria-current', 'page');
    expect(tabs.queryByRole('link', { name: 'Proposals' })).not.toBeInTheDocument();
    expect(tabs.getByLabelText('locked')).toBeInTheDocument();
  });
});

describe('NewQuotePage', () => {
  it('when /quotes/new?type=quote opens, then the calculator is in quote mode and closing returns to the quotes', async () => {
    mockApi({
      'GET /api/requests?category=quotes&limit=25': () => ({
        status: 200,
        body: { items: [], nextCursor: null },
      }),
    });
    const user = userEvent.setup();
    const { router } = renderRoute(<NewQuotePage />, {
      me: makeMe(),
      path: '/quotes/new?type=quote',
    });
    expect(screen.getByRole('dialog', { name: 'New Quote' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(router.state.location.pathname).toBe('/quotes/quotes');
  });

  it('when /quotes/new?customerId= opens, then the estimate starts with that contact as the client', async () => {
    const customer = makeCustomer({
      id: '99999999-9999-4999-8999-999999999999',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phone: '555-0100',
    });
    mockApi({
      [FIRST]: () => ({ status: 200, body: { items: [], nextCursor: null } }),
      [`GET /api/customers/${customer.id}`]: () => ({ status: 200, body: customer }),
    });
    const user = userEvent.setup();
    renderRoute(<NewQuotePage />, {
      me: makeMe(),
      path: `/quotes/new?customerId=${customer.id}`,
    });
    const dialog = screen.getByRole('dialog', { name: 'New Estimate' });
    await user.click(within(dialog).getByRole('button', { name: 'Client Info' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Client name')).toHaveValue('Ada Lovelace'),
    );
    expect(within(dialog).getByLabelText(/^Email/)).toHaveValue('ada@example.com');
  });

  it('when /quotes/new opens, then it is an estimate and closing returns to /quotes', async () => {
    mockApi({ [FIRST]: () => ({ status: 200, body: { items: [], nextCursor: null } }) });
    const user = userEvent.setup();
    const { router } = renderRoute(<NewQuotePage />, { me: makeMe(), path: '/quotes/new' });
    expect(screen.getByRole('dialog', { name: 'New Estimate' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(router.state.location.pathname).toBe('/quotes');
  });

  it('when a team member asks for a proposal, then an estimate is priced instead', () => {
    mockApi({ [FIRST]: () => ({ status: 200, body: { items: [], nextCursor: null } }) });
    renderRoute(<NewQuotePage />, {
      me: makeMe({ role: 'team_member' }),
      path: '/quotes/new?type=proposal',
    });
    expect(screen.getByRole('dialog', { name: 'New Estimate' })).toBeInTheDocument();
  });
});
