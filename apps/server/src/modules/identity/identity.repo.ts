import type { AccessTokenScope, Role } from '@crewdesk/domain';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared.ts';
import type { PasswordOwner } from '../../lib/weak-password.ts';
import {
  accessTokens,
  accountMembers,
  businessAccounts,
  businessDetails,
  employees,
  sessions,
  users,
} from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;
type NewEmployeeRow = typeof employees.$inferInsert;

export async function userHasTwoFactor(
  db: DbOrTx,
  by: { email: string } | { phoneNumber: string },
): Promise<boolean> {
  const [user] = await db
    .select({ twoFactorEnabled: users.twoFactorEnabled })
    .from(users)
    .where(
      'email' in by
        ? eq(users.email, by.email.toLowerCase())
        : eq(users.phoneNumber, by.phoneNumber),
    );
  return user?.twoFactorEnabled === true;
}

export async function findUser(db: DbOrTx, userId: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  return user;
}

export async function deleteSessionsOfUser(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function markEmailVerified(db: DbOrTx, userId: string): Promise<void> {
  await db.update(users).set({ emailVerified: true }).where(eq(users.id, userId));
}

export async function setMemberRole(
  db: DbOrTx,
  input: { accountId: string; userId: string; role: Role },
): Promise<void> {
  await db
    .update(accountMembers)
    .set({ role: input.role })
    .where(
      and(
        eq(accountMembers.userId, input.userId),
        eq(accountMembers.organizationId, input.accountId),
      ),
    );
}

export async function accountExists(db: DbOrTx, accountId: string): Promise<boolean> {
  const [account] = await db
    .select({ id: businessAccounts.id })
    .from(businessAccounts)
    .where(eq(businessAccounts.id, accountId));
  return account !== undefined;
}

export async function insertMember(
  db: DbOrTx,
  input: { accountId: string; userId: string; role: Role },
  employee: NewEmployeeRow | null,
): Promise<void> {
  await db.insert(accountMembers).values({
    id: crypto.randomUUID(),
    organizationId: input.accountId,
    userId: input.userId,
    role: input.role,
  });
  if (employee) await db.insert(employees).values(employee);
}

/** A live session with its user and the membership it acts through, read in one statement. */
export interface SessionActorRow {
  sessionId: string;
  userId: string;
  email: string;
  expiresAt: Date;
  accountId: string | null;
  storedRole: string | null;
  /** The business's time zone; null without an account or a business profile. */
  timeZone: string | null;
}

/**
 * The session of `token`, its user, and the business account it acts for, in one statement:
 * the session's own account while the user is still an active member of it, else the first
 * account they own or administer, else their first (the order of the account switcher); none
 * when they have no active membership. The same rule as `resolveActiveAccount` in the domain.
 */
export async function findSessionActor(
  db: DbOrTx,
  token: string,
): Promise<SessionActorRow | undefined> {
  const [row] = await sessionActorStatement(db).execute({ token });
  return row;
}

// Every signed-in request runs it: built and prepared once (see preparedStatement).
const sessionActorStatement = preparedStatement('session_actor', (db) => {
  const membership = db
    .select({ accountId: accountMembers.organizationId, role: accountMembers.role })
    .from(accountMembers)
    .innerJoin(businessAccounts, eq(businessAccounts.id, accountMembers.organizationId))
    .where(and(eq(accountMembers.userId, sessions.userId), isNull(accountMembers.deactivatedAt)))
    .orderBy(
      sql`(${accountMembers.organizationId} = ${sessions.activeOrganizationId}) desc nulls last`,
      sql`(${accountMembers.role} in ('owner', 'business_admin')) desc`,
      asc(accountMembers.createdAt),
      asc(businessAccounts.name),
    )
    .limit(1)
    .as('membership');
  return db
    .select({
      sessionId: sessions.id,
      userId: sessions.userId,
      email: users.email,
      expiresAt: sessions.expiresAt,
      accountId: membership.accountId,
      storedRole: membership.role,
      timeZone: businessDetails.timeZone,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoinLateral(membership, sql`true`)
    .leftJoin(businessDetails, eq(businessDetails.accountId, membership.accountId))
    .where(eq(sessions.token, sql.placeholder('token')));
});

/**
 * What a new password must not be made of, for the user found by id or by phone number: their
 * e-mail, phone number, names and the names of the businesses they belong to.
 */
export async function findPasswordOwner(
  db: DbOrTx,
  by: { userId: string } | { phoneNumber: string },
): Promise<PasswordOwner | null> {
  const [user] = await db
    .select()
    .from(users)
    .where('userId' in by ? eq(users.id, by.userId) : eq(users.phoneNumber, by.phoneNumber));
  if (!user) return null;
  const businesses = await db
    .select({ name: businessAccounts.name })
    .from(accountMembers)
    .innerJoin(businessAccounts, eq(businessAccounts.id, accountMembers.organizationId))
    .where(eq(accountMembers.userId, user.id));
  return {
    email: user.email,
    phoneNumber: user.phoneNumber,
    names: [
      user.name,
      user.firstName,
      user.lastName,
      user.businessName,
      ...businesses.map((b) => b.name),
    ],
  };
}

/** What a personal access token acts as: its person in its business, while they are a member. */
export interface AccessTokenActorRow {
  tokenId: string;
  scopes: AccessTokenScope[];
  userId: string;
  email: string;
  accountId: string;
  storedRole: string;
  timeZone: string | null;
}

/**
 * The person and business of an access token (by its hash), read on every use so that a revoked
 * token, a deactivated member or a changed role holds at once. Marks the token used.
 */
export async function findAccessTokenActor(
  db: DbOrTx,
  tokenHash: string,
): Promise<AccessTokenActorRow | undefined> {
  const [row] = await db
    .update(accessTokens)
    .set({ lastUsedAt: sql`now()` })
    .from(users)
    .where(and(eq(accessTokens.tokenHash, tokenHash), eq(users.id, accessTokens.userId)))
    .returning({
      tokenId: accessTokens.id,
      scopes: accessTokens.scopes,
      userId: accessTokens.userId,
      email: users.email,
      accountId: accessTokens.accountId,
    });
  if (!row) return undefined;
  const [member] = await db
    .select({ storedRole: accountMembers.role, timeZone: businessDetails.timeZone })
    .from(accountMembers)
    .leftJoin(businessDetails, eq(businessDetails.accountId, accountMembers.organizationId))
    .where(
      and(
        eq(accountMembers.organizationId, row.accountId),
        eq(accountMembers.userId, row.userId),
        isNull(accountMembers.deactivatedAt),
      ),
    );
  return member ? { ...row, ...member } : undefined;
}
