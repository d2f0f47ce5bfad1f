import { and, arrayContains, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { idInAccount, returnedRow } from '../../db/queries.ts';
import { olderThanCursor } from '../../lib/keyset.ts';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/index.ts';

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

export function listEndpoints(db: DbOrTx, accountId: string) {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.accountId, accountId))
    .orderBy(desc(webhookEndpoints.createdAt));
}

export async function countEndpoints(db: DbOrTx, accountId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.accountId, accountId));
  return row?.n ?? 0;
}

export async function findEndpoint(db: DbOrTx, accountId: string, id: string) {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(idInAccount(webhookEndpoints, accountId, id));
  return row;
}

export async function insertEndpoint(db: DbOrTx, values: typeof webhookEndpoints.$inferInsert) {
  return returnedRow(
    await db.insert(webhookEndpoints).values(values).returning(),
    'webhook endpoint insert',
  );
}

export async function updateEndpoint(
  db: DbOrTx,
  accountId: string,
  id: string,
  values: Partial<typeof webhookEndpoints.$inferInsert>,
) {
  const [row] = await db
    .update(webhookEndpoints)
    .set(values)
    .where(idInAccount(webhookEndpoints, accountId, id))
    .returning();
  return row;
}

export async function deleteEndpoint(db: DbOrTx, accountId: string, id: string) {
  const rows = await db
    .delete(webhookEndpoints)
    .where(idInAccount(webhookEndpoints, accountId, id))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/** The account's enabled endpoints that asked for this type. */
export function subscribedEndpoints(db: DbOrTx, accountId: string, type: string) {
  return db
    .select()
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.accountId, accountId),
        eq(webhookEndpoints.enabled, true),
        arrayContains(webhookEndpoints.eventTypes, [type]),
      ),
    );
}

export async function insertDelivery(db: DbOrTx, values: typeof webhookDeliveries.$inferInsert) {
  return returnedRow(
    await db.insert(webhookDeliveries).values(values).returning(),
    'webhook delivery insert',
  );
}

/**
 * Claims a delivery for one attempt: pending, or left 'sending' by an attempt that never
 * finished (a stopped process). Two jobs for one delivery never both send it, and no
 * transaction stays open while the endpoint is called.
 */
export async function claimDelivery(db: DbOrTx, id: string, now: Date, staleBefore: Date) {
  const [row] = await db
    .update(webhookDeliveries)
    .set({ status: 'sending', attemptedAt: now, attempts: sql`${webhookDeliveries.attempts} + 1` })
    .where(
      and(
        eq(webhookDeliveries.id, id),
        or(
          eq(webhookDeliveries.status, 'pending'),
          and(
            eq(webhookDeliveries.status, 'sending'),
            lt(webhookDeliveries.attemptedAt, staleBefore),
          ),
        ),
      ),
    )
    .returning();
  if (!row) return undefined;
  const [endpoint] = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, row.endpointId));
  return endpoint ? { delivery: row, endpoint } : undefined;
}

export async function deliveryStatus(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ status: webhookDeliveries.status })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.id, id));
  return row?.status;
}

export async function updateDelivery(
  db: DbOrTx,
  id: string,
  values: Partial<typeof webhookDeliveries.$inferInsert>,
) {
  await db.update(webhookDeliveries).set(values).where(eq(webhookDeliveries.id, id));
}

/** An endpoint's deliveries, newest first, after the keyset cursor. */
export function listDeliveries(
  db: DbOrTx,
  accountId: string,
  endpointId: string,
  options: { after?: { createdAt: Date; id: string }; limit: number },
) {
  const { after } = options;
  return db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.accountId, accountId),
        eq(webhookDeliveries.endpointId, endpointId),
        olderThanCursor(
          webhookDeliveries.createdAt,
          webhookDeliveries.id,
          after && { at: after.createdAt, id: after.id },
        ),
      ),
    )
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(options.limit);
}

export async function findDelivery(db: DbOrTx, accountId: string, id: string) {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(idInAccount(webhookDeliveries, accountId, id));
  return row;
}
