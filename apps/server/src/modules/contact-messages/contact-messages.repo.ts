import type { DbOrTx } from '../../db/client.ts';
import { returnedRow } from '../../db/queries.ts';
import { contactMessages } from '../../db/schema/index.ts';

/** A message to the people running the installation (no account: it comes from anyone). */
export async function insertContactMessage(
  db: DbOrTx,
  values: typeof contactMessages.$inferInsert,
): Promise<{ id: string; createdAt: Date }> {
  return returnedRow(
    await db
      .insert(contactMessages)
      .values(values)
      .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt }),
    'insert',
  );
}
