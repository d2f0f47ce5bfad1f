import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { idempotencyKeys } from '../../db/schema/index.ts';

// The idempotency keys of writes that must happen once (idempotency.ts).

export interface KeyScope {
  accountId: string;
  key: string;
  fingerprint: string;
}

const keyOf = (scope: KeyScope) =>
  and(eq(idempotencyKeys.accountId, scope.accountId), eq(idempotencyKeys.key, scope.key));

/** True when this request is the key's first: its row is written (in the caller's transaction). */
export async function claimKey(tx: DbOrTx, scope: KeyScope): Promise<boolean> {
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({ accountId: scope.accountId, key: scope.key, requestHash: scope.fingerprint })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return claimed.length > 0;
}

/** Keeps the first request's answer with its key. */
export async function saveAnswer(
  tx: DbOrTx,
  scope: KeyScope,
  answer: { statusCode: number; body: unknown },
): Promise<void> {
  await tx
    .update(idempotencyKeys)
    .set({ statusCode: answer.statusCode, response: answer.body as object })
    .where(keyOf(scope));
}

export async function findKey(db: DbOrTx, scope: KeyScope) {
  const [row] = await db.select().from(idempotencyKeys).where(keyOf(scope));
  return row;
}
