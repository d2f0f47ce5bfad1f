import { INVOICE_MESSAGES } from '@crewdesk/domain';
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { idempotencyKeys } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';

export interface Answer<T> {
  statusCode: number;
  body: T;
}

/** The request a key was first used with: method, path and the parsed body. */
export function requestFingerprint(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${path}\n${JSON.stringify(body ?? null)}`)
    .digest('hex');
}

/**
 * Runs `work` once per (account, key). The key's row is written in the same transaction as the
 * work, so a concurrent request with the same key waits on it and then gets the first one's
 * answer; a failed attempt leaves no row and may be retried. The same key with another request
 * is refused.
 */
export async function runOnce<T>(
  db: Db,
  scope: { accountId: string; key: string; fingerprint: string },
  work: (tx: Tx) => Promise<Answer<T>>,
): Promise<Answer<T>> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ accountId: scope.accountId, key: scope.key, requestHash: scope.fingerprint })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) return earlierAnswer<T>(tx, scope);
    const answer = await work(tx);
    await tx
      .update(idempotencyKeys)
      .set({ statusCode: answer.statusCode, response: answer.body as object })
      .where(
        and(eq(idempotencyKeys.accountId, scope.accountId), eq(idempotencyKeys.key, scope.key)),
      );
    return answer;
  });
}

async function earlierAnswer<T>(
  db: DbOrTx,
  scope: { accountId: string; key: string; fingerprint: string },
): Promise<Answer<T>> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.accountId, scope.accountId), eq(idempotencyKeys.key, scope.key)));
  if (!row || row.requestHash !== scope.fingerprint || row.statusCode === null)
    throw new AppError('CONFLICT', INVOICE_MESSAGES.idempotencyMismatch);
  return { statusCode: row.statusCode, body: row.response as T };
}
