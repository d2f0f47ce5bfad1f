import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { returnedRow } from '../../db/queries.ts';
import { mailMessages } from '../../db/schema/index.ts';

export type MailRow = typeof mailMessages.$inferSelect;
export type NewMailRow = typeof mailMessages.$inferInsert;
type MailUpdate = Partial<Pick<MailRow, 'status' | 'attempts' | 'sentAt' | 'lastError'>>;

// Mail rows are found by id: sign-in mail belongs to no account, and the delivery job carries
// only the id. Lists are scoped by account.

export async function insertMail(db: DbOrTx, values: NewMailRow): Promise<MailRow> {
  return returnedRow(await db.insert(mailMessages).values(values).returning(), 'mail insert');
}

/** The rows of a batch of messages (any order; ids without a row are left out). */
export function findMails(db: DbOrTx, ids: string[]): Promise<MailRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select().from(mailMessages).where(inArray(mailMessages.id, ids));
}

export async function updateMail(db: DbOrTx, id: string, values: MailUpdate): Promise<void> {
  await db.update(mailMessages).set(values).where(eq(mailMessages.id, id));
}

/** Messages still queued that were stored before `olderThan`. */
export async function queuedMailIds(db: DbOrTx, olderThan: Date): Promise<string[]> {
  const rows = await db
    .select({ id: mailMessages.id })
    .from(mailMessages)
    .where(and(eq(mailMessages.status, 'queued'), lt(mailMessages.createdAt, olderThan)));
  return rows.map((row) => row.id);
}

/** The outbox of one business account, newest first. */
export function listMailOfAccount(
  db: DbOrTx,
  accountId: string,
  limit: number,
  before?: Date,
): Promise<MailRow[]> {
  const scope = eq(mailMessages.accountId, accountId);
  return db
    .select()
    .from(mailMessages)
    .where(before ? and(scope, lt(mailMessages.createdAt, before)) : scope)
    .orderBy(desc(mailMessages.createdAt))
    .limit(limit);
}

/** Messages waiting to be sent and messages that gave up, across accounts (for /metrics). */
export async function countOutbox(db: DbOrTx): Promise<{ queued: number; failed: number }> {
  const rows = await db
    .select({ status: mailMessages.status, count: sql<number>`count(*)::int` })
    .from(mailMessages)
    .where(inArray(mailMessages.status, ['queued', 'failed']))
    .groupBy(mailMessages.status);
  const count = (status: string) => rows.find((r) => r.status === status)?.count ?? 0;
  return { queued: count('queued'), failed: count('failed') };
}
