import { OPEN_SALES_STAGES } from '@crewdesk/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { salesOpportunityRequests } from '../../db/schema/index.ts';
import { O_ACCOUNT, O_ID, o, valueExpr } from './sales-columns.repo.ts';

/** Every opportunity opened in the period, with its first visit and the money its work collected. */
export async function sourceToCashRows(
  db: DbOrTx,
  accountId: string,
  period: { from?: string; to?: string; timeZone: string },
) {
  const local = sql`(${o.openedAt} at time zone ${period.timeZone})::date`;
  return db
    .select({
      source: o.source,
      stage: o.stage,
      openedAt: o.openedAt,
      firstVisitAt: sql<string | null>`(select min(j.starts_at) from jobs j
        join ${salesOpportunityRequests} l on l.account_id = j.account_id and l.request_id = j.request_id
        where l.account_id = ${O_ACCOUNT} and l.opportunity_id = ${O_ID}
          and j.status <> 'cancelled' and j.starts_at is not null)`,
      collectedCents:
        sql<number>`(select coalesce(sum(i.amount_paid_cents), 0)::float8 from invoices i
        where i.account_id = ${O_ACCOUNT} and i.status <> 'void' and (
          i.request_id in (select l.request_id from ${salesOpportunityRequests} l
            where l.account_id = ${O_ACCOUNT} and l.opportunity_id = ${O_ID})
          or i.id in (select j.invoice_id from jobs j
            join ${salesOpportunityRequests} l on l.account_id = j.account_id and l.request_id = j.request_id
            where l.account_id = ${O_ACCOUNT} and l.opportunity_id = ${O_ID} and j.invoice_id is not null)))`.mapWith(
          Number,
        ),
    })
    .from(o)
    .where(
      and(
        eq(o.accountId, accountId),
        period.from ? sql`${local} >= ${period.from}::date` : undefined,
        period.to ? sql`${local} <= ${period.to}::date` : undefined,
      ),
    );
}

// ---- Follow-ups ----

/**
 * Every opportunity still in play whose follow-up date has passed in its business's calendar and
 * whose owner was not told of that date yet: marked told and written to the ledger as
 * `opportunity.follow_up_due`, in one statement (a date is told once; a new date is told again).
 */
export async function recordDueFollowUps(tx: Tx, now: Date, channel: string): Promise<number> {
  const result = await tx.execute(sql`
    with due as (
      update ${o} set follow_up_notified_on = ${o.followUpOn}
      from (
        select s.id from ${o} s
        left join business_details d on d.account_id = s.account_id
        where s.follow_up_on is not null
          and s.stage in ('new', 'contacted', 'quoted')
          and s.owner_user_id is not null
          and s.follow_up_on < (${now.toISOString()}::timestamptz at time zone coalesce(d.time_zone, 'UTC'))::date
          and s.follow_up_notified_on is distinct from s.follow_up_on
      ) x
      where ${O_ID} = x.id
      returning ${O_ACCOUNT} as account_id, ${O_ID} as id, ${o.followUpOn} as follow_up_on,
        ${o.ownerUserId} as owner_user_id
    )
    insert into domain_events (account_id, type, subject, subject_id, actor_user_id, payload, created_at)
    select account_id, 'opportunity.follow_up_due', 'opportunity', id, null,
      jsonb_build_object('followUpOn', follow_up_on::text, 'ownerUserId', owner_user_id),
      ${now.toISOString()}::timestamptz
    from due
    returning 1`);
  const count = (result as unknown as { rows: unknown[] }).rows.length;
  if (count > 0) await tx.execute(sql`select pg_notify(${channel}, '')`);
  return count;
}

// ---------------------------------------------------------------------------------------------
// The sales person's home (the reports module's tile group, through the face)

/** One person's open opportunities per stage: count and value, summed in SQL. */
export async function ownOpenByStage(db: DbOrTx, accountId: string, userId: string) {
  return db
    .select({
      stage: o.stage,
      count: sql<number>`count(*)::int`.mapWith(Number),
      totalCents: sql<number>`coalesce(sum(${valueExpr}), 0)::float8`.mapWith(Number),
    })
    .from(o)
    .where(
      and(
        eq(o.accountId, accountId),
        eq(o.ownerUserId, userId),
        inArray(o.stage, [...OPEN_SALES_STAGES]),
      ),
    )
    .groupBy(o.stage);
}

/** One person's open opportunities with a follow-up on or before `today`: counts and the first. */
export async function ownFollowUpsDue(
  db: DbOrTx,
  accountId: string,
  userId: string,
  today: string,
  shown: number,
) {
  const due = and(
    eq(o.accountId, accountId),
    eq(o.ownerUserId, userId),
    inArray(o.stage, [...OPEN_SALES_STAGES]),
    sql`${o.followUpOn} <= ${today}::date`,
  );
  const [counts, first] = await Promise.all([
    db
      .select({
        dueToday:
          sql<number>`(count(*) filter (where ${o.followUpOn} = ${today}::date))::int`.mapWith(
            Number,
          ),
        overdue:
          sql<number>`(count(*) filter (where ${o.followUpOn} < ${today}::date))::int`.mapWith(
            Number,
          ),
      })
      .from(o)
      .where(due),
    db
      .select({
        id: o.id,
        title: o.title,
        stage: o.stage,
        followUpOn: sql<string>`${o.followUpOn}::text`,
        valueCents: sql<number>`${valueExpr}`.mapWith(Number),
      })
      .from(o)
      .where(due)
      .orderBy(asc(o.followUpOn), asc(o.id))
      .limit(shown),
  ]);
  return { dueToday: counts[0]?.dueToday ?? 0, overdue: counts[0]?.overdue ?? 0, first };
}
