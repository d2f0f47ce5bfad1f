import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BusinessAccount } from '@crewdesk/domain';
import { STORAGE_KEYS } from '@/lib/storage';
import { pageReloader } from '@/lib/session/switch-account';
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
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
    });
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
