import { and, asc, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { timeEntries, timeSettings } from '../../db/schema/index.ts';
import type { TimeEntryRow } from './time-rows.repo.ts';

/**
 * Timers of every business running longer than its forgotten-punch limit (its setting, or
 * `defaultHours`), with that limit. `longestLimitHours` bounds the scan to the index.
 */
export async function forgottenTimers(
  db: DbOrTx,
  now: Date,
  limits: { defaultHours: number; shortestHours: number },
  limit: number,
) {
  const hours = sql<number>`coalesce(${timeSettings.forgottenPunchHours}, ${limits.defaultHours})`;
  return db
    .select({ entry: timeEntries, limitHours: hours })
    .from(timeEntries)
    .leftJoin(timeSettings, eq(timeSettings.accountId, timeEntries.accountId))
    .where(
      and(
        isNull(timeEntries.endedAt),
        lte(timeEntries.startedAt, new Date(now.getTime() - limits.shortestHours * 3_600_000)),
        sql`${timeEntries.startedAt} <= ${now.toISOString()}::timestamptz - ${hours} * interval '1 hour'`,
      ),
    )
    .orderBy(asc(timeEntries.startedAt))
    .limit(limit);
}

/**
 * Timers near their business's forgotten-punch limit whose person was not reminded yet: running
 * for at least the limit less `leadHours` (at most half the limit), and not yet at the limit.
 */
export async function timersToRemind(
  db: DbOrTx,
  now: Date,
  limits: { defaultHours: number; leadHours: number },
  limit: number,
) {
  const hours = sql<number>`coalesce(${timeSettings.forgottenPunchHours}, ${limits.defaultHours})`;
  const remindAfter = sql`(${hours} - least(${limits.leadHours}, ${hours} / 2.0)) * interval '1 hour'`;
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  return db
    .select({ entry: timeEntries, limitHours: hours })
    .from(timeEntries)
    .leftJoin(timeSettings, eq(timeSettings.accountId, timeEntries.accountId))
    .where(
      and(
        isNull(timeEntries.endedAt),
        isNull(timeEntries.remindedAt),
        sql`${timeEntries.startedAt} <= ${nowSql} - ${remindAfter}`,
        sql`${timeEntries.startedAt} > ${nowSql} - ${hours} * interval '1 hour'`,
      ),
    )
    .orderBy(asc(timeEntries.startedAt))
    .limit(limit);
}

/** Marks the reminder as sent; false when the timer stopped or was reminded meanwhile. */
export async function markReminded(tx: Tx, entryId: string, at: Date): Promise<boolean> {
  const rows = await tx
    .update(timeEntries)
    .set({ remindedAt: at })
    .where(
      and(eq(timeEntries.id, entryId), isNull(timeEntries.endedAt), isNull(timeEntries.remindedAt)),
    )
    .returning({ id: timeEntries.id });
  return rows.length > 0;
}

export async function closeForgotten(tx: Tx, entry: TimeEntryRow, endedAt: Date) {
  const rows = await tx
    .update(timeEntries)
    .set({ endedAt, autoClosed: true, updatedAt: sql`now()` })
    .where(and(eq(timeEntries.id, entry.id), isNull(timeEntries.endedAt)))
    .returning({ id: timeEntries.id });
  return rows.length > 0;
}

/**
 * Forgets the locations kept longer than each business's retention allows (its setting, or
 * `defaultDays`); `shortestDays` bounds the scan to the index.
 */
export async function purgeLocations(
  db: DbOrTx,
  now: Date,
  retention: { defaultDays: number; shortestDays: number },
): Promise<number> {
  const days = sql`coalesce((select ${timeSettings.locationRetentionDays} from ${timeSettings}
    where ${timeSettings.accountId} = ${timeEntries.accountId}), ${retention.defaultDays})`;
  const rows = await db
    .update(timeEntries)
    .set({
      startLatitude: null,
      startLongitude: null,
      startAccuracyMeters: null,
      endLatitude: null,
      endLongitude: null,
      endAccuracyMeters: null,
    })
    .where(
      and(
        lt(timeEntries.startedAt, new Date(now.getTime() - retention.shortestDays * 86_400_000)),
        sql`${timeEntries.startedAt} < ${now.toISOString()}::timestamptz - ${days} * interval '1 day'`,
        or(
          sql`${timeEntries.startLatitude} is not null`,
          sql`${timeEntries.endLatitude} is not null`,
        ),
      ),
    )
    .returning({ id: timeEntries.id });
  return rows.length;
}

// ---- settings ----
