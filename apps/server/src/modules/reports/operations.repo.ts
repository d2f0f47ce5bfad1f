import { type QuoteCategory, type QuoteFigure, type ReportGrouping } from '@crewdesk/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { requests, users } from '../../db/schema/index.ts';
import { periodKey, rowsOf, type InstantRange } from './report-rows.repo.ts';

// The SQL of the quote conversion, jobs and revenue-ahead reports. Every statement aggregates in
// PostgreSQL (grouping sets: the series, the breakdowns and the totals in one pass) and is scoped
// by the account; Node only merges the groups into the domain's periods.

// ---------------------------------------------------------------------------------------------
// Quote conversion

/** The SQL twin of categorizeRequest: a quote with a proposal type is a proposal. */
const categoryExpr = sql`case when ${requests.type} = 'quote' then (case when coalesce(${requests.proposalType}, '') <> '' then 'proposal' else 'quote' end) else 'estimate' end`;

/** The SQL twin of quoteOutcome (accepted, declined, expired on `now`, or open). */
function outcomeExpr(now: Date): SQL {
  return sql`case
    when ${requests.acceptedAt} is not null or ${requests.status} in ('accepted', 'converted') then 'accepted'
    when ${requests.declinedAt} is not null or ${requests.status} = 'declined' then 'declined'
    when ${requests.status} = 'expired' or ${requests.expiresAt} <= ${now.toISOString()}::timestamptz then 'expired'
    else 'open' end`;
}

/** Days from sending to the answer, for answers after the (last) sending. */
const answerDaysExpr = sql`case when coalesce(${requests.acceptedAt}, ${requests.declinedAt}) >= ${requests.sharedAt}
  then extract(epoch from coalesce(${requests.acceptedAt}, ${requests.declinedAt}) - ${requests.sharedAt}) / 86400.0 end`;

const sentInRange = (accountId: string, range: InstantRange) =>
  sql`${requests.accountId} = ${accountId} and ${requests.sharedAt} >= ${range.start.toISOString()}::timestamptz and ${requests.sharedAt} < ${range.end.toISOString()}::timestamptz`;

export interface QuoteGroupRow {
  period: string | null;
  category: QuoteCategory | null;
  userId: string | null;
  name: string | null;
  /** Which grouping set the row belongs to. */
  byPeriod: boolean;
  byCategory: boolean;
  bySalesPerson: boolean;
  sent: number;
  viewed: number;
  accepted: number;
  declined: number;
  expired: number;
  sentCents: number;
  acceptedCents: number;
  medianDaysToAnswer: number | null;
}

/**
 * The requests sent in the range, counted by period, by category, by the person who made them
 * and in total: one statement with grouping sets over the sent requests.
 */
/** The quote report's statement (exported for its query-plan test). */
export function quoteGroupsQuery(
  accountId: string,
  range: InstantRange,
  grouping: ReportGrouping,
  now: Date,
): SQL {
  const localDate = sql`(${requests.sharedAt} at time zone ${range.timeZone})::date`;
  // Names are looked up after the sums: one lookup per person, not one per request.
  return sql`select g.*, u.name from (
      select s.period, s.category, s.user_id,
        grouping(s.period) = 0 as by_period,
        grouping(s.category) = 0 as by_category,
        grouping(s.user_id) = 0 as by_sales_person,
        count(*)::int as sent,
        (count(*) filter (where s.viewed))::int as viewed,
        (count(*) filter (where s.outcome = 'accepted'))::int as accepted,
        (count(*) filter (where s.outcome = 'declined'))::int as declined,
        (count(*) filter (where s.outcome = 'expired'))::int as expired,
        coalesce(sum(s.amount_cents), 0)::float8 as sent_cents,
        coalesce(sum(s.amount_cents) filter (where s.outcome = 'accepted'), 0)::float8 as accepted_cents,
        percentile_cont(0.5) within group (order by s.answer_days) as median_days
      from (
        select ${periodKey(localDate, grouping)} as period,
          ${categoryExpr} as category,
          ${requests.userId} as user_id,
          ${requests.viewedAt} is not null as viewed,
          ${outcomeExpr(now)} as outcome,
          ${requests.amountCents} as amount_cents,
          ${answerDaysExpr} as answer_days
        from ${requests}
        where ${sentInRange(accountId, range)}
      ) s
      group by grouping sets ((s.period), (s.category), (s.user_id), ())
    ) g
    left join ${users} u on u.id = g.user_id and g.by_sales_person`;
}

export async function quoteGroups(
  db: DbOrTx,
  accountId: string,
  range: InstantRange,
  grouping: ReportGrouping,
  now: Date,
): Promise<QuoteGroupRow[]> {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    quoteGroupsQuery(accountId, range, grouping, now),
  );
  return rows.map((r) => ({
    period: (r.period as string | null) ?? null,
    category: (r.category as QuoteCategory | null) ?? null,
    userId: (r.user_id as string | null) ?? null,
    name: (r.name as string | null) ?? null,
    byPeriod: Boolean(r.by_period),
    byCategory: Boolean(r.by_category),
    bySalesPerson: Boolean(r.by_sales_person),
    sent: Number(r.sent),
    viewed: Number(r.viewed),
    accepted: Number(r.accepted),
    declined: Number(r.declined),
    expired: Number(r.expired),
    sentCents: Number(r.sent_cents),
    acceptedCents: Number(r.accepted_cents),
    medianDaysToAnswer: r.median_days === null ? null : Number(r.median_days),
  }));
}

/** The requests behind a quote figure, in the order they were sent; one more than `limit`. */
export async function quoteRows(
  db: DbOrTx,
  accountId: string,
  range: InstantRange,
  filter: { figure: QuoteFigure; category?: QuoteCategory; userId?: string },
  now: Date,
  limit: number,
) {
  const figure: Record<QuoteFigure, SQL> = {
    sent: sql`true`,
    viewed: sql`${requests.viewedAt} is not null`,
    accepted: sql`${outcomeExpr(now)} = 'accepted'`,
    declined: sql`${outcomeExpr(now)} = 'declined'`,
    expired: sql`${outcomeExpr(now)} = 'expired'`,
  };
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select ${requests.id} as id, ${requests.title} as title, ${requests.client} as client,
        ${categoryExpr} as category,
        to_char((${requests.sharedAt} at time zone ${range.timeZone})::date, 'YYYY-MM-DD') as sent_on,
        ${requests.status} as status, ${requests.expiresAt} as expires_at,
        ${requests.amountCents} as amount_cents, coalesce(u.name, '') as user_name
      from ${requests}
      left join ${users} u on u.id = ${requests.userId}
      where ${sentInRange(accountId, range)}
        and ${figure[filter.figure]}
        ${filter.category ? sql`and ${categoryExpr} = ${filter.category}` : sql``}
        ${
          filter.userId === 'none'
            ? sql`and ${requests.userId} is null`
            : filter.userId
              ? sql`and ${requests.userId} = ${filter.userId}`
              : sql``
        }
      order by ${requests.sharedAt}, ${requests.id}
      limit ${limit + 1}`,
  );
  return rows.map((r) => ({
    id: r.id as string,
    title: r.title as string,
    clientName: r.client as string,
    category: r.category as QuoteCategory,
    sentOn: r.sent_on as string,
    status: r.status as string,
    expiresAt: new Date(r.expires_at as string),
    amountCents: Number(r.amount_cents),
    salesPersonName: r.user_name as string,
  }));
}

// The repository's other parts, read through this one face (repo.* in operations.service.ts).
export type { InstantRange } from './report-rows.repo.ts';
export * from './work-reports.repo.ts';
export * from './people-reports.repo.ts';
