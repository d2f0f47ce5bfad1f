import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountIdColumn, createdAtColumn, idColumn, ownerIdColumn } from './columns.ts';
import { jobs } from './jobs.ts';

/**
 * Proof of service (issue 26): one page per completed visit, opened by its own token; the
 * client's one answer (confirmed, or a problem in their words) is kept on it.
 */
export const visitProofs = pgTable(
  'visit_proofs',
  {
    id: idColumn(),
    accountId: accountIdColumn(),
    jobId: ownerIdColumn('job_id', () => jobs.id),
    /** The page's link version (decision 055): its token is signed, not stored. */
    shareVersion: integer('share_version').notNull().default(1),
    /** The SHA-256 of the link sent before tokens were signed; null once drawn anew. */
    legacyTokenHash: text('legacy_token_hash'),
    answer: text('answer').$type<'confirmed' | 'problem'>(),
    problem: text('problem'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** When the automatic e-mail to the contact was queued; null when none could be sent. */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('visit_proofs_legacy_token_idx').on(t.legacyTokenHash),
    uniqueIndex('visit_proofs_job_idx').on(t.accountId, t.jobId),
    check(
      'visit_proofs_answer_check',
      sql`${t.answer} is null or ${t.answer} in ('confirmed', 'problem')`,
    ),
  ],
);

/** The business's proof of service setting: how many days a client has to answer. */
export const proofSettings = pgTable('proof_settings', {
  accountId: accountIdColumn().primaryKey(),
  responseDays: integer('response_days').notNull().default(7),
});
