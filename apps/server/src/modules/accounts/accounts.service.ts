import { randomUUID } from 'node:crypto';
import {
  addressLine,
  businessSlug,
  DEFAULT_CURRENCY,
  DEFAULT_TIME_SETTINGS,
  formattingLocale,
  isRole,
  mapMemberRole,
  resolveActiveAccount,
  type BusinessAccount,
  type Role,
} from '@crewdesk/domain';
import type { Db } from '../../db/client.ts';
import { AppError, orNotFound } from '../../lib/app-error.ts';
import * as repo from './accounts.repo.ts';

/** The account a new user gets when they gave no business name at sign-up. */
export const PERSONAL_ACCOUNT_NAME = 'Personal Account';

/** The business-account listing of spec section 7 (get_user_business_accounts). */
export function toBusinessAccount(row: repo.MembershipRow): BusinessAccount {
  return {
    account_id: row.accountId,
    account_name: row.accountName,
    account_slug: row.accountSlug,
    role: row.role,
  };
}

export async function listBusinessAccounts(db: Db, userId: string): Promise<BusinessAccount[]> {
  return (await repo.listMemberships(db, userId)).map(toBusinessAccount);
}

/**
 * The listing with the business fields spec section 7 names for each account (the account
 * name falls back to the business name where it shows). Only the listing pays for the join;
 * resolving a request's account needs none of it.
 */
export async function listBusinessAccountsWithDetails(
  db: Db,
  userId: string,
): Promise<BusinessAccount[]> {
  const rows = await repo.listMembershipsWithBusiness(db, userId);
  return rows.map((row) => ({
    ...toBusinessAccount(row),
    business_name: row.business?.businessName ?? null,
    business_address: row.business ? addressLine(row.business) || null : null,
    business_phone: row.business?.phone ?? null,
    business_email: row.business?.email ?? null,
    business_website: row.business?.website ?? null,
    industry: row.business?.industry ?? null,
    employees_count: row.business?.employeesCount ?? null,
    // The zone the schedule answers in ('UTC' until the business sets one): the calendar knows
    // the business's today before its first answer.
    time_zone: row.business?.timeZone ?? 'UTC',
    // Until an admin chooses, times are read in UTC and the admins are asked once.
    time_zone_chosen: Boolean(row.business?.timeZoneChosenAt),
    currency: row.business?.currency ?? DEFAULT_CURRENCY,
    locale: formattingLocale(row.business?.locale),
    week_starts_on: row.weekStartsOn ?? DEFAULT_TIME_SETTINGS.weekStartsOn,
  }));
}

/** A free slug for `name`: the slug rule, then -2, -3 … when taken ('account' for a name with no letters). */
export async function availableSlug(db: Db, name: string): Promise<string> {
  const base = businessSlug(name) || 'account';
  const taken = new Set(await repo.slugsLike(db, base));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * Creates a business account with `userId` as its member in `role` (owner for a new sign-up).
 * A slug taken at the same moment by another sign-up is tried again; sign-ups racing for the
 * same name all see the same next number, so after two tries a random ending makes it free.
 */
export async function createBusinessAccount(
  db: Db,
  input: { userId: string; name: string; role?: Role; metadata?: string },
): Promise<BusinessAccount> {
  const name = input.name.trim() || PERSONAL_ACCOUNT_NAME;
  const role = input.role ?? 'owner';
  for (let attempt = 0; ; attempt++) {
    const free = await availableSlug(db, name);
    const slug = attempt < 2 ? free : `${free}-${randomUUID().slice(0, 6)}`;
    const accountId = randomUUID();
    try {
      await repo.insertAccountWithOwner(db, {
        accountId,
        memberId: randomUUID(),
        name,
        slug,
        userId: input.userId,
        role,
        metadata: input.metadata,
      });
      return { account_id: accountId, account_name: name, account_slug: slug, role };
    } catch (error) {
      if (attempt < 4 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}

function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } }).cause;
  return (error as { code?: string }).code === '23505' || cause?.code === '23505';
}

export interface ActiveAccount {
  accountId: string | null;
  role: Role;
  accounts: BusinessAccount[];
}

/**
 * The account a session acts for: the one stored on the session while the user is still a
 * member of it, otherwise the domain rule (first owner/business_admin account, then the first).
 */
export async function resolveSessionAccount(
  db: Db,
  userId: string,
  sessionAccountId: string | null | undefined,
): Promise<ActiveAccount> {
  const accounts = await listBusinessAccounts(db, userId);
  const active = resolveActiveAccount(accounts, sessionAccountId);
  if (!active) return { accountId: null, role: 'member', accounts };
  return { accountId: active.account_id, role: roleOf(active.role), accounts };
}

/** Where the user's next session starts: the account they last switched to or created. */
export async function findLastAccountId(db: Db, userId: string): Promise<string | null> {
  return repo.findLastAccountId(db, userId);
}

export function roleOf(storedRole: string): Role {
  return isRole(storedRole) ? mapMemberRole(storedRole) : 'member';
}

export async function switchActiveAccount(
  db: Db,
  input: { userId: string; sessionId: string; accountId: string },
): Promise<void> {
  orNotFound(await repo.findMembership(db, input.userId, input.accountId), 'Account');
  await repo.setSessionActiveAccount(db, input);
}

export async function renameBusinessAccount(
  db: Db,
  accountId: string,
  name: string,
): Promise<void> {
  const trimmed = name.trim();
  if (!trimmed) throw new AppError('BAD_REQUEST', 'Account name is required.');
  await repo.renameAccount(db, accountId, trimmed);
}

export async function getAccount(
  db: Db,
  userId: string,
  accountId: string,
): Promise<BusinessAccount> {
  const membership = orNotFound(await repo.findMembership(db, userId, accountId), 'Account');
  return toBusinessAccount(membership);
}

export async function findAccountName(db: Db, accountId: string): Promise<string> {
  return (await repo.findAccountName(db, accountId)) ?? PERSONAL_ACCOUNT_NAME;
}

export async function isAccountMember(db: Db, accountId: string, userId: string): Promise<boolean> {
  return (await repo.findMembership(db, userId, accountId)) !== undefined;
}

/** The locale the business writes dates in and the first day of its week, as its members see them. */
export async function calendarSettingsOf(
  db: Db,
  accountId: string,
): Promise<{ locale: string; weekStartsOn: number }> {
  const row = await repo.findCalendarSettings(db, accountId);
  return {
    locale: formattingLocale(row.locale),
    weekStartsOn: row.weekStartsOn ?? DEFAULT_TIME_SETTINGS.weekStartsOn,
  };
}
