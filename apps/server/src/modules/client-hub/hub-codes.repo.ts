import { and, desc, eq, gt, gte, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { clientHubCodes, clientHubSessions } from '../../db/schema/index.ts';

// Codes ---------------------------------------------------------------------------------------

export async function countCodesSince(
  db: DbOrTx,
  accountId: string,
  customerId: string,
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(clientHubCodes)
    .where(
      and(
        eq(clientHubCodes.accountId, accountId),
        eq(clientHubCodes.customerId, customerId),
        gte(clientHubCodes.createdAt, since),
      ),
    );
  return row?.n ?? 0;
}

/** Codes of a contact made before `before` (used or not): nothing reads them any more. */
export async function deleteCodesBefore(
  db: DbOrTx,
  accountId: string,
  customerId: string,
  before: Date,
): Promise<void> {
  await db
    .delete(clientHubCodes)
    .where(
      and(
        eq(clientHubCodes.accountId, accountId),
        eq(clientHubCodes.customerId, customerId),
        lt(clientHubCodes.createdAt, before),
      ),
    );
}

export async function insertCode(
  db: DbOrTx,
  values: typeof clientHubCodes.$inferInsert,
): Promise<void> {
  await db.insert(clientHubCodes).values(values);
}

/** The contact's newest unused code (older ones stop counting when a new one is sent). */
export async function latestCode(db: DbOrTx, accountId: string, customerId: string) {
  const [row] = await db
    .select()
    .from(clientHubCodes)
    .where(
      and(
        eq(clientHubCodes.accountId, accountId),
        eq(clientHubCodes.customerId, customerId),
        isNull(clientHubCodes.usedAt),
      ),
    )
    .orderBy(desc(clientHubCodes.createdAt), desc(clientHubCodes.id))
    .limit(1);
  return row;
}

/** One more wrong attempt; the count after it. */
export async function addAttempt(db: DbOrTx, accountId: string, codeId: string): Promise<number> {
  const [row] = await db
    .update(clientHubCodes)
    .set({ attempts: sql`${clientHubCodes.attempts} + 1` })
    .where(and(eq(clientHubCodes.accountId, accountId), eq(clientHubCodes.id, codeId)))
    .returning({ attempts: clientHubCodes.attempts });
  return row?.attempts ?? Number.MAX_SAFE_INTEGER;
}

/** Uses the code once: false when another request used it first. */
export async function useCode(db: DbOrTx, accountId: string, codeId: string, now: Date) {
  const rows = await db
    .update(clientHubCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(clientHubCodes.accountId, accountId),
        eq(clientHubCodes.id, codeId),
        isNull(clientHubCodes.usedAt),
      ),
    )
    .returning({ id: clientHubCodes.id });
  return rows.length === 1;
}

// Sessions ------------------------------------------------------------------------------------

export async function insertSession(db: DbOrTx, values: typeof clientHubSessions.$inferInsert) {
  await db.insert(clientHubSessions).values(values);
}

export async function findLiveSession(db: DbOrTx, tokenHash: string, now: Date) {
  const [row] = await db
    .select({
      accountId: clientHubSessions.accountId,
      customerId: clientHubSessions.customerId,
      expiresAt: clientHubSessions.expiresAt,
    })
    .from(clientHubSessions)
    .where(and(eq(clientHubSessions.tokenHash, tokenHash), gt(clientHubSessions.expiresAt, now)));
  return row;
}

export async function deleteSession(db: DbOrTx, tokenHash: string, now: Date) {
  // Expired sessions go with it: nothing else needs them.
  await db
    .delete(clientHubSessions)
    .where(or(eq(clientHubSessions.tokenHash, tokenHash), lt(clientHubSessions.expiresAt, now)));
}
