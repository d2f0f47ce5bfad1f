import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeMe, mockApi, renderRoute } from '@/test/utils';
import { board, OPP_ID, opportunity, SETTINGS } from '../test/fixtures';
import { SalesPage } from './sales-pages';

const ok = (body: unknown) => () => ({ status: 200, body });
const SOURCE_TO_CASH = {
  rows: [
    {
      source: 'request_form',
      label: 'Request form',
      opportunities: 4,
      won: 1,
      lost: 1,
      winRatePercent: 50,
      medianDaysToFirstVisit: 3.5,
      collectedCents: 45000,
    },
  ],
  total: {
    opportunities: 4,
    won: 1,
    lost: 1,
    winRatePercent: 50,
    medianDaysToFirstVisit: 3.5,
    collectedCents: 45000,
  },
  definitions: {
    opportunities: 'Opportunities opened from this source in the period.',
    winRate: 'Won ÷ (won + lost): opportunities still open do not count yet.',
    medianDaysToFirstVisit: 'Median whole days from the inquiry to the first visit.',
    collected: 'Payments recorded so far.',
  },
};
const card = opportunity();
const quoted = opportunity({
  id: '55555555-5555-4555-8555-555555555555',
  title: 'Window cleaning',
  contact: { id: '66666666-6666-4666-8666-666666666666', name: 'Grace Hopper' },
  stage: 'quoted',
  valueCents: 50000,
  probability: 50,
  weightedCents: 25000,
  owner: null,
  source: 'referral',
  followUpOn: null,
  followUpOverdue: false,
  needsNudge: true,
  daysInStage: 0,
});
const BASE = {
  'GET /api/sales/board': ok(board([card, quoted])),
  'GET /api/sales/owners': ok([
    { userId: card.owner!.userId, name: 'Sam Seller', role: 'sales_person' },
  ]),
  'GET /api/sales/settings': ok(SETTINGS),
  'GET /api/sales/source-to-cash': ok(SOURCE_TO_CASH),
};

function column(name: RegExp) {
  return screen.getByRole('region', { name });
}

describe('/sales', () => {
  it('when the board loads, then each column shows its count, total and weighted total, and each card its details', async () => {
    mockApi(BASE);
    renderRoute(<SalesPage />, { me: makeMe({ role: 'manager' }), path: '/sales' });

    const fresh = await screen.findByRole('region', { name: /New/ });
    expect(within(fresh).getByText('Total').nextSibling).toHaveTextContent('$1,200.00');
    expect(within(fresh).getByText('Weighted (10%)').nextSibling).toHaveTextContent('$120.00');
    const newCard = within(fresh).getByRole('link', { name: 'Ada Lovelace' }).closest('li')!;
    expect(newCard).toHaveTextContent('$1,200.00Request formSam Seller');
    expect(newCard).toHaveTextContent('5 days in this stage');
    expect(newCard).toHaveTextContent('Follow up by Nov 22, 2026(overdue)');
    expect(within(fresh).getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute(
      'href',
      `/sales/${OPP_ID}`,
    );

    const quotedColumn = column(/Quoted/);
    expect(within(quotedColumn).getByText('Weighted (50%)').nextSibling).toHaveTextContent(
      '$250.00',
    );
    const quotedCard = within(quotedColumn)
      .getByRole('link', { name: 'Grace Hopper' })
      .closest('li')!;
    expect(quotedCard).toHaveTextContent('$500.00ReferralNo owner');
    expect(quotedCard).toHaveTextContent('Today in this stage');
    expect(quotedCard).toHaveTextContent('Needs a nudge');
    expect(within(column(/Won/)).getByText('No opportunities in Won.')).toBeInTheDocument();
  });

  it('when a manager opens it, then source to cash shows each figure under a short header, with its definition in how they are counted', async () => {
    mockApi(BASE);
    renderRoute(<SalesPage />, { me: makeMe({ role: 'manager' }), path: '/sales' });
    const table = await screen.findByRole('table', { name: 'Source to cash per lead source' });
    // The header is the figure's name alone: no definition stretching the column.
    expect(within(table).getByRole('columnheader', { name: 'Win rate' })).toBeInTheDocument();
    const row = within(table).getByRole('row', { name: /Request form/ });
    expect(row).toHaveTextContent('Request form450%3.5$450.00');
    const counted = screen.getByText('How these are counted').closest('details')!;
    expect(within(counted).getByText(/Won ÷ \(won \+ lost\)/)).toBeInTheDocument();
    // On a phone, a card per source instead of a table wider than the screen.
    const cards = screen.getByRole('list', { name: 'Source to cash per lead source' });
    expect(within(cards).getAllByRole('listitem').at(-1)).toHaveTextContent('All sources');
  });

  it('when a sales person opens it, then neither source to cash nor the settings are offered', async () => {
    const { calls } = mockApi(BASE);
    renderRoute(<SalesPage />, { me: makeMe({ role: 'sales_person' }), path: '/sales' });
    await screen.findByRole('region', { name: /New/ });
    expect(screen.queryByRole('button', { name: 'Pipeline settings' })).not.toBeInTheDocument();
    expect(screen.queryByText('Source to cash')).not.toBeInTheDocument();
    expect(calls.map((c) => c.key)).not.toContain('GET /api/sales/source-to-cash');
  });

  it('when a card is moved with its Move menu, then the move is sent and the board read again', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      ...BASE,
      [`POST /api/sales/opportunities/${OPP_ID}/move`]: ok({ ...card, stage: 'contacted' }),
    });
    renderRoute(<SalesPage />, { me: makeMe({ role: 'manager' }), path: '/sales' });

    await user.click(await screen.findByRole('button', { name: 'Move Ada Lovelace to…' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Contacted' }));

    await waitFor(() =>
      expect(calls.filter((c) => c.key.startsWith('POST'))).toEqual([
        { key: `POST /api/sales/opportunities/${OPP_ID}/move`, body: { stage: 'contacted' } },
      ]),
    );
    await waitFor(() =>
      expect(calls.filter((c) => c.key === 'GET /api/sales/board')).toHaveLength(2),
    );
  });

  it('when a card is moved to Lost, then a reason from the business’s list is required first', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      ...BASE,
      [`POST /api/sales/opportunities/${OPP_ID}/move`]: ok({ ...card, stage: 'lost' }),
    });
    renderRoute(<SalesPage />, { me: makeMe({ role: 'manager' }), path: '/sales' });

    await user.click(await screen.findByRole('button', { name: 'Move Ada Lovelace to…' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Lost' }));
    const dialog = await screen.findByRole('dialog', { name: 'Why was it lost?' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark lost' }));
    expect(within(dialog).getByText('Choose why it was lost.')).toBeInTheDocument();
    expect(calls.some((c) => c.key.startsWith('POST'))).toBe(false);

    const reason = within(dialog).getByLabelText('Lost reason');
    await waitFor(() => expect(within(reason).getAllByRole('option')).toHaveLength(3));
    await user.selectOptions(reason, 'Went with a competitor');
    await user.click(within(dialog).getByRole('button', { name: 'Mark lost' }));

    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Why was it lost?' })).not.toBeInTheDocument(),
    );
    expect(calls.filter((c) => c.key.startsWith('POST'))).toEqual([
      {
        key: `POST /api/sales/opportunities/${OPP_ID}/move`,
        body: { stage: 'lost', lostReason: 'Went with a competitor' },
      },
    ]);
  });

  it('when a card is dragged onto another column, then it moves there', async () => {
    const { calls } = mockApi({
      ...BASE,
      [`POST /api/sales/opportunities/${OPP_ID}/move`]: ok({ ...card, stage: 'won' }),
    });
    renderRoute(<SalesPage />, { me: makeMe({ role: 'manager' }), path: '/sales' });
    const cardItem = (await screen.findByRole('link', { name: 'Ada Lovelace' })).closest('li')!;
    const data = new Map<string, string>();
    const dataTransfer = {
      get types() {
        return [...data.keys()];
      },
      setData: (type: string, value: string) => data.set(type, value),
      getData: (type: string) => data.get(type) ?? '',
      effectAllowed: 'all',
      dropEffect: 'none',
    };
    fireEvent.dragStart(cardItem, { dataTransfer });
    fireEvent.dragOver(column(/Won/), { dataTransfer });
    fireEvent.drop(column(/Won/), { dataTransfer });

    await waitFor(() =>
      expect(calls.filter((c) => c.key.startsWith('POST'))).toEqual([
        { key: `POST /api/sales/opportunities/${OPP_ID}/move`, body: { stage: 'won' } },
      ]),
    );
  });

  it('when filters are chosen, then the board asks for them', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      ...BASE,
      'GET /api/sales/board?source=referral': ok(board([quoted])),
      'GET /api/sales/board?source=referral&overdue=true': ok(board([])),
      // Each keystroke of "250" asks once.
      'GET /api/sales/board?source=referral&minValueCents=200&overdue=true': ok(board([])),
      'GET /api/sales/board?source=referral&minValueCents=2500&overdue=true': ok(board([])),
      'GET /api/sales/board?source=referral&minValueCents=25000&overdue=true': ok(board([])),
    });
    renderRoute(<SalesPage />, { me: makeMe({ role: 'manager' }), path: '/sales' });
    await user.selectOptions(await screen.findByLabelText('Source'), 'referral');
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Ada Lovelace' })).not.toBeInTheDocument(),
    );
    await user.click(screen.getByRole('checkbox', { name: 'Overdue follow-up' }));
    await user.type(screen.getByLabelText('Value from ($)'), '250');
    await waitFor(() =>
      expect(calls.map((c) => c.key)).toContain(
        'GET /api/sales/board?source=referral&minValueCents=25000&overdue=true',
      ),
    );
    expect(await screen.findByText('No opportunities in Quoted.')).toBeInTheDocument();
  });

  it('when the list view is chosen, then the same opportunities show as a paged table', async () => {
    const user = userEvent.setup();
    mockApi({
      ...BASE,
      'GET /api/sales/opportunities?limit=25': ok({
        items: [card],
        total: 2,
        totalCapped: false,
        nextCursor: 'c1',
      }),
      'GET /api/sales/opportunities?limit=25&cursor=c1': ok({
        items: [quoted],
        total: 2,
        totalCapped: false,
        nextCursor: null,
      }),
    });
    const { router } = renderRoute(<SalesPage />, {
      me: makeMe({ role: 'manager' }),
      path: '/sales',
    });
    await user.click(await screen.findByRole('button', { name: 'List' }));
    expect(router.state.location.search).toBe('?view=list');
    const table = await screen.findByRole('table', { name: 'Opportunities' });
    expect(within(table).getByRole('link', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByText('Showing 1 of 2 opportunities')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(table).findByRole('link', { name: 'Grace Hopper' })).toBeInTheDocument();
  });

  it('when a link names the list, owner and stage, then the list opens filtered by them', async () => {
    const { calls } = mockApi({
      ...BASE,
      'GET /api/sales/board?owner=me': ok(board([quoted])),
      'GET /api/sales/opportunities?owner=me&stage=quoted&limit=25': ok({
        items: [quoted],
        total: 1,
        totalCapped: false,
        nextCursor: null,
      }),
    });
    renderRoute(<SalesPage />, {
      me: makeMe({ role: 'sales_person' }),
      path: '/sales?view=list&owner=me&stage=quoted',
    });
    const table = await screen.findByRole('table', { name: 'Opportunities' });
    expect(within(table).getByRole('link', { name: 'Grace Hopper' })).toBeInTheDocument();
    expect(screen.getByLabelText('Stage')).toHaveValue('quoted');
    expect(calls.map((c) => c.key)).toContain(
      'GET /api/sales/opportunities?owner=me&stage=quoted&limit=25',
    );
  });

  it('when another link opens while the list is shown, then its filters replace the first', async () => {
    const { calls } = mockApi({
      ...BASE,
      'GET /api/sales/board?owner=me': ok(board([quoted])),
      'GET /api/sales/board?owner=me&overdue=true': ok(board([quoted])),
      'GET /api/sales/opportunities?owner=me&stage=quoted&limit=25': ok({
        items: [quoted],
        total: 1,
        totalCapped: false,
        nextCursor: null,
      }),
      'GET /api/sales/opportunities?owner=me&overdue=true&limit=25': ok({
        items: [quoted],
        total: 1,
        totalCapped: false,
        nextCursor: null,
      }),
    });
    const { router } = renderRoute(<SalesPage />, {
      me: makeMe({ role: 'sales_person' }),
      path: '/sales?view=list&owner=me&stage=quoted',
    });
    await screen.findByRole('table', { name: 'Opportunities' });
    expect(screen.getByLabelText('Stage')).toHaveValue('quoted');

    await act(() => router.navigate('/sales?view=list&owner=me&overdue=true'));
    await waitFor(() =>
      expect(calls.map((c) => c.key)).toContain(
        'GET /api/sales/opportunities?owner=me&overdue=true&limit=25',
      ),
    );
    expect(screen.getByLabelText('Stage')).toHaveValue('');
  });

  it('when the board fails to load, then the error is shown with a retry', async () => {
    mockApi({
      ...BASE,
      'GET /api/sales/board': () => ({ status: 500, body: { code: 'INTERNAL', message: '' } }),
    });
    renderRoute(<SalesPage />, { me: makeMe({ role: 'manager' }), path: '/sales' });
    expect(await screen.findByText('Could not load the pipeline')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /try again|retry/i })).toBeInTheDocument();
  });

  it('when there is no opportunity at all, then the empty state explains where they come from', async () => {
    mockApi({ ...BASE, 'GET /api/sales/board': ok(board([])) });
    renderRoute(<SalesPage />, { me: makeMe({ role: 'sales_person' }), path: '/sales' });
    expect(await screen.findByText('No opportunities yet')).toBeInTheDocument();
  });
});
