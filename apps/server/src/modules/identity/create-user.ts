import type { Role } from '@crewdesk/domain';
import type { Db } from '../../db/client.ts';
import { employeeFromUser, listBusinessAccounts } from '../accounts/index.ts';
import type { Auth } from './auth.ts';
import * as repo from './identity.repo.ts';

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
  await repo.deleteSessionsOfUser(db, userId);
  const [account] = await listBusinessAccounts(db, userId);
  if (!account) throw new Error(`No business account was created for ${input.email}`);
  if (input.role && input.role !== 'owner') {
    await repo.setMemberRole(db, { accountId: account.account_id, userId, role: input.role });
  }
  if (input.emailVerified !== false) await repo.markEmailVerified(db, userId);
  return { userId, accountId: account.account_id, email: input.email };
}

type InternalAdapter = Awaited<Auth['$context']>['internalAdapter'];

/**
 * better-auth's own user and credential records, as its e-mail sign-up makes them, minus its
 * confirmation mail and session: for the sign-ups that are not its e-mail form (a phone number,
 * an invitation). Its hooks still run, so the user's own business account comes with them.
 */
export async function createCredentialUser(
  auth: Auth,
  user: Parameters<InternalAdapter['createUser']>[0],
  password: string,
  method: string,
): Promise<{ id: string }> {
  const context = await auth.$context;
  const hash = await context.password.hash(password);
  const created = await context.internalAdapter.createUser(user, { method });
  if (!created) throw new Error('better-auth created no user');
  await context.internalAdapter.linkAccount({
    userId: created.id,
    providerId: 'credential',
    accountId: created.id,
    password: hash,
  });
  return created;
}

/** Adds an existing user to another business account with a role. */
export async function addMember(
  db: Db,
  input: { accountId: string; userId: string; role: Role },
): Promise<void> {
  if (!(await repo.accountExists(db, input.accountId))) {
    throw new Error(`Unknown account ${input.accountId}`);
  }
  const user = await repo.findUser(db, input.userId);
  const employee = user ? employeeFromUser(input.accountId, input.userId, user) : null;
  await repo.insertMember(db, input, employee);
}
