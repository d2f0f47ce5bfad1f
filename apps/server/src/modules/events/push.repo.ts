import { and, eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { pushSubscriptions } from '../../db/schema/index.ts';

/** A browser may keep this many subscriptions per member (phones, laptops, a few browsers). */
const SUBSCRIPTIONS_PER_MEMBER = 10;

export function subscriptionsOf(db: DbOrTx, accountId: string, userId: string) {
  return db
    .select()
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.accountId, accountId), eq(pushSubscriptions.userId, userId)));
}

export async function deleteSubscriptions(db: DbOrTx, ids: readonly string[]) {
  if (ids.length > 0)
    await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, [...ids]));
}

export async function deleteSubscription(
  db: DbOrTx,
  who: { accountId: string; userId: string },
  endpoint: string,
) {
  await db
    .delete(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.accountId, who.accountId),
        eq(pushSubscriptions.userId, who.userId),
        eq(pushSubscriptions.endpoint, endpoint),
      ),
    );
}

export async function saveSubscription(
  db: Db,
  who: { accountId: string; userId: string },
  input: { endpoint: string; keys: { p256dh: string; auth: string } },
) {
  await db.transaction(async (tx) => {
    const mine = await tx
      .select({ id: pushSubscriptions.id, endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(
        and(
          eq(pushSubscriptions.accountId, who.accountId),
          eq(pushSubscriptions.userId, who.userId),
        ),
      )
      .orderBy(pushSubscriptions.createdAt);
    // The oldest browsers make room: a member rarely uses more, and a lost phone's stays no longer.
    const excess = mine.length + 1 - SUBSCRIPTIONS_PER_MEMBER;
    if (excess > 0 && !mine.some((m) => m.endpoint === input.endpoint))
      await tx.delete(pushSubscriptions).where(
        inArray(
          pushSubscriptions.id,
          mine.slice(0, excess).map((m) => m.id),
        ),
      );
    await tx
      .insert(pushSubscriptions)
      .values({ ...who, endpoint: input.endpoint, ...input.keys })
      .onConflictDoUpdate({
        target: [pushSubscriptions.accountId, pushSubscriptions.userId, pushSubscriptions.endpoint],
        set: input.keys,
      });
  });
}
