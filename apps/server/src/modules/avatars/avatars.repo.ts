import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

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
