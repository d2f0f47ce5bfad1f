import { eq } from 'drizzle-orm';
import { businessDetails, paymentWebhookEvents } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../db/client.ts';

/**
 * Marks a provider's event as handled; false when it already was (a replay, or the provider's
 * own retry), which the caller then leaves alone. Inside the transaction that acts on it: a
 * failure rolls the mark back and the provider's retry is handled afresh.
 */
export async function markWebhookEvent(
  tx: DbOrTx,
  provider: string,
  eventId: string,
  now: Date,
): Promise<boolean> {
  const rows = await tx
    .insert(paymentWebhookEvents)
    .values({ provider, eventId, receivedAt: now })
    .onConflictDoNothing({ target: [paymentWebhookEvents.provider, paymentWebhookEvents.eventId] })
    .returning({ eventId: paymentWebhookEvents.eventId });
  return rows.length > 0;
}

/** The business's time zone and currency (the defaults when its profile was never saved). */
export async function businessMoneySettings(
  db: DbOrTx,
  accountId: string,
): Promise<{ timeZone: string; currency: string }> {
  const [row] = await db
    .select({ timeZone: businessDetails.timeZone, currency: businessDetails.currency })
    .from(businessDetails)
    .where(eq(businessDetails.accountId, accountId));
  return row ?? { timeZone: 'UTC', currency: 'USD' };
}
