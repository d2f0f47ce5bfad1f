import {
  isPhoneOnlyEmail,
  localDateOf,
  notificationPath,
  type LedgerSubject,
} from '@crewdesk/domain';

import type { FastifyBaseLogger } from 'fastify';
import { QUEUES, startPeriodicRun, type JobQueue } from '../../background/queue.ts';
import type { Db } from '../../db/client.ts';

import { type Mailer, renderMail } from '../mail/index.ts';
import * as repo from './events.repo.ts';
import * as sweeps from './ledger-sweeps.repo.ts';

/** The digest goes out from this hour of the business's day. */
const DIGEST_HOUR = 7;
/** Notifications listed in one digest at most; the rest are on /notifications. */
const DIGEST_LIST_MAX = 20;

/**
 * Writes `invoice.overdue` for every open invoice whose due date has passed in its business's
 * calendar, once per invoice (a unique index skips those already written), and wakes the
 * dispatchers. Answers how many became overdue.
 */
export async function recordOverdueInvoices(db: Db, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const count = await sweeps.insertOverdueInvoiceEvents(tx, now);
    if (count > 0) await sweeps.wakeDispatchers(tx);
    return count;
  });
}

/**
 * Writes `request.expired` for every offer still waiting for the client whose expiry has passed
 * within the last two days, once per request (a unique index skips those already written), and
 * wakes the dispatchers: the sales pipeline moves on it (decision 031). The request's own status
 * stays as stored; everyone reads it as 'expired' by its date (effectiveStatus).
 */
export async function recordExpiredRequests(db: Db, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const count = await sweeps.insertExpiredOfferEvents(tx, now);
    if (count > 0) await sweeps.wakeDispatchers(tx);
    return count;
  });
}

/**
 * The daily digest: one e-mail a day for each member who chose it, listing what they have not
 * read and were not e-mailed about, from 7 a.m. in their business's time zone. The notifications
 * are claimed and the message stored in one transaction per person, so a run that slips through
 * twice sends nothing twice. Answers how many digests went out.
 */
export async function sendDailyDigests(
  deps: { db: Db; mailer: Mailer; publicUrl: string },
  now: Date,
): Promise<number> {
  const chosen = await sweeps.digestChoosers(deps.db);
  let sent = 0;
  for (const person of chosen) {
    const timeZone = person.timeZone ?? 'UTC';
    if (!digestDue(now, timeZone, person.lastDigestAt)) continue;
    const id = await digestFor(deps, person, now);
    if (id) {
      await deps.mailer.enqueue(id);
      sent += 1;
    }
  }
  return sent;
}

/** Past 7 a.m. today in the business's calendar, and no digest yet today. */
export function digestDue(now: Date, timeZone: string, last: Date | null): boolean {
  const hour = Number(
    new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(now),
  );
  if (hour < DIGEST_HOUR) return false;
  return last === null || localDateOf(last, timeZone) < localDateOf(now, timeZone);
}

async function digestFor(
  deps: { db: Db; mailer: Mailer; publicUrl: string },
  person: { accountId: string; userId: string },
  now: Date,
): Promise<string | null> {
  return deps.db.transaction(async (tx) => {
    const member = await repo.memberContact(tx, person.accountId, person.userId);
    await repo.markDigestSent(tx, person.accountId, person.userId, now);
    if (!member || isPhoneOnlyEmail(member.email)) return null;
    const untold = await repo.claimUnemailed(tx, person.accountId, person.userId, null, now);
    if (untold.length === 0) return null;
    const business = await repo.accountName(tx, person.accountId);
    const listed = untold
      .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime())
      .slice(0, DIGEST_LIST_MAX);
    const more = untold.length - listed.length;
    const { id } = await deps.mailer.storeInTransaction(tx, {
      accountId: person.accountId,
      kind: 'notification:digest',
      to: member.email,
      fromName: business,
      ...renderMail({
        subject: `Your day at ${business}: ${untold.length} unread`,
        heading: `${untold.length} unread notifications`,
        paragraphs: [
          ...listed.map(
            (n) =>
              `${n.title} — ${deps.publicUrl}${notificationPath(n.subject as LedgerSubject, n.subjectId)}`,
          ),
          ...(more > 0 ? [`And ${more} more.`] : []),
        ],
        action: { label: 'Open notifications', url: `${deps.publicUrl}/notifications` },
        footer: `You chose one e-mail a day. Change it in Settings > Notifications: ${deps.publicUrl}/settings?section=notifications`,
      }),
    });
    return id;
  });
}

/** Queues the hourly run at start and every hour; one process's run per hour does the work. */
export async function startEventsHourlyWorker(deps: {
  jobs: JobQueue;
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  now: () => Date;
  log: FastifyBaseLogger;
}): Promise<() => void> {
  const { jobs, now, log } = deps;
  return startPeriodicRun(
    jobs,
    QUEUES.eventsHourly,
    now,
    async () => {
      const overdue = await recordOverdueInvoices(deps.db, now());
      const expired = await recordExpiredRequests(deps.db, now());
      const digests = await sendDailyDigests(deps, now());
      if (overdue + expired + digests > 0)
        log.info({ overdue, expired, digests }, 'hourly events run');
    },
    (error) => log.error({ err: error }, 'could not queue the hourly events run'),
  );
}
