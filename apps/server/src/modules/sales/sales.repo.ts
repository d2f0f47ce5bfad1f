import {
  OPEN_SALES_STAGES,
  SALES_STAGES,
  type LeadSource,
  type SalesStage,
} from '@crewdesk/domain';
import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { activeMembership, idInAccount, returnedRow } from '../../db/queries.ts';
import {
  accountMembers,
  customers,
  requestEvents,
  requests,
  salesNotes,
  salesOpportunities,
  salesOpportunityRequests,
  salesSettings,
  salesStageMoves,
  users,
} from '../../db/schema/index.ts';
import { cappedCountColumn } from '../../lib/capped-count.ts';
import { olderThanCursor } from '../../lib/keyset.ts';

export type OpportunityRow = typeof salesOpportunities.$inferSelect;
export type SettingsRow = typeof salesSettings.$inferSelect;

const o = salesOpportunities;
/**
 * The outer row's columns inside sql`` subqueries, spelled with the table's name: in a one-table
 * select drizzle renders ${o.id} bare, which a subquery would read as its own table's column.
 */
const O_ID = sql.raw('"sales_opportunities"."id"');
const O_ACCOUNT = sql.raw('"sales_opportunities"."account_id"');
const O_CUSTOMER = sql.raw('"sales_opportunities"."customer_id"');

// ---- Settings and the first use ----

export async function findSettings(db: DbOrTx, accountId: string) {
  const [row] = await db.select().from(salesSettings).where(eq(salesSettings.accountId, accountId));
  return row;
}

/** Writes the settings row if there is none; true when this call wrote it (it then backfills). */
export async function claimFirstUse(
  tx: Tx,
  accountId: string,
  lostReasons: readonly string[],
): Promise<boolean> {
  const rows = await tx
    .insert(salesSettings)
    .values({ accountId, lostReasons: [...lostReasons] })
    .onConflictDoNothing()
    .returning({ accountId: salesSettings.accountId });
  return rows.length > 0;
}

export async function updateSettings(
  tx: Tx,
  accountId: string,
  values: Partial<typeof salesSettings.$inferInsert>,
): Promise<SettingsRow> {
  return returnedRow(
    await tx
      .update(salesSettings)
      .set(values)
      .where(eq(salesSettings.accountId, accountId))
      .returning(),
    'sales settings update',
  );
}

/** The requests no opportunity holds yet, with their contact's source (the backfill). */
export async function unlinkedRequests(tx: Tx, accountId: string) {
  return tx
    .select({
      id: requests.id,
      customerId: requests.customerId,
      title: requests.title,
      status: requests.status,
      expiresAt: requests.expiresAt,
      amountCents: requests.amountCents,
      source: requests.source,
      userId: requests.userId,
      createdAt: requests.createdAt,
      contactSource: customers.source,
    })
    .from(requests)
    .leftJoin(customers, eq(customers.id, requests.customerId))
    .where(
      and(
        eq(requests.accountId, accountId),
        sql`not exists (select 1 from ${salesOpportunityRequests} l where l.account_id = "requests"."account_id" and l.request_id = "requests"."id")`,
      ),
    )
    .orderBy(asc(requests.createdAt), asc(requests.id));
}

// ---- Opportunities ----

export async function insertOpportunity(
  tx: DbOrTx,
  values: typeof salesOpportunities.$inferInsert,
): Promise<OpportunityRow> {
  return returnedRow(await tx.insert(o).values(values).returning(), 'opportunity insert');
}

export async function updateOpportunity(
  tx: DbOrTx,
  accountId: string,
  id: string,
  values: Partial<typeof salesOpportunities.$inferInsert>,
): Promise<OpportunityRow> {
  return returnedRow(
    await tx
      .update(o)
      .set(values)
      .where(idInAccount(o, accountId, id))
      .returning(),
    'opportunity update',
  );
}

export async function findOpportunity(db: DbOrTx, accountId: string, id: string) {
  const [row] = await db
    .select()
    .from(o)
    .where(idInAccount(o, accountId, id));
  return row;
}

export async function lockOpportunity(tx: Tx, accountId: string, id: string) {
  const [row] = await tx
    .select()
    .from(o)
    .where(idInAccount(o, accountId, id))
    .for('update');
  return row;
}

/** The contact's most recent opportunity still in play: a new request of theirs joins it. */
export async function lockOpenOpportunityOfContact(tx: Tx, accountId: string, customerId: string) {
  const [row] = await tx
    .select()
    .from(o)
    .where(
      and(
        eq(o.accountId, accountId),
        eq(o.customerId, customerId),
        inArray(o.stage, [...OPEN_SALES_STAGES]),
      ),
    )
    .orderBy(desc(o.openedAt), desc(o.id))
    .limit(1)
    .for('update');
  return row;
}

/** Many opportunities in one statement (the backfill). */
export async function insertOpportunities(
  tx: DbOrTx,
  values: (typeof salesOpportunities.$inferInsert)[],
): Promise<void> {
  if (values.length > 0) await tx.insert(o).values(values);
}

/** Many request links in one statement (the backfill). */
export async function linkRequests(
  tx: DbOrTx,
  links: { accountId: string; opportunityId: string; requestId: string }[],
): Promise<void> {
  if (links.length > 0)
    await tx.insert(salesOpportunityRequests).values(links).onConflictDoNothing();
}

export async function linkRequest(
  tx: DbOrTx,
  accountId: string,
  opportunityId: string,
  requestId: string,
): Promise<void> {
  await tx
    .insert(salesOpportunityRequests)
    .values({ accountId, opportunityId, requestId })
    .onConflictDoNothing();
}

export async function opportunityOfRequest(tx: DbOrTx, accountId: string, requestId: string) {
  const [row] = await tx
    .select({ opportunityId: salesOpportunityRequests.opportunityId })
    .from(salesOpportunityRequests)
    .where(
      and(
        eq(salesOpportunityRequests.accountId, accountId),
        eq(salesOpportunityRequests.requestId, requestId),
      ),
    );
  return row?.opportunityId;
}

export async function findRequestForSales(tx: DbOrTx, accountId: string, requestId: string) {
  const [row] = await tx
    .select({
      id: requests.id,
      customerId: requests.customerId,
      title: requests.title,
      source: requests.source,
      userId: requests.userId,
      contactSource: customers.source,
    })
    .from(requests)
    .leftJoin(customers, eq(customers.id, requests.customerId))
    .where(idInAccount(requests, accountId, requestId));
  return row;
}

/** The requests of an opportunity, oldest first. */
export async function requestsOfOpportunity(db: DbOrTx, accountId: string, opportunityId: string) {
  return db
    .select({
      id: requests.id,
      title: requests.title,
      type: requests.type,
      proposalType: requests.proposalType,
      status: requests.status,
      expiresAt: requests.expiresAt,
      amountCents: requests.amountCents,
      createdAt: requests.createdAt,
      viewedAt: requests.viewedAt,
    })
    .from(salesOpportunityRequests)
    .innerJoin(
      requests,
      and(
        eq(requests.id, salesOpportunityRequests.requestId),
        eq(requests.accountId, salesOpportunityRequests.accountId),
      ),
    )
    .where(
      and(
        eq(salesOpportunityRequests.accountId, accountId),
        eq(salesOpportunityRequests.opportunityId, opportunityId),
      ),
    )
    .orderBy(asc(requests.createdAt), asc(requests.id));
}

export async function insertMove(
  tx: DbOrTx,
  values: typeof salesStageMoves.$inferInsert,
): Promise<boolean> {
  const rows = await tx
    .insert(salesStageMoves)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: salesStageMoves.id });
  return rows.length > 0;
}

export async function insertNote(tx: DbOrTx, values: typeof salesNotes.$inferInsert) {
  return returnedRow(await tx.insert(salesNotes).values(values).returning(), 'note insert');
}

/** Many stage moves in one statement (the backfill). */
export async function insertMoves(
  tx: DbOrTx,
  values: (typeof salesStageMoves.$inferInsert)[],
): Promise<void> {
  if (values.length > 0) await tx.insert(salesStageMoves).values(values).onConflictDoNothing();
}

/** An active member of the account who may work the pipeline, with their role. */
export async function memberRole(db: DbOrTx, accountId: string, userId: string) {
  const [row] = await db
    .select({ role: accountMembers.role })
    .from(accountMembers)
    .where(activeMembership(accountId, userId));
  return row?.role;
}

export async function activeMembersWithNames(db: DbOrTx, accountId: string) {
  return db
    .select({ userId: accountMembers.userId, role: accountMembers.role, name: users.name })
    .from(accountMembers)
    .innerJoin(users, eq(users.id, accountMembers.userId))
    .where(and(eq(accountMembers.organizationId, accountId), isNull(accountMembers.deactivatedAt)))
    .orderBy(asc(users.name));
}

export async function contactOf(db: DbOrTx, accountId: string, customerId: string) {
  const [row] = await db
    .select()
    .from(customers)
    .where(idInAccount(customers, accountId, customerId));
  return row;
}

// ---- Lists ----

/** The value a card shows: typed in, else its quotes'. */
export const valueExpr = sql<number>`coalesce(${o.enteredValueCents}, ${o.quotedValueCents})`;

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
