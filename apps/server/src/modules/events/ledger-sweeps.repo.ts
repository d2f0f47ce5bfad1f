import { OPEN_INVOICE_STATUSES } from '@crewdesk/domain';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  businessDetails,
  domainEvents,
  invoices,
  notificationSettings,
  requests,
} from '../../db/schema/index.ts';
import { LEDGER_CHANNEL } from './events.repo.ts';

// The hourly run's statements (hourly.ts): events written for every business at once, the
// dispatchers woken, and who chose the daily digest.

/** How many rows an insert … returning 1 wrote (node-postgres and PGlite answer { rows }). */
const rowCount = (result: unknown) => (result as { rows: unknown[] }).rows.length;

/** Wakes every process's dispatcher: new events are in the ledger. */
export async function wakeDispatchers(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_notify(${LEDGER_CHANNEL}, '')`);
}

/**
 * `invoice.overdue` for every open invoice whose due date has passed in its business's calendar,
 * once per invoice (a unique index skips those already written). Answers how many were written.
 */
export async function insertOverdueInvoiceEvents(tx: DbOrTx, now: Date): Promise<number> {
  const inserted = await tx.execute(sql`
      insert into ${domainEvents} (account_id, type, subject, subject_id, payload, created_at)
      select i.account_id, 'invoice.overdue', 'invoice', i.id,
             jsonb_build_object('dueDate', i.due_date::text), ${now.toISOString()}::timestamptz
      from ${invoices} i
      left join ${businessDetails} d on d.account_id = i.account_id
      where i.status in (${sql.join(
        OPEN_INVOICE_STATUSES.map((s) => sql`${s}`),
        sql`, `,
      )})
        and i.balance_cents > 0
        and i.due_date < (${now.toISOString()}::timestamptz at time zone coalesce(d.time_zone, 'UTC'))::date
      on conflict (account_id, subject_id) where type = 'invoice.overdue' do nothing
      returning 1`);
  return rowCount(inserted);
}

/**
 * How far back an expiry still becomes an event. The run is hourly, so two days cover a missed
 * run or two; an offer that expired before that (every old one, on the first run after an
 * upgrade) is not announced late: the sales pipeline's backfill reads its stage from its status.
 */
const EXPIRED_LOOKBACK_MS = 48 * 60 * 60 * 1000;

/** `request.expired` for the offers expiredOffersInsert finds; answers how many were written. */
export async function insertExpiredOfferEvents(tx: DbOrTx, now: Date): Promise<number> {
  return rowCount(await tx.execute(expiredOffersInsert(now)));
}

/**
 * The statement behind recordExpiredRequests: offers still waiting whose expiry passed within
 * the lookback, across every business (requests_waiting_expiry_idx answers it). Exported for
 * the test of its plan.
 */
export function expiredOffersInsert(now: Date): SQL {
  return sql`
      insert into ${domainEvents} (account_id, type, subject, subject_id, payload, created_at)
      select r.account_id, 'request.expired', 'request', r.id, '{}'::jsonb,
             ${now.toISOString()}::timestamptz
      from ${requests} r
      where r.status in ('unopened', 'sent', 'viewed')
        and r.expires_at <= ${now.toISOString()}::timestamptz
        and r.expires_at > ${new Date(now.getTime() - EXPIRED_LOOKBACK_MS).toISOString()}::timestamptz
      on conflict (account_id, subject_id) where type = 'request.expired' do nothing
      returning 1`;
}

/** Every member who chose one e-mail a day, with their business's time zone. */
export function digestChoosers(db: Db) {
  return db
    .select({
      accountId: notificationSettings.accountId,
      userId: notificationSettings.userId,
      lastDigestAt: notificationSettings.lastDigestAt,
      timeZone: businessDetails.timeZone,
    })
    .from(notificationSettings)
    .leftJoin(businessDetails, eq(businessDetails.accountId, notificationSettings.accountId))
    .where(eq(notificationSettings.dailyDigest, true));
}
