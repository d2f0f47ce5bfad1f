import {
  OPEN_SALES_STAGES,
  SALES_STAGES,
  type LeadSource,
  type SalesStage,
} from '@crewdesk/domain';
import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { idInAccount } from '../../db/queries.ts';
import {
  customers,
  requestEvents,
  requests,
  salesNotes,
  salesOpportunityRequests,
  salesStageMoves,
  users,
} from '../../db/schema/index.ts';
import { cappedCountColumn } from '../../lib/capped-count.ts';
import { olderThanCursor } from '../../lib/keyset.ts';
import { O_ACCOUNT, O_CUSTOMER, O_ID, o, valueExpr } from './sales-columns.repo.ts';

// ---- Lists ----

/**
 * Whether an offer of the opportunity was viewed at or before the cutoff and is still waiting
 * for its answer (and has not expired).
 */
function nudgeExpr(cutoff: Date, now: Date): SQL<boolean> {
  return sql<boolean>`(${o.stage} = 'quoted' and exists (
    select 1 from ${salesOpportunityRequests} l
    join ${requests} r on r.account_id = l.account_id and r.id = l.request_id
    where l.account_id = ${O_ACCOUNT} and l.opportunity_id = ${O_ID}
      and r.status = 'viewed' and r.viewed_at <= ${cutoff.toISOString()}::timestamptz
      and r.expires_at > ${now.toISOString()}::timestamptz))`;
}

export interface ListFilter {
  accountId: string;
  /** Only these owners' (and, with includeUnowned, the unowned); undefined: everyone's. */
  ownerIs?: string | 'none';
  /** The person's own and the unowned (a sales person's default view). */
  mineOrUnowned?: string;
  source?: LeadSource;
  stage?: SalesStage;
  minValueCents?: number;
  maxValueCents?: number;
  /** The business's today: follow-ups before it are overdue. */
  overdueBefore?: string;
  nudge?: { cutoff: Date; now: Date };
  q?: string;
}

function likePattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function conditions(f: ListFilter): SQL {
  const parts: (SQL | undefined)[] = [eq(o.accountId, f.accountId)];
  if (f.mineOrUnowned) parts.push(or(eq(o.ownerUserId, f.mineOrUnowned), isNull(o.ownerUserId)));
  if (f.ownerIs === 'none') parts.push(isNull(o.ownerUserId));
  else if (f.ownerIs) parts.push(eq(o.ownerUserId, f.ownerIs));
  if (f.source) parts.push(eq(o.source, f.source));
  if (f.stage) parts.push(eq(o.stage, f.stage));
  if (f.minValueCents !== undefined) parts.push(sql`${valueExpr} >= ${f.minValueCents}`);
  if (f.maxValueCents !== undefined) parts.push(sql`${valueExpr} <= ${f.maxValueCents}`);
  if (f.overdueBefore)
    parts.push(
      and(
        inArray(o.stage, [...OPEN_SALES_STAGES]),
        sql`${o.followUpOn} < ${f.overdueBefore}::date`,
      ),
    );
  if (f.nudge) parts.push(nudgeExpr(f.nudge.cutoff, f.nudge.now));
  if (f.q) {
    const pattern = likePattern(f.q);
    parts.push(
      sql`(lower(${o.title}) like ${pattern} or exists (
        select 1 from ${customers} c where c.account_id = ${O_ACCOUNT} and c.id = ${O_CUSTOMER}
          and lower(c.first_name || ' ' || c.last_name || ' ' || coalesce(c.company, '')) like ${pattern}))`,
    );
  }
  return and(...parts) as SQL;
}

function summaryColumns(nudge: { cutoff: Date; now: Date }) {
  return {
    id: o.id,
    title: o.title,
    stage: o.stage,
    source: o.source,
    customerId: o.customerId,
    contactFirst: customers.firstName,
    contactLast: customers.lastName,
    contactCompany: customers.company,
    ownerUserId: o.ownerUserId,
    ownerName: users.name,
    valueCents: sql<number>`${valueExpr}`.mapWith(Number).as('value_cents'),
    enteredValueCents: o.enteredValueCents,
    quotedValueCents: o.quotedValueCents,
    stageEnteredAt: o.stageEnteredAt,
    followUpOn: o.followUpOn,
    expectedCloseOn: o.expectedCloseOn,
    lostReason: o.lostReason,
    openedAt: o.openedAt,
    needsNudge: nudgeExpr(nudge.cutoff, nudge.now).mapWith(Boolean).as('needs_nudge'),
    requestCount: sql<number>`(select count(*)::int from ${salesOpportunityRequests} l
      where l.account_id = ${O_ACCOUNT} and l.opportunity_id = ${O_ID})`
      .mapWith(Number)
      .as('request_count'),
  };
}

export type SummaryRow = Awaited<ReturnType<typeof listPage>>[number];

/** One page of the list, newest first, each row carrying the capped count of all that match. */
export async function listPage(
  db: DbOrTx,
  filter: ListFilter,
  page: { limit: number; cursor?: { at: Date; id: string }; countCap: number },
  nudge: { cutoff: Date; now: Date },
) {
  const where = conditions(filter);
  const matching = db
    .select({ one: sql`1` })
    .from(o)
    .where(where)
    .limit(page.countCap + 1);
  return db
    .select({ ...summaryColumns(nudge), total: cappedCountColumn(matching).mapWith(Number) })
    .from(o)
    .leftJoin(customers, and(eq(customers.id, o.customerId), eq(customers.accountId, o.accountId)))
    .leftJoin(users, eq(users.id, o.ownerUserId))
    .where(and(where, olderThanCursor(o.openedAt, o.id, page.cursor)))
    .orderBy(desc(o.openedAt), desc(o.id))
    .limit(page.limit);
}

export async function countMatching(db: DbOrTx, filter: ListFilter, cap: number) {
  const rows = await db
    .select({ one: sql`1` })
    .from(o)
    .where(conditions(filter))
    .limit(cap + 1);
  return rows.length;
}

/** Each stage's count, value total and weighted total over everything that matches. */
export async function stageAggregates(
  db: DbOrTx,
  filter: ListFilter,
  probabilities: Record<SalesStage, number>,
) {
  const probability = sql.join(
    [
      sql`case ${o.stage}`,
      ...SALES_STAGES.map((s) => sql`when ${s} then ${probabilities[s]}::numeric`),
      sql`else 0 end`,
    ],
    sql` `,
  );
  return db
    .select({
      stage: o.stage,
      count: sql<number>`count(*)::int`.mapWith(Number),
      totalCents: sql<number>`coalesce(sum(${valueExpr}), 0)::float8`.mapWith(Number),
      weightedCents:
        sql<number>`coalesce(sum(round(${valueExpr}::numeric * ${probability} / 100)), 0)::float8`.mapWith(
          Number,
        ),
    })
    .from(o)
    .where(conditions(filter))
    .groupBy(o.stage);
}

/** The first cards of every column in one statement: the most recently moved first. */
export async function boardCards(
  db: DbOrTx,
  filter: ListFilter,
  perColumn: number,
  nudge: { cutoff: Date; now: Date },
) {
  const ranked = db
    .select({
      ...summaryColumns(nudge),
      rank: sql<number>`row_number() over (partition by ${o.stage} order by ${o.stageEnteredAt} desc, ${o.id} desc)`.as(
        'rank',
      ),
    })
    .from(o)
    .leftJoin(customers, and(eq(customers.id, o.customerId), eq(customers.accountId, o.accountId)))
    .leftJoin(users, eq(users.id, o.ownerUserId))
    .where(conditions(filter))
    .as('ranked');
  return db
    .select()
    .from(ranked)
    .where(sql`${ranked.rank} <= ${perColumn}`)
    .orderBy(asc(ranked.stage), asc(ranked.rank));
}

export async function summaryOf(
  db: DbOrTx,
  accountId: string,
  id: string,
  nudge: { cutoff: Date; now: Date },
) {
  const [row] = await db
    .select(summaryColumns(nudge))
    .from(o)
    .leftJoin(customers, and(eq(customers.id, o.customerId), eq(customers.accountId, o.accountId)))
    .leftJoin(users, eq(users.id, o.ownerUserId))
    .where(idInAccount(o, accountId, id));
  return row;
}

// ---- The detail page ----

export async function movesOf(db: DbOrTx, accountId: string, opportunityId: string) {
  return db
    .select({
      id: salesStageMoves.id,
      fromStage: salesStageMoves.fromStage,
      toStage: salesStageMoves.toStage,
      lostReason: salesStageMoves.lostReason,
      note: salesStageMoves.note,
      byUserId: salesStageMoves.byUserId,
      byName: users.name,
      causeType: salesStageMoves.causeType,
      createdAt: salesStageMoves.createdAt,
    })
    .from(salesStageMoves)
    .leftJoin(users, eq(users.id, salesStageMoves.byUserId))
    .where(
      and(
        eq(salesStageMoves.accountId, accountId),
        eq(salesStageMoves.opportunityId, opportunityId),
      ),
    )
    .orderBy(desc(salesStageMoves.createdAt), desc(salesStageMoves.seq))
    .limit(500);
}

export async function notesOf(db: DbOrTx, accountId: string, opportunityId: string, max: number) {
  return db
    .select({
      id: salesNotes.id,
      body: salesNotes.body,
      authorUserId: salesNotes.authorUserId,
      authorName: users.name,
      createdAt: salesNotes.createdAt,
    })
    .from(salesNotes)
    .leftJoin(users, eq(users.id, salesNotes.authorUserId))
    .where(and(eq(salesNotes.accountId, accountId), eq(salesNotes.opportunityId, opportunityId)))
    .orderBy(desc(salesNotes.createdAt), desc(salesNotes.seq))
    .limit(max);
}

/** The history of the opportunity's requests (created, sent, viewed, answered …), newest first. */
export async function requestHistoryOf(
  db: DbOrTx,
  accountId: string,
  opportunityId: string,
  max: number,
) {
  return db
    .select({
      requestId: requestEvents.requestId,
      title: requests.title,
      kind: requestEvents.kind,
      createdAt: requestEvents.createdAt,
    })
    .from(requestEvents)
    .innerJoin(
      salesOpportunityRequests,
      eq(salesOpportunityRequests.requestId, requestEvents.requestId),
    )
    .innerJoin(requests, eq(requests.id, requestEvents.requestId))
    .where(
      and(
        eq(requestEvents.accountId, accountId),
        eq(salesOpportunityRequests.accountId, accountId),
        eq(salesOpportunityRequests.opportunityId, opportunityId),
      ),
    )
    .orderBy(desc(requestEvents.createdAt), desc(requestEvents.id))
    .limit(max);
}

// ---- Source to cash ----
