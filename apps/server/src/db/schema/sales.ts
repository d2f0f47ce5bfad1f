import type { LeadSource, SalesStage } from '@crewdesk/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';
import { requests } from './requests.ts';
import {
  accountIdColumn,
  createdAtColumn,
  idColumn,
  ownerIdColumn,
  updatedAtColumn,
  userRefColumn,
} from './columns.ts';

/**
 * The sales pipeline (issue 22, decision 031): an opportunity groups one contact's inquiry and
 * the requests made for it. Its stage moves by itself from the events ledger or by hand; every
 * move is a row of sales_stage_moves.
 */
export const salesOpportunities = pgTable(
  'sales_opportunities',
  {
    id: idColumn(),
    accountId: accountIdColumn(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    source: text('source').$type<LeadSource>().notNull(),
    stage: text('stage').$type<SalesStage>().notNull(),
    stageEnteredAt: timestamp('stage_entered_at', { withTimezone: true }).notNull(),
    ownerUserId: userRefColumn('owner_user_id'),
    /** Typed in by a person; null: the value of its quotes. */
    enteredValueCents: integer('entered_value_cents'),
    /** The value of its requests (quotedValueCents), kept by the ledger's moves. */
    quotedValueCents: integer('quoted_value_cents').notNull().default(0),
    expectedCloseOn: date('expected_close_on', { mode: 'string' }),
    followUpOn: date('follow_up_on', { mode: 'string' }),
    /** The follow-up date its owner was last told of: once per date. */
    followUpNotifiedOn: date('follow_up_notified_on', { mode: 'string' }),
    lostReason: text('lost_reason'),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    // The list, newest first (keyset on opened_at, id).
    index('sales_opportunities_account_opened_idx').on(t.accountId, t.openedAt.desc(), t.id.desc()),
    // The board's columns (longest in the stage last) and the stage filter.
    index('sales_opportunities_account_stage_idx').on(t.accountId, t.stage, t.stageEnteredAt),
    index('sales_opportunities_account_owner_idx').on(t.accountId, t.ownerUserId, t.stage),
    // A new request joins its contact's open opportunity.
    index('sales_opportunities_account_customer_idx').on(t.accountId, t.customerId, t.openedAt),
    // The hourly follow-up reminders.
    index('sales_opportunities_follow_up_idx')
      .on(t.followUpOn)
      .where(sql`${t.followUpOn} is not null and ${t.stage} in ('new', 'contacted', 'quoted')`),
  ],
);

/** The requests of an opportunity: a request belongs to one. */
export const salesOpportunityRequests = pgTable(
  'sales_opportunity_requests',
  {
    accountId: accountIdColumn(),
    requestId: ownerIdColumn('request_id', () => requests.id),
    opportunityId: ownerIdColumn('opportunity_id', () => salesOpportunities.id),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.requestId] }),
    index('sales_opportunity_requests_opportunity_idx').on(t.accountId, t.opportunityId),
  ],
);

/** Every stage an opportunity entered: who moved it, or the ledger event that did. */
export const salesStageMoves = pgTable(
  'sales_stage_moves',
  {
    id: idColumn(),
    accountId: accountIdColumn(),
    opportunityId: ownerIdColumn('opportunity_id', () => salesOpportunities.id),
    /** Null for the opening. */
    fromStage: text('from_stage').$type<SalesStage>(),
    toStage: text('to_stage').$type<SalesStage>().notNull(),
    lostReason: text('lost_reason'),
    note: text('note'),
    byUserId: userRefColumn('by_user_id'),
    /** The ledger event that moved it (its seq and type); null for a hand move. */
    causeSeq: bigint('cause_seq', { mode: 'number' }),
    causeType: text('cause_type'),
    createdAt: createdAtColumn(),
    /** The order of moves made in one instant (one transaction's share its time). */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('sales_stage_moves_opportunity_idx').on(t.accountId, t.opportunityId, t.createdAt),
    // One move per opportunity per ledger event: a second dispatch of it changes nothing.
    uniqueIndex('sales_stage_moves_cause_idx')
      .on(t.accountId, t.opportunityId, t.causeSeq)
      .where(sql`${t.causeSeq} is not null`),
  ],
);

export const salesNotes = pgTable(
  'sales_notes',
  {
    id: idColumn(),
    accountId: accountIdColumn(),
    opportunityId: ownerIdColumn('opportunity_id', () => salesOpportunities.id),
    body: text('body').notNull(),
    authorUserId: userRefColumn('author_user_id'),
    createdAt: createdAtColumn(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (t) => [index('sales_notes_opportunity_idx').on(t.accountId, t.opportunityId, t.createdAt)],
);

/**
 * A business's pipeline settings. The row is written on the pipeline's first use, in the same
 * transaction as the backfill of the requests that existed before it (decision 031).
 */
export const salesSettings = pgTable('sales_settings', {
  accountId: accountIdColumn().primaryKey(),
  teamVisible: boolean('team_visible').notNull().default(false),
  nudgeDays: integer('nudge_days').notNull().default(3),
  lostReasons: text('lost_reasons').array().notNull(),
  probabilityNew: integer('probability_new').notNull().default(10),
  probabilityContacted: integer('probability_contacted').notNull().default(25),
  probabilityQuoted: integer('probability_quoted').notNull().default(50),
  updatedAt: updatedAtColumn(),
});
