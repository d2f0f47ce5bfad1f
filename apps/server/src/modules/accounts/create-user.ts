import type { Role } from '@crewdesk/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  accountMembers,
  businessAccounts,
  employees,
  sessions,
  users,
} from '../../db/schema/index.ts';
import type { Auth } from '../../plugins/auth.ts';
import { employeeFromUser } from './accounts.repo.ts';
import { listBusinessAccounts } from './accounts.service.ts';

export interface NewUser {
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
  /** The name of the business account created with the user. */
  accountName?: string;
  /** The user's role in that account (owner unless said otherwise). */
  role?: Role;
  /** Whether the address counts as confirmed (default true: nobody is there to click the link). */
  emailVerified?: boolean;
}

export interface CreatedUser {
  userId: string;
  accountId: string;
  email: string;
}

/**
 * Creates a user through the same sign-up path as the /auth page, then gives them `role` in
 * the business account created with them. Used by the demo, the CLI and test factories.
 */
export async function createUserWithPassword(
  auth: Auth,
  db: Db,
  input: NewUser,
): Promise<CreatedUser> {
  const name =
    [input.firstName, input.lastName].filter(Boolean).join(' ') ||
    input.email.split('@')[0] ||
    input.email;
  const result = await auth.api.signUpEmail({
    body: {
      email: input.email,
      password: input.password,
      name,
      firstName: input.firstName,
      lastName: input.lastName,
      businessName: input.accountName,
    },
  });
  const userId = result.user.id;
  // A user made here has not signed in anywhere yet.
  await db.delete(sessions).where(eq(sessions.userId, userId));
  const [account] = await listBusinessAccounts(db, userId);
  if (!account) throw new Error(`No business account was created for ${input.email}`);
  if (input.role && input.role !== 'owner') {
    await db
      .update(accountMembers)
      .set({ role: input.role })
      .where(
        and(
          eq(accountMembers.userId, userId),
          eq(accountMembers.organizationId, account.account_id),
        ),
      );
  }
  if (input.emailVerified !== false)
    await db.update(users).set({ emailVerified: true }).where(eq(users.id, userId));
  return { userId, accountId: account.account_id, email: input.email };
}

/** Adds an existing user to another business account with a role. */
export async function addMember(
  db: Db,
  input: { accountId: string; userId: string; role: Role },
): Promise<void> {
  const [account] = await db
    .select({ id: businessAccounts.id })
    .from(businessAccounts)
    .where(eq(businessAccounts.id, input.accountId));
  if (!account) throw new Error(`Unknown account ${input.accountId}`);
  await db.insert(accountMembers).values({
    id: crypto.randomUUID(),
    organizationId: input.accountId,
    userId: input.userId,
    role: input.role,
  });
  const [user] = await db.select().from(users).where(eq(users.id, input.userId));
  if (user)
    await db.insert(employees).values(employeeFromUser(input.accountId, input.userId, user));
}
