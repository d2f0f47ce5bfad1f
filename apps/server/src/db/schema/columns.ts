import { sql, type SQL } from 'drizzle-orm';
import {
  bigserial,
  index,
  jsonb,
  text,
  timestamp,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { businessAccounts } from './accounts.ts';
import { users } from './auth.ts';

// The columns (and the search index) most tenant tables repeat, written once so that they cannot drift apart. Each is a
// function because drizzle needs a fresh column builder per table. The SQL they make is the
// migrations' (drizzle-kit generate finds no change), so no migration is touched.

/** A random uuid primary key. */
export const idColumn = () => uuid('id').primaryKey().defaultRandom();

/** The tenant: every tenant table carries it, and a deleted account takes its rows with it. */
export const accountIdColumn = () =>
  uuid('account_id')
    .notNull()
    .references(() => businessAccounts.id, { onDelete: 'cascade' });

/** A row that belongs to a parent row (a job's visit, an invoice's payment) and goes with it. */
export const ownerIdColumn = (name: string, owner: () => AnyPgColumn) =>
  uuid(name).notNull().references(owner, { onDelete: 'cascade' });

export const createdAtColumn = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const updatedAtColumn = () =>
  timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Who did something, kept as history when that user is deleted. */
export const userRefColumn = (name: string) =>
  uuid(name).references(() => users.id, { onDelete: 'set null' });

/**
 * An entry of an entity's history (job_events, invoice_events): what happened, its details, who
 * did it, when, and in which order (events of one transaction share its timestamp).
 */
export const historyEntryColumns = <Kind extends string>() => ({
  kind: text('kind').$type<Kind>().notNull(),
  detail: jsonb('detail').$type<Record<string, unknown>>(),
  actorUserId: userRefColumn('actor_user_id'),
  createdAt: createdAtColumn(),
  seq: bigserial('seq', { mode: 'number' }).notNull(),
});

/**
 * Search "anywhere" in a list's text within one account: a trigram GIN index led by the account id
 * (btree_gin). A query must spell the text exactly as `searchText` for the index to apply.
 */
export const accountSearchIndex = (name: string, accountId: AnyPgColumn, searchText: SQL) =>
  index(name).using('gin', accountId, sql`${searchText} gin_trgm_ops`);
