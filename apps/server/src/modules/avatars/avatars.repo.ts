import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accountMembers, users } from '../../db/schema/index.ts';

/** The user's picture URL (a user's own, not tenant data); null without one. */
export async function findUserImage(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db.select({ image: users.image }).from(users).where(eq(users.id, userId));
  return row?.image ?? null;
}

export async function setUserImage(
  db: DbOrTx,
  userId: string,
  image: string | null,
): Promise<void> {
  await db.update(users).set({ image, updatedAt: new Date() }).where(eq(users.id, userId));
}

/**
 * Whether `userId` belongs to the business account (active or deactivated: a former colleague's
 * face still shows beside the work they did).
 */
export async function isMemberOf(db: DbOrTx, accountId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: accountMembers.id })
    .from(accountMembers)
    .where(and(eq(accountMembers.organizationId, accountId), eq(accountMembers.userId, userId)))
    .limit(1);
  return row !== undefined;
}
