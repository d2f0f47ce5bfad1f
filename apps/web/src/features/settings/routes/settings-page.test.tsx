import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeMe, mockApi, renderRoute } from '@/test/utils';
import { SettingsPage } from './settings-page';

describe('SettingsPage', () => {
  it('lists the sections and opens Profile first', () => {
    renderRoute(<SettingsPage />, { me: makeMe(), path: '/settings' });
    const nav = within(screen.getByRole('navigation', { name: 'Settings sections' }));
    expect(nav.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Profile',
      'Security',
      'Notifications',
      'Business profile',
      'Team and roles',
      'Invoices',
      'Client links',
      'Inspection templates',
      'Inventory',
      'Proof of service',
      'Integrations',
      'Plan',
      'Data',
      'E-mail outbox',
    ]);
    expect(nav.getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('heading', { level: 2, name: 'Profile' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Profile' })).toBeInTheDocument();
  });

  it('when a section is picked from the list or the phone’s select, then it opens and the address says so', async () => {
    mockApi({
      'GET /api/plan': () => ({ status: 200, body: { plan: 'Free', status: 'active' } }),
      'GET /api/mail/outbox?limit=20': () => ({
        status: 200,
        body: { items: [], nextBefore: null },
      }),
    });
    const user = userEvent.setup();
    const { router } = renderRoute(<SettingsPage />, { me: makeMe(), path: '/settings' });
    await user.click(screen.getByRole('link', { name: 'Plan' }));
    expect(router.state.location.search).toBe('?section=plan');
    expect(screen.getByRole('heading', { level: 2, name: 'Plan' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Free — active' })).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Section' }), 'email-outbox');
    expect(router.state.location.search).toBe('?section=email-outbox');
    expect(await screen.findByRole('region', { name: 'No e-mail yet' })).toBeInTheDocument();
  });

  it('the team section lists what each role may open and links to the team', () => {
    renderRoute(<SettingsPage />, {
      me: makeMe({ role: 'team_leader' }),
      path: '/settings?section=team',
    });
    expect(screen.getByRole('link', { name: 'Open Team' })).toHaveAttribute('href', '/team');
    const leader = within(screen.getByRole('list', { name: 'Pages Team leader may open' }));
    expect(leader.getByText('Team').closest('li')).toHaveTextContent('(may open)');
    expect(leader.getByText('Reports').closest('li')).toHaveTextContent('(may not open)');
    const owner = within(screen.getByRole('list', { name: 'Pages Owner may open' }));
    expect(owner.queryAllByText('(may not open)')).toEqual([]);
    expect(screen.getByText('Your role')).toBeInTheDocument();
  });

  it('when the address names no known section, then Profile opens', () => {
    renderRoute(<SettingsPage />, { me: makeMe(), path: '/settings?section=nope' });
    expect(screen.getByRole('heading', { level: 2, name: 'Profile' })).toBeInTheDocument();
  });
});
