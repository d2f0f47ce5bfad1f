import { and, asc, eq, isNull, like, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { activeMembership } from '../../db/queries.ts';
import {
  accountMembers,
  businessAccounts,
  businessDetails,
  employees,
  sessions,
  timeSettings,
  users,
} from '../../db/schema/index.ts';

export interface MembershipRow {
  accountId: string;
  accountName: string;
  accountSlug: string;
  role: string;
  joinedAt: Date;
}

const membershipColumns = {
  accountId: businessAccounts.id,
  accountName: businessAccounts.name,
  accountSlug: businessAccounts.slug,
  role: accountMembers.role,
  joinedAt: accountMembers.createdAt,
};

/**
 * The user's business accounts with their role in each, oldest membership first. A deactivated
 * membership does not count: its sessions stop acting for that account at once.
 */
export function listMemberships(db: Db, userId: string): Promise<MembershipRow[]> {
  return db
    .select(membershipColumns)
    .from(accountMembers)
    .innerJoin(businessAccounts, eq(businessAccounts.id, accountMembers.organizationId))
    .where(and(eq(accountMembers.userId, userId), isNull(accountMembers.deactivatedAt)))
    .orderBy(asc(accountMembers.createdAt), asc(businessAccounts.name));
}

export interface MembershipWithBusinessRow extends MembershipRow {
  business: {
    businessName: string;
    address: string | null;
    city: string | null;
    state: string | null;
    zip: string | null;
    phone: string | null;
    email: string | null;
    website: string | null;
    industry: string | null;
    employeesCount: number | null;
    timeZone: string;
    timeZoneChosenAt: Date | null;
    currency: string;
    locale: string;
  } | null;
  /** The business's timesheet week start; null while it keeps the default time rules. */
  weekStartsOn: number | null;
}

/** The listing the user sees (account switcher, /api/accounts): each with its business details. */
export function listMembershipsWithBusiness(
  db: Db,
  userId: string,
): Promise<MembershipWithBusinessRow[]> {
  return db
    .select({
      ...membershipColumns,
      business: {
        businessName: businessDetails.businessName,
        address: businessDetails.address,
        city: businessDetails.city,
        state: businessDetails.state,
        zip: businessDetails.zip,
        phone: businessDetails.phone,
        email: businessDetails.email,
        website: businessDetails.website,
        industry: businessDetails.industry,
        employeesCount: businessDetails.employeesCount,
        timeZone: businessDetails.timeZone,
        timeZoneChosenAt: businessDetails.timeZoneChosenAt,
        currency: businessDetails.currency,
        locale: businessDetails.locale,
      },
      weekStartsOn: timeSettings.weekStartsOn,
    })
    .from(accountMembers)
    .innerJoin(businessAccounts, eq(businessAccounts.id, accountMembers.organizationId))
    .leftJoin(businessDetails, eq(businessDetails.accountId, businessAccounts.id))
    .leftJoin(timeSettings, eq(timeSettings.accountId, businessAccounts.id))
    .where(and(eq(accountMembers.userId, userId), isNull(accountMembers.deactivatedAt)))
    .orderBy(asc(accountMembers.createdAt), asc(businessAccounts.name));
}

/** How the business writes dates: its locale and the first day of its week (null: defaults). */
export async function findCalendarSettings(
  db: Db,
  accountId: string,
): Promise<{ locale: string | null; weekStartsOn: number | null }> {
  const rows = await db
    .select({ locale: businessDetails.locale, weekStartsOn: timeSettings.weekStartsOn })
    .from(businessAccounts)
    .leftJoin(businessDetails, eq(businessDetails.accountId, businessAccounts.id))
    .leftJoin(timeSettings, eq(timeSettings.accountId, businessAccounts.id))
    .where(eq(businessAccounts.id, accountId))
    .limit(1);
  return rows[0] ?? { locale: null, weekStartsOn: null };
}

export async function findMembership(
  db: Db,
  userId: string,
  accountId: string,
): Promise<MembershipRow | undefined> {
  const rows = await db
    .select(membershipColumns)
    .from(accountMembers)
    .innerJoin(businessAccounts, eq(businessAccounts.id, accountMembers.organizationId))
    .where(activeMembership(accountId, userId))
    .limit(1);
  return rows[0];
}

/** Slugs already taken that start with `base`, to pick a free one. */
export async function slugsLike(db: Db, base: string): Promise<string[]> {
  const rows = await db
    .select({ slug: businessAccounts.slug })
    .from(businessAccounts)
    .where(or(eq(businessAccounts.slug, base), like(businessAccounts.slug, `${base}-%`)));
  return rows.map((r) => r.slug);
}

export async function insertAccountWithOwner(
  db: Db,
  input: {
    accountId: string;
    memberId: string;
    name: string;
    slug: string;
    userId: string;
    role: string;
    metadata?: string;
  },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(businessAccounts).values({
      id: input.accountId,
      name: input.name,
      slug: input.slug,
      metadata: input.metadata ?? null,
    });
    await tx.insert(accountMembers).values({
      id: input.memberId,
      organizationId: input.accountId,
      userId: input.userId,
      role: input.role,
    });
    // The owner works in the business too: one of its employees, linked to their login.
    const [user] = await tx
      .select({
        firstName: users.firstName,
        lastName: users.lastName,
        name: users.name,
        email: users.email,
      })
      .from(users)
      .where(eq(users.id, input.userId));
    if (user)
      await tx.insert(employees).values(employeeFromUser(input.accountId, input.userId, user));
  });
}

export async function renameAccount(db: Db, accountId: string, name: string): Promise<void> {
  await db.update(businessAccounts).set({ name }).where(eq(businessAccounts.id, accountId));
}

/** The session acts for `accountId` from now on, and the user's next sign-in starts there. */
export async function setSessionActiveAccount(
  db: Db,
  input: { userId: string; sessionId: string; accountId: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(sessions)
      .set({ activeOrganizationId: input.accountId, updatedAt: new Date() })
      .where(eq(sessions.id, input.sessionId));
    await tx
      .update(users)
      .set({ lastAccountId: input.accountId })
      .where(eq(users.id, input.userId));
  });
}

/** The account the user last worked in (null before they ever switched or created one). */
export async function findLastAccountId(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ lastAccountId: users.lastAccountId })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.lastAccountId ?? null;
}

export async function findAccountName(db: Db, accountId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ name: businessAccounts.name })
    .from(businessAccounts)
    .where(eq(businessAccounts.id, accountId));
  return row?.name;
}

/** An employee row for a user who joins a business: their own name and e-mail. */
export function employeeFromUser(
  accountId: string,
  userId: string,
  user: { firstName: string | null; lastName: string | null; name: string; email: string },
): typeof employees.$inferInsert {
  const firstName =
    user.firstName?.trim() || user.name.trim() || user.email.split('@')[0] || user.email;
  return {
    accountId,
    userId,
    firstName,
    lastName: user.lastName?.trim() ?? '',
    email: user.email,
  };
}
