import type { JobStatus } from '@crewdesk/domain';
import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import pino from 'pino';
import type { Database } from '../src/db/client.ts';
import {
  employees,
  jobAssignees,
  jobs,
  notifications,
  webhookEndpoints,
} from '../src/db/schema/index.ts';
import { EventDispatcher, recordEvent } from '../src/modules/events/index.ts';
import { recordOverdueInvoices } from '../src/modules/events/hourly.ts';
import { TextMessenger } from '../src/modules/sms/index.ts';
import { accountTimeZone } from '../src/modules/business-profile/index.ts';

/**
 * Notifications for the demo's people (issue 18): the demo's own changes already wrote ledger
 * events (requests from the form, estimates answered, payments); this adds what a working week
 * also brings — members joining, visits assigned, moved and completed, an overdue invoice — on the
 * demo's real records, lists a webhook endpoint (off: it delivers nowhere), then dispatches the
 * ledger so every demo user opens the app to their bell. Done once: the endpoint marks it done.
 */
export async function ensureDemoNotifications(
  database: Database,
  owner: { accountId: string; userId: string },
  members: readonly { userId: string; role: string }[],
): Promise<number> {
  const db = database.db;
  const { accountId } = owner;
  const [listed] = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.accountId, accountId));
  if (!listed) {
    await db.transaction(async (tx) => {
      for (const member of members)
        await recordEvent(tx, {
          accountId,
          type: 'member.joined',
          subjectId: await employeeOf(tx, accountId, member.userId),
          actorUserId: member.userId,
          payload: { userId: member.userId },
        });
      await visitEvents(tx, owner, members);
      await tx.insert(webhookEndpoints).values({
        accountId,
        url: 'https://hooks.example.com/crewdesk',
        description: 'Example endpoint (off): put your own address here and turn it on',
        eventTypes: ['request.created', 'request.accepted', 'invoice.paid'],
        enabled: false,
        secret: `whsec_${Buffer.from('demo-secret-not-for-real-use').toString('base64')}`,
      });
    });
  }
  // What the server's hourly run does: the open invoices past their due date become overdue.
  await recordOverdueInvoices(db, new Date());
  const log = pino({ level: 'warn' });
  const dispatcher = new EventDispatcher({
    database,
    jobs: null,
    texter: new TextMessenger({ jobs: null, webhookUrl: undefined, log }),
    log,
    now: () => new Date(),
    burstSeconds: 0,
  });
  await dispatcher.idle();
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(eq(notifications.accountId, accountId));
  return row?.n ?? 0;
}

/** Every read inside the demo's transaction goes through it: PGlite has one connection. */
type Tx = Parameters<Parameters<Database['db']['transaction']>[0]>[0];

async function employeeOf(tx: Tx, accountId: string, userId: string) {
  const [row] = await tx
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.accountId, accountId), eq(employees.userId, userId)));
  if (!row) throw new Error(`no employee record for user ${userId}`);
  return row.id;
}

/**
 * The team member is put on every other visit still to do from the start of today, three of
 * them (really: the assignment is stored) and told, so their day has visits of theirs whatever
 * the hour the demo is made, and the office's day has visits that are not theirs; and they are
 * on a finished one they completed, which tells the managers.
 */
async function visitEvents(
  tx: Tx,
  owner: { accountId: string; userId: string },
  members: readonly { userId: string; role: string }[],
) {
  const { accountId } = owner;
  const member = members.find((m) => m.role === 'team_member');
  if (!member) return;
  const employeeId = await employeeOf(tx, accountId, member.userId);
  const timeZone = await accountTimeZone(tx, accountId);
  // Midnight of today in the business's time zone: today's visits not started yet count too.
  const startOfToday = sql`(date_trunc('day', now() at time zone ${timeZone}) at time zone ${timeZone})`;
  const pick = (statuses: JobStatus[], upcoming: boolean, limit: number) =>
    tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          eq(jobs.accountId, accountId),
          inArray(jobs.status, statuses),
          upcoming ? gte(jobs.startsAt, startOfToday) : lt(jobs.startsAt, sql`now()`),
        ),
      )
      .orderBy(asc(jobs.startsAt))
      .limit(limit);
  const assign = (jobId: string) =>
    tx.insert(jobAssignees).values({ accountId, jobId, employeeId }).onConflictDoNothing();
  // Today's visits already under way count too: on a day whose visits all start early, the
  // scheduled ones would all be tomorrow's and his today empty.
  const upcoming = await pick(['in_progress', 'scheduled'], true, 6);
  for (const visit of upcoming.filter((_, i) => i % 2 === 0)) {
    await assign(visit.id);
    await recordEvent(tx, {
      accountId,
      type: 'job.reassigned',
      subjectId: visit.id,
      actorUserId: owner.userId,
      payload: { from: null, to: employeeId },
    });
  }
  const [done] = await pick(['completed'], false, 1);
  if (done) {
    await assign(done.id);
    await recordEvent(tx, {
      accountId,
      type: 'job.status_changed',
      subjectId: done.id,
      actorUserId: member.userId,
      payload: { from: 'in_progress', to: 'completed' },
    });
  }
}
