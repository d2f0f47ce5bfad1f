import { Building2, Check, ChevronsUpDown, Plus, Search } from 'lucide-react';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import {
  accountDisplayName,
  groupAccounts,
  mapMemberRole,
  NO_ACCOUNT_SELECTED,
  ROLE_LABELS,
  type BusinessAccount,
} from '@crewdesk/domain';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/session/session-context';
import { useSwitchAccount } from '@/lib/session/switch-account';

// The dialog (and the domain's team-name schema) load when first asked for.
const CreateTeamDialog = lazy(() =>
  import('@/features/accounts/components/create-team-dialog').then((m) => ({
    default: m.CreateTeamDialog,
  })),
);

function matches(account: BusinessAccount, term: string): boolean {
  if (term === '') return true;
  const needle = term.toLowerCase();
  return [accountDisplayName(account), account.account_slug, account.business_name ?? ''].some(
    (text) => text.toLowerCase().includes(needle),
  );
}

/**
 * Spec section 2, account switcher: a search box, the groups Personal Account
 * and Team Accounts, and a Create Team dialog.
 */
export function AccountSwitcher() {
  const { accounts, activeAccount, role } = useSession();
  const [open, setOpen] = useState(false);
  const [term, setTerm] = useState('');
  // Mounted from the first opening on, so it can animate closed.
  const [createTeam, setCreateTeam] = useState<'never' | 'open' | 'closed'>('never');
  const triggerRef = useRef<HTMLButtonElement>(null);
  const roleId = useId();
  const accountName = activeAccount ? accountDisplayName(activeAccount) : NO_ACCOUNT_SELECTED;
  const switchAccount = useSwitchAccount();

  const filtered = accounts.filter((account) => matches(account, term.trim()));
  const { personal, team } = groupAccounts(filtered);
  const groups = [
    { heading: 'Personal Account', items: personal },
    { heading: 'Team Accounts', items: team },
  ].filter((group) => group.items.length > 0);

  function choose(account: BusinessAccount) {
    if (account.account_id === activeAccount?.account_id) {
      setOpen(false);
      return;
    }
    switchAccount.mutate(account);
  }

  function openCreateTeam() {
    setOpen(false);
    setTerm('');
    setCreateTeam('open');
  }

  return (
    <>
      <Popover
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setTerm('');
        }}
      >
        <PopoverTrigger
          ref={triggerRef}
          aria-describedby={roleId}
          className="flex h-10 min-w-0 max-w-[11rem] items-center gap-2 rounded-md border bg-background px-2 text-left hover:bg-muted sm:max-w-[16rem] sm:px-3"
        >
          {/* On a phone the building goes: with a running timer the header had no room for it. */}
          <Building2
            aria-hidden="true"
            className="hidden size-4 shrink-0 text-muted-foreground sm:block"
          />
          <span className="min-w-0 flex-1">
            {/* Named by one hidden sentence (a split one gets stray spaces from the browser);
                the visible name is the same words, and the role is the description. */}
            <span className="sr-only">{`Account: ${accountName}. Switch account`}</span>
            <span aria-hidden="true" className="block truncate text-sm font-medium leading-tight">
              {accountName}
            </span>
            <span
              id={roleId}
              aria-hidden="true"
              className="block truncate text-xs leading-tight text-muted-foreground"
            >
              {ROLE_LABELS[role]}
            </span>
          </span>
          <ChevronsUpDown aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
        </PopoverTrigger>
        <PopoverContent className="w-[min(20rem,calc(100vw-1rem))] p-0">
          <div className="flex items-center gap-2 border-b px-3">
            <Search aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            <input
              type="search"
              value={term}
              onChange={(event) => setTerm(event.target.value)}
              placeholder="Search accounts..."
              aria-label="Search accounts"
              className="h-10 w-full bg-transparent text-base outline-none placeholder:text-muted-foreground md:text-sm"
            />
          </div>
          <div className="max-h-72 overflow-y-auto p-1">
            {groups.length === 0 ? (
              <p className="px-2 py-6 text-center text-sm text-muted-foreground">
                {accounts.length === 0
                  ? 'You are not a member of any account yet.'
                  : 'No accounts found.'}
              </p>
            ) : (
              groups.map((group) => (
                <div key={group.heading} role="group" aria-label={group.heading} className="py-1">
                  <p className="px-2 pb-1 pt-1.5 text-xs font-semibold text-muted-foreground">
                    {group.heading}
                  </p>
                  <ul>
                    {group.items.map((account) => {
                      const isActive = account.account_id === activeAccount?.account_id;
                      return (
                        <li key={account.account_id}>
                          <button
                            type="button"
                            onClick={() => choose(account)}
                            disabled={switchAccount.isPending}
                            aria-current={isActive ? 'true' : undefined}
                            className={cn(
                              'flex w-full items-center gap-2 rounded-sm px-2 py-2 text-left text-sm hover:bg-muted disabled:opacity-60',
                              isActive && 'font-medium',
                            )}
                          >
                            <span className="min-w-0 flex-1">
                              <span className="block truncate">{accountDisplayName(account)}</span>
                              <span className="block truncate text-xs text-muted-foreground">
                                {ROLE_LABELS[mapMemberRole(account.role)]}
                              </span>
                            </span>
                            {isActive ? (
                              <Check aria-label="Active account" className="size-4 text-primary" />
                            ) : null}
                          </button>
                        </li>
                      );
                    })}
                  </ul>
                </div>
              ))
            )}
          </div>
          <div className="border-t p-1">
            <button
              type="button"
              onClick={openCreateTeam}
              disabled={switchAccount.isPending}
              className="flex w-full items-center gap-2 rounded-sm px-2 py-2 text-left text-sm hover:bg-muted disabled:opacity-60"
            >
              <Plus aria-hidden="true" className="size-4 text-muted-foreground" />
              Create Team
            </button>
          </div>
          {switchAccount.isPending ? (
            <p role="status" className="border-t px-3 py-2 text-xs text-muted-foreground">
              Switching account...
            </p>
          ) : null}
        </PopoverContent>
      </Popover>
      {createTeam === 'never' ? null : (
        <Suspense fallback={null}>
          <CreateTeamDialog
            open={createTeam === 'open'}
            onOpenChange={(next) => setCreateTeam(next ? 'open' : 'closed')}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              triggerRef.current?.focus();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
