import {
  canAssignRole,
  invitationExpiresAt,
  invitationStatus,
  mapMemberRole,
  ONBOARDING_FINAL_STEP,
  ROLE_LABELS,
  type AssignableRole,
  type EmployeeUpdate,
  type EmployeeValues,
  type PublicInvitation,
  type Role,
  type TeamEmployee,
  type TeamInvitation,
} from '@crewdesk/domain';
import { recordEvent } from '../events/index.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, orNotFound } from '../../lib/app-error.ts';
import { assertStrongPassword } from '../../lib/weak-password.ts';
import { createCredentialUser, type Auth } from '../identity/index.ts';
import type { Mailer } from '../mail/index.ts';
import { employeeFromUser, setSessionActiveAccount } from '../accounts/index.ts';
import { invitationLink, invitationMail } from './invitation-mail.ts';
import * as repo from './team.repo.ts';

// The answers' shapes are the domain's (team-api.ts), which the routes serialize with.
export type { PublicInvitation, TeamEmployee, TeamInvitation };

/** The signed-in user acting in their active account. */
export interface TeamActor {
  userId: string;
  accountId: string;
  role: Role;
}

// ---------------------------------------------------------------------------------------------
// Employees

function toTeamEmployee(row: repo.TeamEmployeeRow): TeamEmployee {
  const linked = row.userId !== null && row.memberRole !== null;
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    employmentStatus: row.employmentStatus,
    payRateCents: row.payRateCents,
    crewLeaderId: row.crewLeaderId,
    userId: row.userId,
    role: linked ? mapMemberRole(row.memberRole!) : null,
    memberStatus: linked ? (row.memberDeactivatedAt ? 'deactivated' : 'active') : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listTeam(
  db: Db,
  accountId: string,
  query: { limit: number; offset: number; status?: 'active' | 'inactive'; role?: 'team_leader' },
) {
  const { rows, total } = await repo.listEmployees(db, accountId, query);
  const nextOffset = query.offset + rows.length < total ? query.offset + rows.length : null;
  return {
    items: rows.map(toTeamEmployee),
    total,
    limit: query.limit,
    offset: query.offset,
    nextOffset,
  };
}

/** The team-member picker's choices: only employees whose employment_status is active. */
export async function listEmployeeOptions(
  db: Db,
  accountId: string,
): Promise<{ id: string; firstName: string; lastName: string }[]> {
  return repo.listActiveEmployeeOptions(db, accountId);
}

export async function getEmployee(db: Db, accountId: string, id: string): Promise<TeamEmployee> {
  const row = orNotFound(await repo.findEmployee(db, accountId, id), 'Employee');
  return toTeamEmployee(row);
}

export async function createEmployee(
  db: Db,
  accountId: string,
  input: EmployeeValues,
): Promise<TeamEmployee> {
  const row = await repo.insertEmployee(db, {
    accountId,
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email ?? null,
    phone: input.phone ?? null,
    payRateCents: input.payRateCents ?? null,
  });
  return getEmployee(db, accountId, row.id);
}

export async function updateEmployee(
  db: Db,
  actor: TeamActor,
  id: string,
  patch: EmployeeUpdate,
): Promise<TeamEmployee> {
  const current = orNotFound(await repo.findEmployee(db, actor.accountId, id), 'Employee');
  const { employmentStatus, ...fields } = patch;
  if (fields.crewLeaderId) await checkCrewLeader(db, actor.accountId, id, fields.crewLeaderId);
  await db.transaction(async (tx) => {
    if (Object.keys(fields).length > 0) await repo.updateEmployee(tx, actor.accountId, id, fields);
    if (employmentStatus && employmentStatus !== current.employmentStatus) {
      if (current.userId && current.memberRole !== null) {
        // A login's employment follows its membership: deactivating one ends the other.
        await changeMemberActive(tx, actor, current.userId, employmentStatus === 'active');
      } else {
        await repo.updateEmployee(tx, actor.accountId, id, { employmentStatus });
      }
    }
  });
  return getEmployee(db, actor.accountId, id);
}

/** A crew is led by a team leader of the same business, never by the person themselves. */
async function checkCrewLeader(
  db: DbOrTx,
  accountId: string,
  employeeId: string,
  leaderId: string,
): Promise<void> {
  if (leaderId === employeeId) {
    throw new AppError('BAD_REQUEST', 'crewLeaderId: A person cannot lead their own crew.');
  }
  const leader = await repo.findEmployee(db, accountId, leaderId);
  if (!leader || leader.memberRole === null || mapMemberRole(leader.memberRole) !== 'team_leader') {
    throw new AppError('BAD_REQUEST', 'crewLeaderId: Choose a team leader of this business.');
  }
}

// ---------------------------------------------------------------------------------------------
// Members: role and deactivation (business admin rights; never the owner, never oneself)

async function changeableMember(
  db: DbOrTx,
  actor: TeamActor,
  userId: string,
  what: 'role' | 'status',
): Promise<repo.MemberRow> {
  const member = orNotFound(await repo.findMember(db, actor.accountId, userId), 'Member');
  if (member.role === 'owner') {
    throw new AppError(
      'FORBIDDEN',
      what === 'role' ? "The owner's role cannot be changed." : 'The owner cannot be deactivated.',
    );
  }
  if (member.userId === actor.userId) {
    throw new AppError(
      'FORBIDDEN',
      what === 'role' ? 'You cannot change your own role.' : 'You cannot deactivate yourself.',
    );
  }
  return member;
}

export async function changeMemberRole(
  db: Db,
  actor: TeamActor,
  userId: string,
  role: AssignableRole,
): Promise<void> {
  await changeableMember(db, actor, userId, 'role');
  if (!canAssignRole(actor.role, role)) throw cannotAssign(role);
  await repo.updateMember(db, actor.accountId, userId, { role });
}

async function changeMemberActive(
  db: DbOrTx,
  actor: TeamActor,
  userId: string,
  active: boolean,
): Promise<void> {
  await changeableMember(db, actor, userId, 'status');
  await repo.updateMember(db, actor.accountId, userId, {
    deactivatedAt: active ? null : new Date(),
  });
  await repo.setEmploymentStatusOfUser(db, actor.accountId, userId, active ? 'active' : 'inactive');
}

export async function setMemberActive(
  db: Db,
  actor: TeamActor,
  userId: string,
  active: boolean,
): Promise<void> {
  await db.transaction((tx) => changeMemberActive(tx, actor, userId, active));
}

/** The employee record of a member, for answers after a change. */
export async function employeeOfMember(
  db: Db,
  accountId: string,
  userId: string,
): Promise<TeamEmployee | null> {
  const employee = await repo.findEmployeeOfUser(db, accountId, userId);
  return employee ? getEmployee(db, accountId, employee.id) : null;
}

function cannotAssign(role: Role): AppError {
  return new AppError(
    'FORBIDDEN',
    `You cannot give the role ${ROLE_LABELS[role]}: it carries more rights than your own role may hand out.`,
  );
}

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
