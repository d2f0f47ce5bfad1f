import { INVOICE_MESSAGES } from '@crewdesk/domain';
import { createHash } from 'node:crypto';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import * as repo from './idempotency.repo.ts';

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
    if (!(await repo.claimKey(tx, scope))) return earlierAnswer<T>(tx, scope);
    const answer = await work(tx);
    await repo.saveAnswer(tx, scope, answer);
    return answer;
  });
}

async function earlierAnswer<T>(db: DbOrTx, scope: repo.KeyScope): Promise<Answer<T>> {
  const row = await repo.findKey(db, scope);
  if (!row || row.requestHash !== scope.fingerprint || row.statusCode === null)
    throw new AppError('CONFLICT', INVOICE_MESSAGES.idempotencyMismatch);
  return { statusCode: row.statusCode, body: row.response as T };
}
