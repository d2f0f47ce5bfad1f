import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeMe, mockApi, renderRoute } from '@/test/utils';
import { CommandPalette } from './command-palette';

const q = (path: string, term: string) =>
  `GET /api${path}?${new URLSearchParams({ q: term, limit: '5' }).toString()}`;

describe('CommandPalette', () => {
  it('when an owner types a screen, then it is offered and Enter opens it', async () => {
    const user = userEvent.setup();
    const { router } = renderRoute(<CommandPalette open onOpenChange={() => {}} />, {
      me: makeMe(),
      routes: [{ path: '/reports', element: <p>Reports page</p> }],
    });
    await user.type(await screen.findByRole('combobox'), 'Repo');
    expect(screen.getByRole('option', { name: 'Reports' })).toBeInTheDocument();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/reports'));
  });

  it('when a team member opens it, then the screens of other roles are not offered', async () => {
    renderRoute(<CommandPalette open onOpenChange={() => {}} />, {
      me: makeMe({ role: 'team_member' }),
    });
    expect(await screen.findByRole('option', { name: 'Schedule' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Reports' })).not.toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Invoices' })).not.toBeInTheDocument();
  });

  it('when two letters of a record are typed, then the lists it may see are searched and a match opens', async () => {
    mockApi({
      [q('/customers/search', 'Mei')]: () => ({
        status: 200,
        body: [
          { id: 'c1', firstName: 'Mei', lastName: 'Sullivan', company: null, email: 'mei@x.test' },
        ],
      }),
      [q('/requests', 'Mei')]: () => ({ status: 200, body: { items: [] } }),
      [q('/jobs', 'Mei')]: () => ({ status: 403, body: { code: 'FORBIDDEN', message: 'No.' } }),
      [q('/invoices', 'Mei')]: () => ({
        status: 200,
        body: { items: [{ id: 'i1', number: 'INV-0042', clientName: 'Mei Sullivan' }] },
      }),
    });
    const user = userEvent.setup();
    const { router } = renderRoute(<CommandPalette open onOpenChange={() => {}} />, {
      me: makeMe(),
      routes: [{ path: '/invoices/:id', element: <p>Invoice page</p> }],
    });
    await user.type(await screen.findByRole('combobox'), 'Mei');
    expect(await screen.findByRole('option', { name: /^Mei Sullivan/ })).toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: /INV-0042/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invoices/i1'));
  });
});
