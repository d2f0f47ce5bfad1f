import {
  canAssignRole,
  mapMemberRole,
  ROLE_LABELS,
  type AssignableRole,
  type EmployeeUpdate,
  type EmployeeValues,
  type PublicInvitation,
  type Role,
  type TeamEmployee,
  type TeamInvitation,
} from '@crewdesk/domain';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, orNotFound } from '../../lib/app-error.ts';
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

export function cannotAssign(role: Role): AppError {
  return new AppError(
    'FORBIDDEN',
    `You cannot give the role ${ROLE_LABELS[role]}: it carries more rights than your own role may hand out.`,
  );
}
