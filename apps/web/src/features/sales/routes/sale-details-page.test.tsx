import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeMe, mockApi, renderRoute } from '@/test/utils';
import { CONTACT_ID, detail, OPP_ID, REQUEST_ID, SELLER_ID, SETTINGS } from '../test/fixtures';
import { SaleDetailsPage } from './sale-details-page';

const ok = (body: unknown) => () => ({ status: 200, body });
const OTHER_ID = '77777777-7777-4777-8777-777777777777';
const BASE = {
  [`GET /api/sales/opportunities/${OPP_ID}`]: ok(detail()),
  'GET /api/sales/owners': ok([
    { userId: SELLER_ID, name: 'Sam Seller', role: 'sales_person' },
    { userId: OTHER_ID, name: 'Olive Other', role: 'sales_person' },
  ]),
  'GET /api/sales/settings': ok(SETTINGS),
};

function renderPage() {
  return renderRoute(<SaleDetailsPage />, {
    me: makeMe({ role: 'sales_person' }),
    path: `/sales/${OPP_ID}`,
    routePath: '/sales/:id',
  });
}

describe('/sales/:id', () => {
  it('when it loads, then it shows the contact, the requests with their statuses and the timeline with who moved it', async () => {
    mockApi(BASE);
    renderPage();

    expect(
      await screen.findByRole('heading', { name: 'Ada Lovelace', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute(
      'href',
      `/customers/${CONTACT_ID}`,
    );
    expect(screen.getByRole('link', { name: 'ada@example.com' })).toBeInTheDocument();
    const request = screen.getByRole('link', { name: 'Deep clean, 3 floors' });
    expect(request).toHaveAttribute('href', `/quotes/${REQUEST_ID}`);
    expect(request.closest('li')).toHaveTextContent('Sent');

    const history = screen.getByRole('list', { name: 'History' });
    const entries = within(history).getAllByRole('listitem');
    expect(entries[0]).toHaveTextContent('Moved from New to Quoted');
    expect(entries[0]).toHaveTextContent('Automatically');
    expect(entries[1]).toHaveTextContent('Called, wants it before December');
    expect(entries[1]).toHaveTextContent('Note · Sam Seller');

    expect(screen.getByRole('link', { name: 'New estimate' })).toHaveAttribute(
      'href',
      `/quotes/new?customerId=${CONTACT_ID}`,
    );
  });

  it('when the owner and follow-up date are changed, then they are saved', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      ...BASE,
      [`PATCH /api/sales/opportunities/${OPP_ID}`]: ok(detail()),
    });
    renderPage();
    await screen.findByRole('option', { name: 'Olive Other' });
    await user.selectOptions(screen.getByLabelText('Owner'), OTHER_ID);
    const followUp = screen.getByLabelText(/Follow up by/);
    await user.clear(followUp);
    await user.type(followUp, '2026-12-01');
    await user.type(screen.getByLabelText(/Expected value/), '1500');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.key.startsWith('PATCH'))).toEqual([
        {
          key: `PATCH /api/sales/opportunities/${OPP_ID}`,
          body: {
            ownerUserId: OTHER_ID,
            followUpOn: '2026-12-01',
            expectedCloseOn: null,
            valueCents: 150000,
          },
        },
      ]),
    );
  });

  it('when a note is added, then it is sent and the page read again; an empty one is refused', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      ...BASE,
      [`POST /api/sales/opportunities/${OPP_ID}/notes`]: () => ({
        status: 201,
        body: { id: OTHER_ID, at: '2026-11-25T10:00:00.000Z' },
      }),
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add note' }));
    expect(screen.getByText('Note is required.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Add a note'), 'Sent a reminder by text');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.key.startsWith('POST'))).toEqual([
        {
          key: `POST /api/sales/opportunities/${OPP_ID}/notes`,
          body: { body: 'Sent a reminder by text' },
        },
      ]),
    );
    await waitFor(() =>
      expect(calls.filter((c) => c.key === `GET /api/sales/opportunities/${OPP_ID}`)).toHaveLength(
        2,
      ),
    );
    expect(screen.getByLabelText('Add a note')).toHaveValue('');
  });

  it('when it is marked lost, then a reason is asked for and sent with the move', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      ...BASE,
      [`POST /api/sales/opportunities/${OPP_ID}/move`]: ok(detail({ stage: 'lost' })),
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Mark lost' }));
    const dialog = await screen.findByRole('dialog', { name: 'Why was it lost?' });
    const reason = within(dialog).getByLabelText('Lost reason');
    await waitFor(() => expect(within(reason).getAllByRole('option')).toHaveLength(3));
    await user.selectOptions(reason, 'Price too high');
    await user.click(within(dialog).getByRole('button', { name: 'Mark lost' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.key.startsWith('POST'))).toEqual([
        {
          key: `POST /api/sales/opportunities/${OPP_ID}/move`,
          body: { stage: 'lost', lostReason: 'Price too high' },
        },
      ]),
    );
  });

  it('when the opportunity is not found, then it says so', async () => {
    mockApi({
      ...BASE,
      [`GET /api/sales/opportunities/${OPP_ID}`]: () => ({
        status: 404,
        body: { code: 'NOT_FOUND', message: 'Opportunity not found.' },
      }),
    });
    renderPage();
    expect(await screen.findByText('Opportunity not found')).toBeInTheDocument();
  });
});
