import type { JobPerson } from '@crewdesk/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

import { employees, jobAssignees } from '../../db/schema/index.ts';

// Who works on visits: a visit's assignees, the team's active members.

export async function setAssignees(
  db: DbOrTx,
  accountId: string,
  jobId: string,
  employeeIds: readonly string[],
): Promise<void> {
  await db
    .delete(jobAssignees)
    .where(and(eq(jobAssignees.accountId, accountId), eq(jobAssignees.jobId, jobId)));
  if (employeeIds.length > 0)
    await db
      .insert(jobAssignees)
      .values([...new Set(employeeIds)].map((employeeId) => ({ accountId, jobId, employeeId })));
}

export async function assigneeIdsOf(
  db: DbOrTx,
  accountId: string,
  jobId: string,
): Promise<string[]> {
  const rows = await db
    .select({ id: jobAssignees.employeeId })
    .from(jobAssignees)
    .where(and(eq(jobAssignees.accountId, accountId), eq(jobAssignees.jobId, jobId)));
  return rows.map((r) => r.id);
}

/** The ids among `ids` that are active employees of the account. */
export async function activeEmployeeIds(
  db: DbOrTx,
  accountId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: employees.id })
    .from(employees)
    .where(
      and(
        eq(employees.accountId, accountId),
        inArray(employees.id, [...ids]),
        eq(employees.employmentStatus, 'active'),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** The employee record of a signed-in member within the account, if any. */
export async function employeeOfUser(db: DbOrTx, accountId: string, userId: string) {
  const [row] = await db
    .select({ id: employees.id, firstName: employees.firstName, lastName: employees.lastName })
    .from(employees)
    .where(and(eq(employees.accountId, accountId), eq(employees.userId, userId)))
    .limit(1);
  return row;
}

export async function activeMembers(db: DbOrTx, accountId: string): Promise<JobPerson[]> {
  return db
    .select({
      id: employees.id,
      firstName: employees.firstName,
      lastName: employees.lastName,
      userId: employees.userId,
    })
    .from(employees)
    .where(and(eq(employees.accountId, accountId), eq(employees.employmentStatus, 'active')))
    .orderBy(asc(employees.firstName), asc(employees.id));
}
