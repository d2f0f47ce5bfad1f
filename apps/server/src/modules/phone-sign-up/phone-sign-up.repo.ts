import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/** The user registered with this number (not tenant data: a number signs in one user). */
export async function findUserByPhoneNumber(
  db: DbOrTx,
  phoneNumber: string,
): Promise<{ id: string; verified: boolean } | undefined> {
  const [row] = await db
    .select({ id: users.id, verified: users.phoneNumberVerified })
    .from(users)
    .where(eq(users.phoneNumber, phoneNumber));
  return row;
}
