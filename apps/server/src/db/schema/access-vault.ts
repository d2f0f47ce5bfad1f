import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import {
  accountIdColumn,
  createdAtColumn,
  idColumn,
  ownerIdColumn,
  updatedAtColumn,
  userRefColumn,
} from './columns.ts';
import { customers } from './customers.ts';
import { jobs } from './jobs.ts';

/**
 * The access vault (issue 26): a contact's gate, lockbox and alarm codes and key notes. The
 * secret is sealed (AES-256-GCM, bound to the account and the entry); only the label is clear.
 * See docs/decisions/040-access-vault.md.
 */
export const accessEntries = pgTable(
  'access_entries',
  {
    id: idColumn(),
    accountId: accountIdColumn(),
    customerId: ownerIdColumn('customer_id', () => customers.id),
    label: text('label').notNull(),
    /** `v1.<iv>.<tag>.<ciphertext>` of lib/secret-box.ts; never the code in clear. */
    secretSealed: text('secret_sealed').notNull(),
    /** Which vault key sealed it, so that the key can be rotated (1: the first). */
    keyVersion: integer('key_version').notNull().default(1),
    createdBy: userRefColumn('created_by'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [index('access_entries_account_customer_idx').on(t.accountId, t.customerId, t.createdAt)],
);

/**
 * Every reveal of a code: who, when, which entry, for which visit. Written in the reveal's
 * transaction; it outlives its entry (and the visit), keeping the label it had.
 */
export const accessReveals = pgTable(
  'access_reveals',
  {
    id: idColumn(),
    accountId: accountIdColumn(),
    entryId: uuid('entry_id').references(() => accessEntries.id, { onDelete: 'set null' }),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    label: text('label').notNull(),
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    revealedBy: userRefColumn('revealed_by'),
    revealedAt: timestamp('revealed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('access_reveals_account_customer_idx').on(t.accountId, t.customerId, t.revealedAt)],
);
