import { FALLBACK_ROLE, mapMemberRole, type Role } from '../auth/roles.ts';
import { UNNAMED_ACCOUNT } from '../messages.ts';
import type { BusinessAccount } from './account-api.ts';

export type { BusinessAccount } from './account-api.ts';

export function businessSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function present(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

export function accountDisplayName(
  a: Pick<BusinessAccount, 'account_name' | 'business_name'>,
): string {
  return present(a.account_name) ?? present(a.business_name) ?? UNNAMED_ACCOUNT;
}

export function initials(firstName?: string | null, lastName?: string | null): string {
  return [firstName, lastName]
    .map((part) => present(part)?.charAt(0) ?? '')
    .join('')
    .toUpperCase();
}

/** Spec section 2: the name check is case-sensitive ("contains Personal"). */
export function isPersonalAccount(a: { account_name?: string | null; role: string }): boolean {
  return (a.account_name ?? '').includes('Personal') || a.role === 'member';
}

export function groupAccounts<
  T extends { account_name?: string | null; role: string } = BusinessAccount,
>(accounts: readonly T[]): { personal: T[]; team: T[] } {
  const personal: T[] = [];
  const team: T[] = [];
  for (const account of accounts) (isPersonalAccount(account) ? personal : team).push(account);
  return { personal, team };
}

export function resolveActiveAccount<T extends { account_id: string; role: string }>(
  accounts: readonly T[],
  storedId: string | null | undefined,
): T | null {
  // A stored id can outlive the membership (removed from the team, other user on the browser).
  const stored = storedId ? accounts.find((a) => a.account_id === storedId) : undefined;
  return (
    stored ??
    accounts.find((a) => a.role === 'owner' || a.role === 'business_admin') ??
    accounts[0] ??
    null
  );
}

export function roleOfActiveAccount(
  accounts: readonly { account_id: string; role: string }[],
  storedId: string | null | undefined,
): Role {
  const active = resolveActiveAccount(accounts, storedId);
  return active ? mapMemberRole(active.role) : FALLBACK_ROLE;
}
