import { DEFAULT_TIME_SETTINGS } from '@crewdesk/domain';
import type { Db } from '../../db/client.ts';
import { recordEvent } from '../events/index.ts';
import * as repo from './time.repo.ts';

// ---------------------------------------------------------------------------------------------
// The hourly sweep
// ---------------------------------------------------------------------------------------------

/** How long before the forgotten-punch close the person is reminded (at most half the limit). */
const REMINDER_LEAD_HOURS = 2;

/**
 * Reminds each person whose timer nears the forgotten-punch limit (once per timer: the hourly
 * sweep lands inside the reminder window before the close), then closes timers left running
 * past the limit (at the limit, flagged for review, with an event the person's managers see),
 * and forgets locations past their retention.
 */
export async function sweepTime(
  db: Db,
  now: Date,
): Promise<{ reminded: number; closed: number; purged: number }> {
  const reminded = await remindRunningTimers(db, now);
  let closed = 0;
  const forgotten = await repo.forgottenTimers(
    db,
    now,
    { defaultHours: DEFAULT_TIME_SETTINGS.forgottenPunchHours, shortestHours: 1 },
    500,
  );
  for (const { entry, limitHours } of forgotten) {
    await db.transaction(async (tx) => {
      const closesAt = new Date(entry.startedAt.getTime() + Number(limitHours) * 3_600_000);
      if (!(await repo.closeForgotten(tx, entry, closesAt))) return;
      closed += 1;
      await recordEvent(tx, {
        accountId: entry.accountId,
        type: 'time_entry.auto_closed',
        subjectId: entry.id,
        payload: { employeeId: entry.employeeId },
      });
    });
  }
  const purged = await repo.purgeLocations(db, now, {
    defaultDays: DEFAULT_TIME_SETTINGS.locationRetentionDays,
    shortestDays: 1,
  });
  return { reminded, closed, purged };
}

async function remindRunningTimers(db: Db, now: Date): Promise<number> {
  let reminded = 0;
  const timers = await repo.timersToRemind(
    db,
    now,
    { defaultHours: DEFAULT_TIME_SETTINGS.forgottenPunchHours, leadHours: REMINDER_LEAD_HOURS },
    500,
  );
  for (const { entry, limitHours } of timers) {
    await db.transaction(async (tx) => {
      if (!(await repo.markReminded(tx, entry.id, now))) return;
      reminded += 1;
      const closesAt = new Date(entry.startedAt.getTime() + Number(limitHours) * 3_600_000);
      await recordEvent(tx, {
        accountId: entry.accountId,
        type: 'time_entry.still_running',
        subjectId: entry.id,
        payload: { employeeId: entry.employeeId, closesAt: closesAt.toISOString() },
      });
    });
  }
  return reminded;
}
