import { and, asc, eq, like, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accountMembers, businessAccounts, sessions } from '../../db/schema/index.ts';

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

/** The user's business accounts with their role in each, oldest membership first. */
export function listMemberships(db: Db, userId: string): Promise<MembershipRow[]> {
  return db
    .select(membershipColumns)
    .from(accountMembers)
    .innerJoin(businessAccounts, eq(businessAccounts.id, accountMembers.organizationId))
    .where(eq(accountMembers.userId, userId))
    .orderBy(asc(accountMembers.createdAt), asc(businessAccounts.name));
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
    .where(and(eq(accountMembers.userId, userId), eq(accountMembers.organizationId, accountId)))
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
  },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(businessAccounts)
      .values({ id: input.accountId, name: input.name, slug: input.slug });
    await tx.insert(accountMembers).values({
      id: input.memberId,
      organizationId: input.accountId,
      userId: input.userId,
      role: input.role,
    });
  });
}

export async function renameAccount(db: Db, accountId: string, name: string): Promise<void> {
  await db.update(businessAccounts).set({ name }).where(eq(businessAccounts.id, accountId));
}

export async function setSessionActiveAccount(
  db: Db,
  sessionId: string,
  accountId: string,
): Promise<void> {
  await db
    .update(sessions)
    .set({ activeOrganizationId: accountId, updatedAt: new Date() })
    .where(eq(sessions.id, sessionId));
}

export async function findAccountName(db: Db, accountId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ name: businessAccounts.name })
    .from(businessAccounts)
    .where(eq(businessAccounts.id, accountId));
  return row?.name;
}
