import {
  canAssignRole,
  invitationExpiresAt,
  invitationStatus,
  mapMemberRole,
  ONBOARDING_FINAL_STEP,
  type AssignableRole,
  type PublicInvitation,
  type Role,
  type TeamInvitation,
} from '@crewdesk/domain';
import { recordEvent } from '../events/index.ts';
import type { Db } from '../../db/client.ts';
import { AppError, orNotFound } from '../../lib/app-error.ts';
import { assertStrongPassword } from '../../lib/weak-password.ts';
import { createCredentialUser, type Auth } from '../identity/index.ts';
import type { Mailer } from '../mail/index.ts';
import { employeeFromUser, setSessionActiveAccount } from '../accounts/index.ts';
import { invitationLink, invitationMail } from './invitation-mail.ts';
import * as repo from './team.repo.ts';
import { type TeamActor, cannotAssign } from './team.service.ts';

// ---------------------------------------------------------------------------------------------
// Invitations

function storedRole(role: string | null): Role {
  return mapMemberRole(role ?? 'member');
}

function toTeamInvitation(row: repo.InvitationListRow): TeamInvitation {
  return {
    id: row.id,
    email: row.email,
    role: storedRole(row.role),
    status: invitationStatus(row.status, row.expiresAt) === 'expired' ? 'expired' : 'pending',
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    invitedBy: row.inviterName,
  };
}

export async function listInvitations(db: Db, accountId: string): Promise<TeamInvitation[]> {
  return (await repo.listPendingInvitations(db, accountId)).map(toTeamInvitation);
}

export interface InviteDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
}

/**
 * Invites an address with a role and e-mails the link. Inviting an address that already has a
 * pending invitation renews that one (new role, new expiry, the same link) instead of adding
 * a second.
 */
export async function inviteMember(
  deps: InviteDeps,
  actor: TeamActor,
  input: { email: string; role: AssignableRole },
): Promise<{ invitation: TeamInvitation; renewed: boolean }> {
  const { db } = deps;
  if (!canAssignRole(actor.role, input.role)) throw cannotAssign(input.role);
  const member = await repo.findMemberByEmail(db, actor.accountId, input.email);
  if (member) {
    throw new AppError(
      'CONFLICT',
      member.deactivatedAt
        ? `${input.email} was deactivated in this business. Reactivate them from the team list instead.`
        : `${input.email} is already a member of this business.`,
    );
  }
  const existing = await repo.findPendingInvitationByEmail(db, actor.accountId, input.email);
  const values = {
    role: input.role,
    expiresAt: invitationExpiresAt(),
    inviterId: actor.userId,
  };
  const row = existing
    ? await repo.updateInvitation(db, existing.id, values)
    : await repo.insertInvitation(db, {
        id: crypto.randomUUID(),
        organizationId: actor.accountId,
        email: input.email,
        status: 'pending',
        ...values,
      });

  const [businessName, inviter] = await Promise.all([
    repo.findBusinessName(db, actor.accountId),
    repo.findUser(db, actor.userId),
  ]);
  const inviterName =
    [inviter?.firstName, inviter?.lastName].filter(Boolean).join(' ') ||
    inviter?.name ||
    businessName;
  await deps.mailer.queue({
    accountId: actor.accountId,
    kind: 'team-invitation',
    to: row.email,
    fromName: businessName,
    ...invitationMail({
      businessName,
      inviterName,
      role: storedRole(row.role),
      url: invitationLink(deps.publicUrl, row.id),
    }),
  });
  return {
    invitation: toTeamInvitation({ ...row, inviterName: inviter?.name ?? null }),
    renewed: existing !== undefined,
  };
}

export async function cancelInvitation(db: Db, accountId: string, id: string): Promise<void> {
  const row = orNotFound(await repo.findInvitationInAccount(db, accountId, id), 'Invitation');
  if (row.status !== 'pending') {
    throw new AppError(
      'CONFLICT',
      row.status === 'accepted'
        ? 'This invitation has already been accepted.'
        : 'This invitation was already canceled.',
    );
  }
  await repo.updateInvitation(db, id, { status: 'canceled' });
}

// ---------------------------------------------------------------------------------------------
// Answering an invitation (the invitee)

function businessNameOf(row: repo.PublicInvitationRow): string {
  return row.businessName?.trim() || row.accountName;
}

export async function getPublicInvitation(db: Db, id: string): Promise<PublicInvitation> {
  const row = orNotFound(await repo.findInvitation(db, id), 'Invitation');
  return {
    id: row.id,
    businessName: businessNameOf(row),
    role: storedRole(row.role),
    email: row.email,
    status: invitationStatus(row.status, row.expiresAt),
    expiresAt: row.expiresAt.toISOString(),
    invitedBy: row.inviterName,
  };
}

function refuseUnlessPending(row: repo.PublicInvitationRow): void {
  const status = invitationStatus(row.status, row.expiresAt);
  if (status === 'pending') return;
  const business = businessNameOf(row);
  throw new AppError(
    'CONFLICT',
    status === 'expired'
      ? `This invitation has expired. Ask ${business} to send you a new one.`
      : status === 'accepted'
        ? 'This invitation has already been accepted.'
        : `This invitation was canceled. Ask ${business} to send you a new one.`,
  );
}

export interface AcceptedInvitation {
  accountId: string;
  businessName: string;
  role: Role;
}

/**
 * Joins the invitation's business with its role: the membership, an employee record (the one
 * added by hand with this e-mail, else a new one), and onboarding marked done (spec section 4:
 * an invited member skips it, with step 3).
 */
async function join(
  db: Db,
  row: repo.PublicInvitationRow,
  user: repo.UserRow,
): Promise<AcceptedInvitation> {
  const accountId = row.organizationId;
  const role = row.role ?? 'member';
  await db.transaction(async (tx) => {
    const member = await repo.findMember(tx, accountId, user.id);
    if (member?.deactivatedAt) {
      throw new AppError(
        'CONFLICT',
        `Your membership in ${businessNameOf(row)} was deactivated. Ask an admin to reactivate it.`,
      );
    }
    if (!member) await repo.insertMember(tx, { accountId, userId: user.id, role });
    const employee =
      (await repo.findEmployeeOfUser(tx, accountId, user.id)) ??
      (await repo.findUnlinkedEmployeeByEmail(tx, accountId, user.email));
    let employeeId: string;
    if (employee) {
      await repo.updateEmployee(tx, accountId, employee.id, {
        userId: user.id,
        employmentStatus: 'active',
      });
      employeeId = employee.id;
    } else {
      employeeId = (await repo.insertEmployee(tx, employeeFromUser(accountId, user.id, user))).id;
    }
    await repo.updateInvitation(tx, row.id, { status: 'accepted' });
    if (!member)
      await recordEvent(tx, {
        accountId,
        type: 'member.joined',
        subjectId: employeeId,
        actorUserId: user.id,
        payload: { userId: user.id },
      });
    await repo.markJoinedByInvitation(tx, {
      userId: user.id,
      accountId,
      finalStep: ONBOARDING_FINAL_STEP,
    });
  });
  const member = await repo.findMember(db, accountId, user.id);
  return {
    accountId,
    businessName: businessNameOf(row),
    role: mapMemberRole(member?.role ?? role),
  };
}

/** A signed-in user accepts: their e-mail must be the invitation's. */
export async function acceptInvitation(
  db: Db,
  actor: { userId: string; sessionId: string },
  id: string,
): Promise<AcceptedInvitation> {
  const row = orNotFound(await repo.findInvitation(db, id), 'Invitation');
  const user = orNotFound(await repo.findUser(db, actor.userId), 'User');
  if (user.email.toLowerCase() !== row.email.toLowerCase()) {
    throw new AppError(
      'FORBIDDEN',
      `This invitation was sent to ${row.email}. Sign in with that e-mail address to accept it.`,
    );
  }
  refuseUnlessPending(row);
  const accepted = await join(db, row, user);
  await setSessionActiveAccount(db, {
    userId: actor.userId,
    sessionId: actor.sessionId,
    accountId: accepted.accountId,
  });
  return accepted;
}

/**
 * Someone without an account signs up from the link: the user is created for the invitation's
 * e-mail, already verified (the link reached that mailbox), joins the business and is signed in.
 * Returns the Set-Cookie headers of the new session.
 */
export async function signUpFromInvitation(
  deps: { db: Db; auth: Auth },
  id: string,
  input: { firstName: string; lastName: string; password: string },
  requestHeaders: Headers,
): Promise<{ accepted: AcceptedInvitation; cookies: string[] }> {
  const { db, auth } = deps;
  const row = orNotFound(await repo.findInvitation(db, id), 'Invitation');
  refuseUnlessPending(row);
  if (await repo.findUserByEmail(db, row.email)) {
    throw new AppError(
      'CONFLICT',
      'An account with this e-mail address already exists. Sign in to accept the invitation.',
    );
  }
  assertStrongPassword(input.password, {
    email: row.email,
    names: [input.firstName, input.lastName, row.accountName, row.businessName],
  });

  // No confirmation mail: the invitation proved the address. The session comes below.
  const created = await createCredentialUser(
    auth,
    {
      email: row.email,
      name: `${input.firstName} ${input.lastName}`.trim(),
      firstName: input.firstName,
      lastName: input.lastName,
      emailVerified: true,
    },
    input.password,
    'email-password',
  );
  // Every new user gets a business of their own at sign-up; an invitee came to join this one,
  // so that empty account goes again and the invitation's business is their only one.
  await repo.deleteAccountsOfNewUser(db, created.id);

  const user = await repo.findUser(db, created.id);
  if (!user) throw new Error('the new user is missing');
  const accepted = await join(db, row, user);

  const signedIn = await auth.api.signInEmail({
    body: { email: row.email, password: input.password },
    headers: requestHeaders,
    returnHeaders: true,
  });
  const token = (signedIn.response as { token?: string | null }).token;
  if (token) await repo.setSessionAccountByToken(db, token, accepted.accountId);
  return { accepted, cookies: signedIn.headers.getSetCookie() };
}
