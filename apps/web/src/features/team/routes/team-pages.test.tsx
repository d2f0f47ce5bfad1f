import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeMe, mockApi, renderRoute } from '@/test/utils';
import type { EmployeesPage, TeamEmployee } from '../api/list-employees';
import type { TeamInvitation } from '../api/list-invitations';
import { TeamMemberPage, TeamPage } from './team-pages';

const LIST = 'GET /api/team/employees?limit=50';
const INVITATIONS = 'GET /api/team/invitations';

function person(overrides: Partial<TeamEmployee>): TeamEmployee {
  return {
    id: '22222222-2222-4222-8222-222222222222',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    phone: null,
    employmentStatus: 'active',
    payRateCents: null,
    crewLeaderId: null,
    userId: 'user-1',
    role: 'owner',
    memberStatus: 'active',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const ADA = person({});
const LEO = person({
  id: '55555555-5555-4555-8555-555555555555',
  firstName: 'Leo',
  lastName: 'Lead',
  userId: 'user-5',
  role: 'team_leader',
});
const LEADERS = 'GET /api/team/employees?role=team_leader&limit=100';
const BEN = person({
  id: '33333333-3333-4333-8333-333333333333',
  firstName: 'Ben',
  lastName: 'Brush',
  email: 'ben@example.com',
  userId: 'user-2',
  role: 'team_member',
});
const CARA = person({
  id: '44444444-4444-4444-8444-444444444444',
  firstName: 'Cara',
  lastName: 'Clean',
  email: null,
  userId: null,
  role: null,
  memberStatus: null,
  payRateCents: 2550,
});

function page(items: TeamEmployee[]): EmployeesPage {
  return { items, total: items.length, limit: 50, offset: 0, nextOffset: null };
}

const PENDING: TeamInvitation = {
  id: '55555555-5555-4555-8555-555555555555',
  email: 'new@example.com',
  role: 'team_leader',
  status: 'pending',
  expiresAt: '2030-01-08T00:00:00.000Z',
  createdAt: '2030-01-01T00:00:00.000Z',
  invitedBy: 'Ada Lovelace',
};

describe('TeamPage', () => {
  it('when an owner opens /team, then people show by name with role, status and e-mail, and invitations can be canceled', async () => {
    const api = mockApi({
      [LIST]: () => ({ status: 200, body: page([ADA, BEN, CARA]) }),
      [INVITATIONS]: () => ({ status: 200, body: [PENDING] }),
      [`DELETE /api/team/invitations/${PENDING.id}`]: () => ({ status: 204 }),
    });
    const user = userEvent.setup();
    renderRoute(<TeamPage />, { me: makeMe(), path: '/team' });

    const table = await screen.findByRole('table', { name: 'Team members' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
      'Ada Lovelace',
      'Ben Brush',
      'Cara Clean',
    ]);
    expect(within(rows[1]!).getByText('Team member')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Active')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('ben@example.com')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('No login')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute(
      'href',
      `/team/${ADA.id}`,
    );
    // The owner themself and staff without a login have no role or deactivation buttons.
    expect(within(rows[0]!).queryByRole('button')).toBeNull();
    expect(within(rows[2]!).queryByRole('button')).toBeNull();
    expect(
      within(rows[1]!).getByRole('button', { name: 'Deactivate Ben Brush' }),
    ).toBeInTheDocument();

    const invitations = screen.getByRole('list', { name: 'Pending invitations' });
    expect(within(invitations).getByText('new@example.com')).toBeInTheDocument();
    expect(within(invitations).getByText(/Team leader/)).toBeInTheDocument();
    await user.click(
      within(invitations).getByRole('button', { name: 'Cancel invitation for new@example.com' }),
    );
    expect(await screen.findByText('Invitation canceled')).toBeInTheDocument();
    expect(api.calls.map((c) => c.key)).toContain(`DELETE /api/team/invitations/${PENDING.id}`);
  });

  it('when the team fails to load, then the spec notice shows and Try again asks again', async () => {
    let fail = true;
    mockApi({
      [LIST]: () =>
        fail
          ? { status: 500, body: { code: 'INTERNAL', message: 'boom' } }
          : { status: 200, body: page([ADA]) },
      [INVITATIONS]: () => ({ status: 200, body: [] }),
    });
    const user = userEvent.setup();
    renderRoute(<TeamPage />, { me: makeMe(), path: '/team' });
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(
      screen.getAllByText('Failed to load team members. Please try again.').length,
    ).toBeGreaterThan(0);
    expect(screen.getByText('No pending invitations.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Team members' })).toBeInTheDocument();
  });

  it('when an owner invites someone, then the e-mail and role are sent and owner is not offered', async () => {
    const api = mockApi({
      [LIST]: () => ({ status: 200, body: page([ADA]) }),
      [INVITATIONS]: () => ({ status: 200, body: [] }),
      'POST /api/team/invitations': () => ({ status: 201, body: PENDING }),
    });
    const user = userEvent.setup();
    renderRoute(<TeamPage />, { me: makeMe(), path: '/team' });
    await user.click(await screen.findByRole('button', { name: 'Invite member' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Invite member' }));
    const roles = within(dialog.getByLabelText('Role'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(roles).not.toContain('Owner');
    expect(roles).not.toContain('Member');
    expect(roles).toContain('Business admin');
    expect(dialog.getByLabelText('Role')).toHaveValue('team_member');

    await user.type(dialog.getByLabelText('E-mail'), 'nope');
    await user.click(dialog.getByRole('button', { name: 'Send invitation' }));
    expect(dialog.getByText('Please enter a valid email address.')).toBeInTheDocument();

    await user.clear(dialog.getByLabelText('E-mail'));
    await user.type(dialog.getByLabelText('E-mail'), 'New@Example.com');
    await user.selectOptions(dialog.getByLabelText('Role'), 'team_leader');
    await user.click(dialog.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent')).toBeInTheDocument();
    expect(api.calls.find((c) => c.key === 'POST /api/team/invitations')?.body).toEqual({
      email: 'new@example.com',
      role: 'team_leader',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('when a team leader invites, then only roles without manager rights are offered and no admin buttons show', async () => {
    mockApi({
      [LIST]: () => ({ status: 200, body: page([ADA, BEN]) }),
      [INVITATIONS]: () => ({ status: 200, body: [] }),
    });
    const user = userEvent.setup();
    renderRoute(<TeamPage />, { me: makeMe({ role: 'team_leader' }), path: '/team' });
    await screen.findByRole('table', { name: 'Team members' });
    expect(screen.queryByRole('button', { name: /Deactivate/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Change role/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Invite member' }));
    const options = within(screen.getByLabelText('Role'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['Sales person', 'Team leader', 'Team member', 'Estimate-free']);
  });

  it('when an admin deactivates a member, then a confirmation comes first and the call follows', async () => {
    const api = mockApi({
      [LIST]: () => ({ status: 200, body: page([ADA, BEN]) }),
      [INVITATIONS]: () => ({ status: 200, body: [] }),
      'POST /api/team/members/user-2/deactivate': () => ({
        status: 200,
        body: { ...BEN, memberStatus: 'deactivated', employmentStatus: 'inactive' },
      }),
    });
    const user = userEvent.setup();
    renderRoute(<TeamPage />, { me: makeMe(), path: '/team' });
    await user.click((await screen.findAllByRole('button', { name: 'Deactivate Ben Brush' }))[0]!);
    const dialog = within(screen.getByRole('dialog', { name: 'Deactivate Ben Brush?' }));
    expect(api.calls.map((c) => c.key)).not.toContain('POST /api/team/members/user-2/deactivate');
    await user.click(dialog.getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Ben Brush was deactivated')).toBeInTheDocument();
    expect(api.calls.map((c) => c.key)).toContain('POST /api/team/members/user-2/deactivate');
  });

  it('when an admin changes a role, then the new role is sent', async () => {
    const api = mockApi({
      [LIST]: () => ({ status: 200, body: page([ADA, BEN]) }),
      [INVITATIONS]: () => ({ status: 200, body: [] }),
      'PATCH /api/team/members/user-2': () => ({
        status: 200,
        body: { ...BEN, role: 'sales_person' },
      }),
    });
    const user = userEvent.setup();
    renderRoute(<TeamPage />, { me: makeMe(), path: '/team' });
    await user.click(
      (await screen.findAllByRole('button', { name: 'Change role of Ben Brush' }))[0]!,
    );
    const dialog = within(screen.getByRole('dialog', { name: 'Change role of Ben Brush' }));
    expect(dialog.getByRole('button', { name: 'Save role' })).toBeDisabled();
    await user.selectOptions(dialog.getByLabelText('Role'), 'sales_person');
    await user.click(dialog.getByRole('button', { name: 'Save role' }));
    expect(await screen.findByText('Role changed')).toBeInTheDocument();
    expect(api.calls.find((c) => c.key === 'PATCH /api/team/members/user-2')?.body).toEqual({
      role: 'sales_person',
    });
  });

  it('when someone adds an employee, then the pay rate in dollars is sent in cents', async () => {
    const api = mockApi({
      [LIST]: () => ({ status: 200, body: page([ADA]) }),
      [INVITATIONS]: () => ({ status: 200, body: [] }),
      'POST /api/team/employees': () => ({ status: 201, body: CARA }),
    });
    const user = userEvent.setup();
    renderRoute(<TeamPage />, { me: makeMe({ role: 'team_leader' }), path: '/team' });
    await user.click(await screen.findByRole('button', { name: 'Add employee' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Add employee' }));
    await user.click(dialog.getByRole('button', { name: 'Add employee' }));
    expect(dialog.getByText('First name is required.')).toBeInTheDocument();
    await user.type(dialog.getByLabelText('First name'), 'Cara');
    await user.type(dialog.getByLabelText('Last name'), 'Clean');
    await user.type(dialog.getByLabelText(/Pay rate/), '25.5x');
    await user.click(dialog.getByRole('button', { name: 'Add employee' }));
    expect(
      dialog.getByText('Enter the pay rate in US dollars, for example 25.50.'),
    ).toBeInTheDocument();
    await user.clear(dialog.getByLabelText(/Pay rate/));
    await user.type(dialog.getByLabelText(/Pay rate/), '$25.50');
    await user.click(dialog.getByRole('button', { name: 'Add employee' }));
    expect(await screen.findByText('Employee added')).toBeInTheDocument();
    expect(api.calls.find((c) => c.key === 'POST /api/team/employees')?.body).toEqual({
      firstName: 'Cara',
      lastName: 'Clean',
      email: null,
      phone: null,
      payRateCents: 2550,
    });
  });
});

describe('TeamMemberPage', () => {
  it('when an admin opens a profile, then the details show with the pay rate in dollars, and Edit saves changes', async () => {
    let stored = CARA;
    const api = mockApi({
      [`GET /api/team/employees/${CARA.id}`]: () => ({ status: 200, body: stored }),
      [`PATCH /api/team/employees/${CARA.id}`]: () => {
        stored = {
          ...CARA,
          phone: '512 555 0100',
          employmentStatus: 'inactive',
          crewLeaderId: LEO.id,
        };
        return { status: 200, body: stored };
      },
      [LIST]: () => ({ status: 200, body: page([CARA]) }),
      [LEADERS]: () => ({ status: 200, body: page([LEO]) }),
    });
    const user = userEvent.setup();
    renderRoute(<TeamMemberPage />, {
      me: makeMe(),
      path: `/team/${CARA.id}`,
      routePath: '/team/:id',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Cara Clean' })).toBeVisible();
    expect(screen.getByText('$25.50 per hour')).toBeInTheDocument();
    expect(screen.getAllByText('Not recorded')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit employee' }));
    expect(dialog.getByLabelText(/Pay rate/)).toHaveValue('25.50');
    await user.type(dialog.getByLabelText(/Phone/), '512 555 0100');
    await user.selectOptions(dialog.getByLabelText('Employment status'), 'inactive');
    await waitFor(() => expect(dialog.getByLabelText(/Crew leader/)).toBeEnabled());
    await user.selectOptions(dialog.getByLabelText(/Crew leader/), 'Leo Lead');
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Employee updated')).toBeInTheDocument();
    expect(api.calls.find((c) => c.key.startsWith('PATCH'))?.body).toEqual({
      firstName: 'Cara',
      lastName: 'Clean',
      email: null,
      phone: '512 555 0100',
      payRateCents: 2550,
      crewLeaderId: LEO.id,
      employmentStatus: 'inactive',
    });
    expect(await screen.findByText('512 555 0100')).toBeInTheDocument();
    expect(await screen.findByText('Leo Lead’s crew')).toBeInTheDocument();
  });

  it('when a team leader opens a profile, then there is nothing to edit', async () => {
    mockApi({ [`GET /api/team/employees/${BEN.id}`]: () => ({ status: 200, body: BEN }) });
    renderRoute(<TeamMemberPage />, {
      me: makeMe({ role: 'team_leader' }),
      path: `/team/${BEN.id}`,
      routePath: '/team/:id',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ben Brush' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Deactivate/ })).toBeNull();
  });

  it('when the id is unknown here, then an honest not-found message shows', async () => {
    mockApi({
      [`GET /api/team/employees/${BEN.id}`]: () => ({
        status: 404,
        body: { code: 'NOT_FOUND', message: 'Employee not found.' },
      }),
    });
    renderRoute(<TeamMemberPage />, {
      me: makeMe(),
      path: `/team/${BEN.id}`,
      routePath: '/team/:id',
    });
    expect(await screen.findByRole('region', { name: 'Team member not found' })).toBeVisible();
    expect(screen.getByRole('link', { name: '← All team members' })).toHaveAttribute(
      'href',
      '/team',
    );
  });
});
