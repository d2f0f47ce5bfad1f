import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { accountIdColumn, createdAtColumn, userRefColumn } from './columns.ts';

/**
 * The offline visit view's receipts (issue 26): one row per change a phone made, under the id
 * the phone gave it, written in the same transaction as the change. A retry finds its row and
 * gets the same answer; nothing is applied twice. The job is not a foreign key: a refused change
 * may name a visit that is gone, and its receipt still answers the retry.
 */
export const fieldChanges = pgTable(
  'field_changes',
  {
    accountId: accountIdColumn(),
    clientId: uuid('client_id').notNull(),
    jobId: uuid('job_id').notNull(),
    userId: userRefColumn('user_id'),
    kind: text('kind').$type<'checklist' | 'note' | 'status' | 'photo'>().notNull(),
    /** The checklist item a tick is for, so a tick made earlier on the phone never wins. */
    itemId: uuid('item_id'),
    madeAt: timestamp('made_at', { withTimezone: true }).notNull(),
    outcome: text('outcome').$type<'applied' | 'superseded' | 'refused'>().notNull(),
    message: text('message'),
    /** The visit's start when the change arrived, if the office had moved it meanwhile. */
    movedTo: timestamp('moved_to', { withTimezone: true }),
    /** True when the office had moved it (movedTo null: taken off the schedule). */
    moved: boolean('moved').notNull().default(false),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.clientId] }),
    index('field_changes_item_idx').on(t.accountId, t.itemId, t.madeAt),
    index('field_changes_created_idx').on(t.createdAt),
    check('field_changes_kind_check', sql`${t.kind} in ('checklist', 'note', 'status', 'photo')`),
    check('field_changes_outcome_check', sql`${t.outcome} in ('applied', 'superseded', 'refused')`),
  ],
);
