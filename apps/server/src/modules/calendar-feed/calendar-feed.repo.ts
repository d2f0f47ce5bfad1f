import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accountMembers, businessAccounts, calendarFeeds } from '../../db/schema/index.ts';

const ownFeed = (accountId: string, userId: string) =>
  and(eq(calendarFeeds.accountId, accountId), eq(calendarFeeds.userId, userId));

export async function findFeedToken(
  db: DbOrTx,
  accountId: string,
  userId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ token: calendarFeeds.token })
    .from(calendarFeeds)
    .where(ownFeed(accountId, userId));
  return row?.token;
}

/** One feed per member of a business: a new token replaces the old one. */
export async function upsertFeedToken(
  db: DbOrTx,
  accountId: string,
  userId: string,
  token: string,
): Promise<void> {
  await db
    .insert(calendarFeeds)
    .values({ accountId, userId, token })
    .onConflictDoUpdate({
      target: [calendarFeeds.accountId, calendarFeeds.userId],
      set: { token, createdAt: new Date() },
    });
}

export async function deleteFeed(db: DbOrTx, accountId: string, userId: string): Promise<void> {
  await db.delete(calendarFeeds).where(ownFeed(accountId, userId));
}

/**
 * The feed a public token opens, with the member's current role and the business name; none
 * once the member left the business or was deactivated in it (the feed must stop as their
 * sessions do). The token is the secret, so no account scopes this one.
 */
export async function findFeedByToken(db: DbOrTx, token: string) {
  const [feed] = await db
    .select({
      accountId: calendarFeeds.accountId,
      userId: calendarFeeds.userId,
      role: accountMembers.role,
      accountName: businessAccounts.name,
    })
    .from(calendarFeeds)
    .innerJoin(
      accountMembers,
      and(
        eq(accountMembers.organizationId, calendarFeeds.accountId),
        eq(accountMembers.userId, calendarFeeds.userId),
        isNull(accountMembers.deactivatedAt),
      ),
    )
    .innerJoin(businessAccounts, eq(businessAccounts.id, calendarFeeds.accountId))
    .where(eq(calendarFeeds.token, token));
  return feed;
}
