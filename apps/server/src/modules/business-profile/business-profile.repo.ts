import type { BusinessProfile } from '@crewdesk/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { businessAccounts, businessDetails, subscriptions } from '../../db/schema/index.ts';

export type BusinessDetailsRow = typeof businessDetails.$inferSelect;

export async function findDetails(
  db: Db,
  accountId: string,
): Promise<BusinessDetailsRow | undefined> {
  const [row] = await db
    .select()
    .from(businessDetails)
    .where(eq(businessDetails.accountId, accountId));
  return row;
}

/** Spec section 7 (execute_sql): upsert on account_id, setting updated_at. */
export async function upsertDetails(
  db: Db,
  accountId: string,
  profile: BusinessProfile,
): Promise<BusinessDetailsRow> {
  const values = { ...profile, accountId, updatedAt: new Date() };
  const [row] = await db
    .insert(businessDetails)
    .values(values)
    .onConflictDoUpdate({ target: businessDetails.accountId, set: values })
    .returning();
  if (!row) throw new Error('upsert returned no row');
  return row;
}

/** The account's logo URL (business_accounts.logo), null without one. */
export async function findLogo(db: Db, accountId: string): Promise<string | null> {
  const [row] = await db
    .select({ logo: businessAccounts.logo })
    .from(businessAccounts)
    .where(eq(businessAccounts.id, accountId));
  return row?.logo ?? null;
}

export async function setLogo(db: Db, accountId: string, logo: string | null): Promise<void> {
  await db.update(businessAccounts).set({ logo }).where(eq(businessAccounts.id, accountId));
}

export async function activeSubscription(db: Db, userId: string) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, 'active')))
    .limit(1);
  return row;
}

export async function insertSubscription(
  db: Db,
  input: { userId: string; plan: string; status: string },
) {
  await db.insert(subscriptions).values(input);
}
