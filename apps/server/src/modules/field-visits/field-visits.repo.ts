import { and, eq, gt, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { fieldChanges } from '../../db/schema/index.ts';

export type FieldReceipt = typeof fieldChanges.$inferSelect;
export type NewFieldReceipt = typeof fieldChanges.$inferInsert;

/** The receipt of a change the phone sent before under this id, if any. */
export async function findReceipt(
  db: DbOrTx,
  accountId: string,
  clientId: string,
): Promise<FieldReceipt | undefined> {
  const [row] = await db
    .select()
    .from(fieldChanges)
    .where(and(eq(fieldChanges.accountId, accountId), eq(fieldChanges.clientId, clientId)));
  return row;
}

/**
 * Writes a change's receipt; false when a receipt under that id already exists (a twin of the
 * request committed first), in which case the caller's transaction must not keep its work.
 */
export async function insertReceipt(db: DbOrTx, receipt: NewFieldReceipt): Promise<boolean> {
  const rows = await db
    .insert(fieldChanges)
    .values(receipt)
    .onConflictDoNothing()
    .returning({ clientId: fieldChanges.clientId });
  return rows.length > 0;
}

/** True when a tick of the same item made later on a phone has already been applied. */
export async function laterTickApplied(
  db: DbOrTx,
  accountId: string,
  itemId: string,
  madeAt: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ clientId: fieldChanges.clientId })
    .from(fieldChanges)
    .where(
      and(
        eq(fieldChanges.accountId, accountId),
        eq(fieldChanges.itemId, itemId),
        gt(fieldChanges.madeAt, madeAt),
        eq(fieldChanges.outcome, 'applied'),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Receipts older than `before`: no phone retries a change that long. */
export async function deleteReceiptsBefore(db: DbOrTx, before: Date): Promise<number> {
  const rows = await db
    .delete(fieldChanges)
    .where(lt(fieldChanges.createdAt, before))
    .returning({ clientId: fieldChanges.clientId });
  return rows.length;
}
