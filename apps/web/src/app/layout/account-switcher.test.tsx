import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BusinessAccount } from '@crewdesk/domain';
import { STORAGE_KEYS } from '@/lib/storage';
import { pageReloader } from '@/lib/session/announce-then-reload';
import { makeMe, mockApi, OWNED_ACCOUNT, renderRoute } from '@/test/utils';
import { AccountSwitcher } from './account-switcher';

const PERSONAL: BusinessAccount = {
  account_id: '22222222-2222-4222-8222-222222222222',
  account_name: 'Ada Personal',
  account_slug: 'ada-personal',
  role: 'owner',
};
const CLIENT_TEAM: BusinessAccount = {
  account_id: '33333333-3333-4333-8333-333333333333',
  account_name: null,
  business_name: 'Shine Bros',
  account_slug: 'shine-bros',
  role: 'team_leader',
};

const me = makeMe({
  accounts: [OWNED_ACCOUNT, PERSONAL, CLIENT_TEAM],
  activeAccountId: OWNED_ACCOUNT.account_id,
});

describe('AccountSwitcher', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the active account and role, and lists accounts as Personal Account and Team Accounts', async () => {
    const user = userEvent.setup();
    renderRoute(<AccountSwitcher />, { me });
    const trigger = screen.getByRole('button', { name: /Sparkle Cleaning/ });
    expect(trigger).toHaveTextContent('Owner');

    await user.click(trigger);

    const personal = within(await screen.findByRole('group', { name: 'Personal Account' }));
    const team = within(screen.getByRole('group', { name: 'Team Accounts' }));
    expect(personal.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Ada PersonalOwner',
    ]);
    expect(team.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Sparkle CleaningOwner',
      // No account name: the business name stands in.
      'Shine BrosTeam leader',
    ]);
    expect(team.getByRole('button', { name: /Sparkle Cleaning/ })).toHaveAttribute(
      'aria-current',
      'true',
    );
  });

  it('filters by the search box', async () => {
    const user = userEvent.setup();
    renderRoute(<AccountSwitcher />, { me });
    await user.click(screen.getByRole('button', { name: /Sparkle Cleaning/ }));
    await user.type(await screen.findByRole('searchbox', { name: 'Search accounts' }), 'shine');

    expect(screen.queryByRole('group', { name: 'Personal Account' })).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'Team Accounts' })).getAllByRole('button'),
    ).toHaveLength(1);

    await user.clear(screen.getByRole('searchbox', { name: 'Search accounts' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search accounts' }), 'zzz');
    expect(screen.getByText('No accounts found.')).toBeInTheDocument();
  });

  it('when another account is chosen, then it is made active, stored, announced and the page reloads', async () => {
    const api = mockApi({
      'PUT /api/me/active-account': () => ({
        status: 200,
        body: { activeAccountId: CLIENT_TEAM.account_id },
      }),
    });
    const reload = vi.spyOn(pageReloader, 'reload').mockImplementation(() => {});
    const user = userEvent.setup();
    renderRoute(<AccountSwitcher />, { me });
    await user.click(screen.getByRole('button', { name: /Sparkle Cleaning/ }));
    await user.click(await screen.findByRole('button', { name: /Shine Bros/ }));

    expect(await screen.findByText('Account switched')).toBeInTheDocument();
    expect(screen.getByText('Now using Shine Bros')).toBeInTheDocument();
    expect(api.calls[0]).toEqual({
      key: 'PUT /api/me/active-account',
      body: { accountId: CLIENT_TEAM.account_id },
    });
    expect(window.localStorage.getItem(STORAGE_KEYS.selectedAccountId)).toBe(
      CLIENT_TEAM.account_id,
    );
    // The reload follows the toast by RELOAD_DELAY_MS.
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  describe('Create Team', () => {
    async function openCreateTeam() {
      const user = userEvent.setup();
      renderRoute(<AccountSwitcher />, { me });
      await user.click(screen.getByRole('button', { name: /Sparkle Cleaning/ }));
      await user.click(await screen.findByRole('button', { name: 'Create Team' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Create Team' }));
      return { user, dialog };
    }

    it('opens from the switcher with a team name field, Cancel and Create Team, disabled while the name is blank', async () => {
      const { user, dialog } = await openCreateTeam();
      // The popover has made way for the dialog.
      expect(screen.queryByRole('searchbox', { name: 'Search accounts' })).not.toBeInTheDocument();
      const submit = dialog.getByRole('button', { name: 'Create Team' });
      expect(submit).toBeDisabled();
      await user.type(dialog.getByLabelText('Team name'), '   ');
      expect(submit).toBeDisabled();
      await user.type(dialog.getByLabelText('Team name'), 'Night Crew');
      expect(submit).toBeEnabled();

      await user.click(dialog.getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      // Focus goes back to the switcher.
      expect(screen.getByRole('button', { name: /Sparkle Cleaning/ })).toHaveFocus();
    });

    it('when a blank name is sent with Enter, then the spec’s notice shows and nothing is sent', async () => {
      const api = mockApi({});
      const { user, dialog } = await openCreateTeam();
      await user.type(dialog.getByLabelText('Team name'), '  {Enter}');

      expect(await screen.findByText('Team name required')).toBeInTheDocument();
      expect(screen.getByText('Please enter a team name')).toBeInTheDocument();
      expect(api.calls).toEqual([]);
      expect(screen.getByRole('dialog', { name: 'Create Team' })).toBeInTheDocument();
    });

    it('when created, then the team is stored as the account, announced and the page reloads', async () => {
      const created: BusinessAccount = {
        account_id: '44444444-4444-4444-8444-444444444444',
        account_name: 'Night Crew',
        account_slug: 'night-crew',
        role: 'owner',
      };
      const api = mockApi({ 'POST /api/accounts': () => ({ status: 201, body: created }) });
      const reload = vi.spyOn(pageReloader, 'reload').mockImplementation(() => {});
      const { user, dialog } = await openCreateTeam();
      await user.type(dialog.getByLabelText('Team name'), '  Night Crew ');
      await user.click(dialog.getByRole('button', { name: 'Create Team' }));

      expect(await screen.findByText('Team created!')).toBeInTheDocument();
      expect(screen.getByText('Night Crew has been created successfully.')).toBeInTheDocument();
      expect(api.calls).toEqual([{ key: 'POST /api/accounts', body: { name: 'Night Crew' } }]);
      expect(window.localStorage.getItem(STORAGE_KEYS.selectedAccountId)).toBe(created.account_id);
      expect(dialog.getByRole('button', { name: 'Creating...' })).toBeDisabled();
      // The reload follows the toast by RELOAD_DELAY_MS.
      await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    });

    it('when creating fails, then the destructive notice shows and nothing reloads', async () => {
      mockApi({
        'POST /api/accounts': () => ({
          status: 500,
          body: {
            code: 'INTERNAL',
            message: 'Something went wrong on our side. Please try again.',
          },
        }),
      });
      const reload = vi.spyOn(pageReloader, 'reload').mockImplementation(() => {});
      window.localStorage.setItem(STORAGE_KEYS.selectedAccountId, OWNED_ACCOUNT.account_id);
      const { user, dialog } = await openCreateTeam();
      await user.type(dialog.getByLabelText('Team name'), 'Night Crew{Enter}');

      expect(
        (await screen.findByText('Error creating team')).closest('[data-sonner-toast]'),
      ).toHaveAttribute('data-type', 'error');
      expect(
        screen.getByText('There was an error creating the team. Please try again.'),
      ).toBeInTheDocument();
      expect(window.localStorage.getItem(STORAGE_KEYS.selectedAccountId)).toBe(
        OWNED_ACCOUNT.account_id,
      );
      // The name stays, to try again.
      expect(dialog.getByLabelText('Team name')).toHaveValue('Night Crew');
      expect(dialog.getByRole('button', { name: 'Create Team' })).toBeEnabled();
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 1000));
      });
      expect(reload).not.toHaveBeenCalled();
    });
  });
});
