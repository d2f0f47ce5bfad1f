import { and, asc, count, desc, eq, exists, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { cappedCountColumn } from '../../lib/capped-count.ts';
import { idInAccount, returnedRow } from '../../db/queries.ts';
import {
  accountInvitations,
  accountMembers,
  businessAccounts,
  businessDetails,
  employees,
  sessions,
  users,
} from '../../db/schema/index.ts';

export type EmployeeRow = typeof employees.$inferSelect;
export type MemberRow = typeof accountMembers.$inferSelect;
export type InvitationRow = typeof accountInvitations.$inferSelect;

/** An employee with the membership of their login in the same account, if they have one. */
export interface TeamEmployeeRow extends EmployeeRow {
  memberRole: string | null;
  memberDeactivatedAt: Date | null;
}

const teamEmployeeColumns = {
  id: employees.id,
  accountId: employees.accountId,
  firstName: employees.firstName,
  lastName: employees.lastName,
  email: employees.email,
  phone: employees.phone,
  employmentStatus: employees.employmentStatus,
  userId: employees.userId,
  payRateCents: employees.payRateCents,
  crewLeaderId: employees.crewLeaderId,
  createdAt: employees.createdAt,
  updatedAt: employees.updatedAt,
  memberRole: accountMembers.role,
  memberDeactivatedAt: accountMembers.deactivatedAt,
};

const memberOfEmployee = and(
  eq(accountMembers.organizationId, employees.accountId),
  eq(accountMembers.userId, employees.userId),
);

/**
 * Where the team list stops counting: far above any team, so the total is exact in practice and
 * still cannot grow with a runaway import.
 */
const TEAM_COUNT_CAP = 10_000;

export async function listEmployees(
  db: DbOrTx,
  accountId: string,
  options: {
    limit: number;
    offset: number;
    status?: 'active' | 'inactive';
    role?: 'team_leader';
  },
): Promise<{ rows: TeamEmployeeRow[]; total: number }> {
  const conditions: SQL[] = [eq(employees.accountId, accountId)];
  if (options.status) conditions.push(eq(employees.employmentStatus, options.status));
  if (options.role) {
    // People whose active login holds the role (the count reads no join, so a subquery).
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(accountMembers)
          .where(
            and(
              memberOfEmployee,
              eq(accountMembers.role, options.role),
              isNull(accountMembers.deactivatedAt),
            ),
          ),
      ),
    );
  }
  const where = and(...conditions);
  const matching = db
    .select({ one: sql`1` })
    .from(employees)
    .where(where)
    .limit(TEAM_COUNT_CAP);
  const rows = await db
    .select({ ...teamEmployeeColumns, total: cappedCountColumn(matching) })
    .from(employees)
    .leftJoin(accountMembers, memberOfEmployee)
    .where(where)
    // Spec section 7: ordered by first_name ascending; then a stable order for paging.
    .orderBy(asc(employees.firstName), asc(employees.lastName), asc(employees.id))
    .limit(options.limit)
    .offset(options.offset);
  // The page carries the total (one statement); a page past the end carries none.
  const total =
    rows[0]?.total ??
    (options.offset === 0
      ? 0
      : ((await db.select({ n: count() }).from(employees).where(where))[0]?.n ?? 0));
  return { rows: rows.map(({ total: _total, ...row }) => row), total };
}

/** Active employees as the team-member picker lists them: by first name, then a stable order. */
export async function listActiveEmployeeOptions(
  db: DbOrTx,
  accountId: string,
): Promise<{ id: string; firstName: string; lastName: string }[]> {
  return db
    .select({ id: employees.id, firstName: employees.firstName, lastName: employees.lastName })
    .from(employees)
    .where(and(eq(employees.accountId, accountId), eq(employees.employmentStatus, 'active')))
    .orderBy(asc(employees.firstName), asc(employees.lastName), asc(employees.id));
}

export async function findEmployee(
  db: DbOrTx,
  accountId: string,
  id: string,
): Promise<TeamEmployeeRow | undefined> {
  const [row] = await db
    .select(teamEmployeeColumns)
    .from(employees)
    .leftJoin(accountMembers, memberOfEmployee)
    .where(idInAccount(employees, accountId, id));
  return row;
}

export async function findEmployeeOfUser(
  db: DbOrTx,
  accountId: string,
  userId: string,
): Promise<EmployeeRow | undefined> {
  const [row] = await db
    .select()
    .from(employees)
    .where(and(eq(employees.accountId, accountId), eq(employees.userId, userId)))
    .limit(1);
  return row;
}

/** An employee added by hand with this e-mail and no login yet: the invitee's own record. */
export async function findUnlinkedEmployeeByEmail(
  db: DbOrTx,
  accountId: string,
  email: string,
): Promise<EmployeeRow | undefined> {
  const [row] = await db
    .select()
    .from(employees)
    .where(
      and(
        eq(employees.accountId, accountId),
        isNull(employees.userId),
        sql`lower(${employees.email}) = ${email.toLowerCase()}`,
      ),
    )
    .orderBy(asc(employees.createdAt))
    .limit(1);
  return row;
}

export async function insertEmployee(
  db: DbOrTx,
  values: typeof employees.$inferInsert,
): Promise<EmployeeRow> {
  return returnedRow(await db.insert(employees).values(values).returning(), 'employee insert');
}

export async function updateEmployee(
  db: DbOrTx,
  accountId: string,
  id: string,
  values: Partial<typeof employees.$inferInsert>,
): Promise<void> {
  await db
    .update(employees)
    .set({ ...values, updatedAt: new Date() })
    .where(idInAccount(employees, accountId, id));
}

export async function setEmploymentStatusOfUser(
  db: DbOrTx,
  accountId: string,
  userId: string,
  status: 'active' | 'inactive',
): Promise<void> {
  await db
    .update(employees)
    .set({ employmentStatus: status, updatedAt: new Date() })
    .where(and(eq(employees.accountId, accountId), eq(employees.userId, userId)));
}

/** The membership of a user in an account, deactivated or not. */
export async function findMember(
  db: DbOrTx,
  accountId: string,
  userId: string,
): Promise<MemberRow | undefined> {
  const [row] = await db
    .select()
    .from(accountMembers)
    .where(and(eq(accountMembers.organizationId, accountId), eq(accountMembers.userId, userId)));
  return row;
}

export async function findMemberByEmail(
  db: DbOrTx,
  accountId: string,
  email: string,
): Promise<MemberRow | undefined> {
  const [row] = await db
    .select({ member: accountMembers })
    .from(accountMembers)
    .innerJoin(users, eq(users.id, accountMembers.userId))
    .where(
      and(
        eq(accountMembers.organizationId, accountId),
        sql`lower(${users.email}) = ${email.toLowerCase()}`,
      ),
    );
  return row?.member;
}

export async function insertMember(
  db: DbOrTx,
  values: { accountId: string; userId: string; role: string },
): Promise<void> {
  await db.insert(accountMembers).values({
    id: crypto.randomUUID(),
    organizationId: values.accountId,
    userId: values.userId,
    role: values.role,
  });
}

export async function updateMember(
  db: DbOrTx,
  accountId: string,
  userId: string,
  values: { role?: string; deactivatedAt?: Date | null },
): Promise<void> {
  await db
    .update(accountMembers)
    .set(values)
    .where(and(eq(accountMembers.organizationId, accountId), eq(accountMembers.userId, userId)));
}

export interface InvitationListRow extends InvitationRow {
  inviterName: string | null;
}

const invitationColumns = {
  id: accountInvitations.id,
  organizationId: accountInvitations.organizationId,
  email: accountInvitations.email,
  role: accountInvitations.role,
  status: accountInvitations.status,
  expiresAt: accountInvitations.expiresAt,
  inviterId: accountInvitations.inviterId,
  createdAt: accountInvitations.createdAt,
  inviterName: users.name,
};

/** Invitations not yet answered (expired ones too, to send again), newest first. */
export function listPendingInvitations(
  db: DbOrTx,
  accountId: string,
): Promise<InvitationListRow[]> {
  return db
    .select(invitationColumns)
    .from(accountInvitations)
    .leftJoin(users, eq(users.id, accountInvitations.inviterId))
    .where(
      and(
        eq(accountInvitations.organizationId, accountId),
        eq(accountInvitations.status, 'pending'),
      ),
    )
    .orderBy(desc(accountInvitations.createdAt));
}

export async function findInvitationInAccount(
  db: DbOrTx,
  accountId: string,
  id: string,
): Promise<InvitationRow | undefined> {
  const [row] = await db
    .select()
    .from(accountInvitations)
    .where(and(eq(accountInvitations.organizationId, accountId), eq(accountInvitations.id, id)));
  return row;
}

export async function findPendingInvitationByEmail(
  db: DbOrTx,
  accountId: string,
  email: string,
): Promise<InvitationRow | undefined> {
  const [row] = await db
    .select()
    .from(accountInvitations)
    .where(
      and(
        eq(accountInvitations.organizationId, accountId),
        eq(accountInvitations.status, 'pending'),
        sql`lower(${accountInvitations.email}) = ${email.toLowerCase()}`,
      ),
    )
    .orderBy(desc(accountInvitations.createdAt))
    .limit(1);
  return row;
}

export async function insertInvitation(
  db: DbOrTx,
  values: typeof accountInvitations.$inferInsert,
): Promise<InvitationRow> {
  return returnedRow(
    await db.insert(accountInvitations).values(values).returning(),
    'invitation insert',
  );
}

export async function updateInvitation(
  db: DbOrTx,
  id: string,
  values: Partial<typeof accountInvitations.$inferInsert>,
): Promise<InvitationRow> {
  return returnedRow(
    await db
      .update(accountInvitations)
      .set(values)
      .where(eq(accountInvitations.id, id))
      .returning(),
    'invitation update',
  );
}

export interface PublicInvitationRow extends InvitationRow {
  accountName: string;
  businessName: string | null;
  inviterName: string | null;
}

/** One invitation by its id, whichever account it belongs to (its id is the link's secret). */
export async function findInvitation(
  db: DbOrTx,
  id: string,
): Promise<PublicInvitationRow | undefined> {
  const [row] = await db
    .select({
      ...invitationColumns,
      accountName: businessAccounts.name,
      businessName: businessDetails.businessName,
    })
    .from(accountInvitations)
    .innerJoin(businessAccounts, eq(businessAccounts.id, accountInvitations.organizationId))
    .leftJoin(businessDetails, eq(businessDetails.accountId, accountInvitations.organizationId))
    .leftJoin(users, eq(users.id, accountInvitations.inviterId))
    .where(eq(accountInvitations.id, id));
  return row;
}

/** The business's name as its mail and screens show it: the profile's, else the account's. */
export async function findBusinessName(db: DbOrTx, accountId: string): Promise<string> {
  const [row] = await db
    .select({ accountName: businessAccounts.name, businessName: businessDetails.businessName })
    .from(businessAccounts)
    .leftJoin(businessDetails, eq(businessDetails.accountId, businessAccounts.id))
    .where(eq(businessAccounts.id, accountId));
  return row?.businessName?.trim() || row?.accountName || 'Crewdesk';
}

export type UserRow = typeof users.$inferSelect;

export async function findUser(db: DbOrTx, userId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row;
}

/** Spec section 4: an invited member skips onboarding; the flag is set with step 3. */
/**
 * An invitee joined `accountId` to work there: no onboarding of their own, and every sign-in, on
 * any device, starts in that business until they choose another (users.last_account_id).
 */
export async function markJoinedByInvitation(
  db: DbOrTx,
  input: { userId: string; accountId: string; finalStep: number },
): Promise<void> {
  await db
    .update(users)
    .set({
      onboardingComplete: true,
      onboardingStepCompleted: input.finalStep,
      lastAccountId: input.accountId,
      updatedAt: new Date(),
    })
    .where(eq(users.id, input.userId));
}

/**
 * Deletes the business accounts a new user was made a member of (the empty one their sign-up
 * created): an invitee came to join another business.
 */
export async function deleteAccountsOfNewUser(db: DbOrTx, userId: string): Promise<void> {
  const owned = await db
    .select({ accountId: accountMembers.organizationId })
    .from(accountMembers)
    .where(eq(accountMembers.userId, userId));
  for (const { accountId } of owned) {
    await db.delete(businessAccounts).where(eq(businessAccounts.id, accountId));
  }
}

/** Points the session of a sign-in token at a business account. */
export async function setSessionAccountByToken(
  db: DbOrTx,
  token: string,
  accountId: string,
): Promise<void> {
  await db
    .update(sessions)
    .set({ activeOrganizationId: accountId, updatedAt: new Date() })
    .where(eq(sessions.token, token));
}
