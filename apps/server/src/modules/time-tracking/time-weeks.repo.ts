import type { TimesheetStatus } from '@crewdesk/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { employees, timeCorrections, timesheets } from '../../db/schema/index.ts';
import { type CorrectionRow, correctionColumns } from './time-rows.repo.ts';

export async function timesheetsOfWeek(db: DbOrTx, accountId: string, weekStart: string) {
  return db
    .select()
    .from(timesheets)
    .where(and(eq(timesheets.accountId, accountId), eq(timesheets.weekStart, weekStart)));
}

export async function lockTimesheet(
  tx: Tx,
  accountId: string,
  employeeId: string,
  weekStart: string,
) {
  await tx.insert(timesheets).values({ accountId, employeeId, weekStart }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(timesheets)
    .where(
      and(
        eq(timesheets.accountId, accountId),
        eq(timesheets.employeeId, employeeId),
        eq(timesheets.weekStart, weekStart),
      ),
    )
    .for('update');
  return row!;
}

export async function findTimesheetStatus(
  db: DbOrTx,
  accountId: string,
  employeeId: string,
  weekStart: string,
): Promise<TimesheetStatus> {
  const [row] = await db
    .select({ status: timesheets.status })
    .from(timesheets)
    .where(
      and(
        eq(timesheets.accountId, accountId),
        eq(timesheets.employeeId, employeeId),
        eq(timesheets.weekStart, weekStart),
      ),
    );
  return row?.status ?? 'open';
}

export async function setTimesheetStatus(
  tx: Tx,
  id: string,
  status: TimesheetStatus,
  by: { userId: string; at: Date },
) {
  const stamps =
    status === 'submitted'
      ? { submittedAt: by.at }
      : status === 'approved'
        ? { approvedAt: by.at, approvedBy: by.userId }
        : status === 'paid'
          ? { paidAt: by.at }
          : { approvedAt: null, approvedBy: null, submittedAt: null };
  await tx
    .update(timesheets)
    .set({ status, ...stamps, updatedAt: sql`now()` })
    .where(eq(timesheets.id, id));
}

// ---- sweeps ----

export async function insertCorrection(tx: Tx, values: typeof timeCorrections.$inferInsert) {
  const [row] = await tx
    .insert(timeCorrections)
    .values(values)
    .returning({ id: timeCorrections.id });
  return row!.id;
}

export async function findCorrection(
  db: DbOrTx,
  accountId: string,
  id: string,
): Promise<CorrectionRow | undefined> {
  const [row] = await db
    .select(correctionColumns)
    .from(timeCorrections)
    .innerJoin(employees, eq(employees.id, timeCorrections.employeeId))
    .where(and(eq(timeCorrections.accountId, accountId), eq(timeCorrections.id, id)));
  return row;
}

export async function lockCorrection(tx: Tx, accountId: string, id: string) {
  const [row] = await tx
    .select(correctionColumns)
    .from(timeCorrections)
    .innerJoin(employees, eq(employees.id, timeCorrections.employeeId))
    .where(and(eq(timeCorrections.accountId, accountId), eq(timeCorrections.id, id)))
    .for('update', { of: timeCorrections });
  return row;
}

export async function listCorrections(
  db: DbOrTx,
  accountId: string,
  filter: { status: 'pending' | 'approved' | 'refused'; employeeIds?: readonly string[] },
): Promise<CorrectionRow[]> {
  return db
    .select(correctionColumns)
    .from(timeCorrections)
    .innerJoin(employees, eq(employees.id, timeCorrections.employeeId))
    .where(
      and(
        eq(timeCorrections.accountId, accountId),
        eq(timeCorrections.status, filter.status),
        filter.employeeIds
          ? inArray(timeCorrections.employeeId, [...filter.employeeIds])
          : undefined,
      ),
    )
    .orderBy(sql`${timeCorrections.createdAt} desc`)
    .limit(200);
}

export async function decideCorrection(
  tx: Tx,
  id: string,
  decision: { status: 'approved' | 'refused'; by: string; at: Date; note: string | null },
) {
  await tx
    .update(timeCorrections)
    .set({
      status: decision.status,
      decidedBy: decision.by,
      decidedAt: decision.at,
      note: decision.note,
    })
    .where(eq(timeCorrections.id, id));
}
