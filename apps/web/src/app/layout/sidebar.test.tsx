import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage';
import { makeMe, renderRoute } from '@/test/utils';
import { Sidebar } from './sidebar';
import { useSidebarCollapsed } from './use-sidebar-collapsed';

function SidebarWithState() {
  const [collapsed, toggle] = useSidebarCollapsed();
  return <Sidebar collapsed={collapsed} onToggle={toggle} showMore />;
}

const ORDER = [
  'Home',
  'Reports',
  'Schedule',
  'Sales',
  'Requests',
  'Jobs',
  'Invoices',
  'Contacts',
  'Team',
  'Inventory',
];

function navOf() {
  return within(screen.getByRole('navigation', { name: 'Main' }));
}

describe('Sidebar', () => {
  it('when the owner is signed in, then every entry is a link, in the spec table’s order and groups', () => {
    renderRoute(<SidebarWithState />, { me: makeMe({ role: 'owner' }) });

    const links = navOf().getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(ORDER);
    expect(navOf().getByRole('link', { name: 'Contacts' })).toHaveAttribute('href', '/customers');
    expect(navOf().getByRole('link', { name: 'Requests' })).toHaveAttribute('href', '/quotes');
    expect(
      within(screen.getByRole('group', { name: 'OPERATE' }))
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Sales', 'Requests', 'Jobs', 'Invoices']);
    expect(
      within(screen.getByRole('group', { name: 'MANAGE' }))
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Contacts', 'Team', 'Inventory']);
  });

  it('when the owner is signed in, then time tracking, inspections, notifications and the assistant follow in a menu of their own', async () => {
    renderRoute(<SidebarWithState />, { me: makeMe({ role: 'owner' }) });

    const more = within(await screen.findByRole('navigation', { name: 'More' }));
    expect(
      more.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Time tracking', '/time-tracking'],
      ['Inspections', '/inspections'],
      ['Notifications', '/notifications'],
      ['AI assistant', '/ai-assistant'],
    ]);
  });

  it('when a sales person is signed in, then only the screens they may open are added, none locked', async () => {
    renderRoute(<SidebarWithState />, { me: makeMe({ role: 'sales_person' }) });

    const more = within(await screen.findByRole('navigation', { name: 'More' }));
    expect(more.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Notifications',
      'AI assistant',
    ]);
    expect(more.queryByText('Time tracking')).not.toBeInTheDocument();
  });

  it('when a team member is signed in, then the entries they may not open are dimmed, locked and not links', async () => {
    const { router } = renderRoute(<SidebarWithState />, {
      me: makeMe({ role: 'team_member' }),
      path: '/schedule',
    });

    for (const title of ['Home', 'Schedule', 'Requests', 'Jobs']) {
      expect(navOf().getByRole('link', { name: title })).toHaveAttribute('href');
    }
    for (const title of ['Reports', 'Sales', 'Invoices', 'Contacts', 'Team', 'Inventory']) {
      const locked = navOf().getByRole('link', { name: `${title} (locked)` });
      expect(locked).toHaveAttribute('aria-disabled', 'true');
      expect(locked).not.toHaveAttribute('href');
      expect(locked.tagName).not.toBe('A');
      expect(locked.className).toContain('cursor-not-allowed');
    }

    // Clicking a locked entry goes nowhere.
    const user = userEvent.setup();
    await user.click(navOf().getByRole('link', { name: 'Contacts (locked)' }));
    expect(router.state.location.pathname).toBe('/schedule');
  });

  it('when the user has no active account, then nothing is open', () => {
    renderRoute(<SidebarWithState />, {
      me: makeMe({ role: 'member', activeAccountId: null, accounts: [] }),
    });
    expect(
      navOf()
        .queryAllByRole('link')
        .filter((link) => link.hasAttribute('href')),
    ).toEqual([]);
  });

  it('when collapsed, then it is a 60 px icon rail, the choice is remembered, and expanding restores 200 px', async () => {
    const user = userEvent.setup();
    renderRoute(<SidebarWithState />, { me: makeMe() });
    const sidebar = screen.getByRole('complementary', { name: 'Sidebar' });
    expect(sidebar).toHaveStyle({ width: '200px' });

    await user.click(screen.getByRole('button', { name: 'Collapse sidebar' }));

    expect(sidebar).toHaveStyle({ width: '60px' });
    expect(window.localStorage.getItem(STORAGE_KEYS.sidebarCollapsed)).toBe('true');
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );

    await user.click(screen.getByRole('button', { name: 'Expand sidebar' }));
    expect(sidebar).toHaveStyle({ width: '200px' });
    expect(window.localStorage.getItem(STORAGE_KEYS.sidebarCollapsed)).toBe('false');
  });

  it('when collapsed, then focusing an entry shows its title as a tooltip', async () => {
    window.localStorage.setItem(STORAGE_KEYS.sidebarCollapsed, 'true');
    const user = userEvent.setup();
    renderRoute(<SidebarWithState />, { me: makeMe({ role: 'team_member' }) });

    await user.tab(); // the brand link
    await user.tab(); // Home
    expect(navOf().getByRole('link', { name: 'Home' })).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Home');

    await user.tab(); // Reports, locked: still focusable so its tooltip can be read
    expect(navOf().getByRole('link', { name: 'Reports (locked)' })).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Reports');
  });

  it('when expanded, then no tooltips are offered', async () => {
    const user = userEvent.setup();
    renderRoute(<SidebarWithState />, { me: makeMe() });
    await user.hover(navOf().getByRole('link', { name: 'Home' }));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});
