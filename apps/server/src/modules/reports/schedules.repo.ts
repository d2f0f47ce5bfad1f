import type { ReportScheduleInput } from '@crewdesk/domain';
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accountMembers, businessDetails, reportSchedules, users } from '../../db/schema/index.ts';

export type ScheduleRow = typeof reportSchedules.$inferSelect;

export async function listSchedules(db: DbOrTx, accountId: string): Promise<ScheduleRow[]> {
  return db
    .select()
    .from(reportSchedules)
    .where(eq(reportSchedules.accountId, accountId))
    .orderBy(asc(reportSchedules.createdAt), asc(reportSchedules.id));
}

export async function countSchedules(db: DbOrTx, accountId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(reportSchedules)
    .where(eq(reportSchedules.accountId, accountId));
  return row?.n ?? 0;
}

export async function insertSchedule(
  db: DbOrTx,
  accountId: string,
  userId: string,
  input: ReportScheduleInput,
): Promise<ScheduleRow> {
  const [row] = await db
    .insert(reportSchedules)
    .values({
      accountId,
      report: input.report,
      frequency: input.frequency,
      recipientUserIds: input.recipientUserIds,
      createdBy: userId,
    })
    .returning();
  return row!;
}

export async function updateSchedule(
  db: DbOrTx,
  accountId: string,
  id: string,
  input: ReportScheduleInput,
): Promise<ScheduleRow | undefined> {
  const [row] = await db
    .update(reportSchedules)
    .set({
      report: input.report,
      frequency: input.frequency,
      recipientUserIds: input.recipientUserIds,
      updatedAt: new Date(),
    })
    .where(and(eq(reportSchedules.accountId, accountId), eq(reportSchedules.id, id)))
    .returning();
  return row;
}

export async function deleteSchedule(db: DbOrTx, accountId: string, id: string) {
  const rows = await db
    .delete(reportSchedules)
    .where(and(eq(reportSchedules.accountId, accountId), eq(reportSchedules.id, id)))
    .returning({ id: reportSchedules.id });
  return rows.length > 0;
}

/** The active members of the account among `userIds`, with their name and e-mail. */
export async function membersAmong(db: DbOrTx, accountId: string, userIds: string[]) {
  if (userIds.length === 0) return [];
  return db
    .select({ userId: users.id, name: users.name, email: users.email })
    .from(accountMembers)
    .innerJoin(users, eq(users.id, accountMembers.userId))
    .where(
      and(
        eq(accountMembers.organizationId, accountId),
        inArray(accountMembers.userId, userIds),
        isNull(accountMembers.deactivatedAt),
      ),
    );
}

/**
 * Every schedule whose period may be due, with its business's time zone: never sent, or last sent
 * for a period before the one its frequency names on the latest "today" of any business (UTC's
 * tomorrow). The run then decides on each business's own today.
 */
export async function dueCandidates(db: DbOrTx, latestKeys: Record<'weekly' | 'monthly', string>) {
  return db
    .select({
      schedule: reportSchedules,
      timeZone: sql<string>`coalesce(${businessDetails.timeZone}, 'UTC')`,
    })
    .from(reportSchedules)
    .leftJoin(businessDetails, eq(businessDetails.accountId, reportSchedules.accountId))
    .where(
      or(
        isNull(reportSchedules.lastSentFor),
        sql`(${reportSchedules.frequency} = 'weekly' and ${reportSchedules.lastSentFor} < ${latestKeys.weekly}::date)`,
        sql`(${reportSchedules.frequency} = 'monthly' and ${reportSchedules.lastSentFor} < ${latestKeys.monthly}::date)`,
      ),
    );
}

/** Claims a period for a schedule: true only for the one run that moved it. */
export async function claimPeriod(
  db: DbOrTx,
  accountId: string,
  id: string,
  key: string,
): Promise<boolean> {
  const rows = await db
    .update(reportSchedules)
    .set({ lastSentFor: key })
    .where(
      and(
        eq(reportSchedules.accountId, accountId),
        eq(reportSchedules.id, id),
        sql`${reportSchedules.lastSentFor} is distinct from ${key}::date`,
      ),
    )
    .returning({ id: reportSchedules.id });
  return rows.length > 0;
}
