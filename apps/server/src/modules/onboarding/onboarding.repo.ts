import type { OnboardingBusiness } from '@crewdesk/domain';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accountMembers, businessAccounts, businessDetails, users } from '../../db/schema/index.ts';

/** business_accounts.metadata of the account that onboarding created (so a retry edits it). */
export const ONBOARDING_ACCOUNT_METADATA = JSON.stringify({ createdBy: 'onboarding' });

export type UserRow = typeof users.$inferSelect;

export async function findUser(db: Db, userId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

export async function updateUser(
  db: Db,
  userId: string,
  values: Partial<
    Pick<
      UserRow,
      | 'name'
      | 'firstName'
      | 'lastName'
      | 'businessName'
      | 'image'
      | 'onboardingComplete'
      | 'onboardingStepCompleted'
    >
  >,
): Promise<void> {
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/** Whether the user belongs to a business account they do not own (they joined someone's team). */
export async function isInvitedMember(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: accountMembers.id })
    .from(accountMembers)
    .where(and(eq(accountMembers.userId, userId), ne(accountMembers.role, 'owner')))
    .limit(1);
  return rows.length > 0;
}

/** The accounts the user owns, oldest first, with their metadata. */
export function ownedAccounts(db: Db, userId: string) {
  return db
    .select({
      id: businessAccounts.id,
      name: businessAccounts.name,
      slug: businessAccounts.slug,
      metadata: businessAccounts.metadata,
    })
    .from(accountMembers)
    .innerJoin(businessAccounts, eq(businessAccounts.id, accountMembers.organizationId))
    .where(and(eq(accountMembers.userId, userId), eq(accountMembers.role, 'owner')))
    .orderBy(accountMembers.createdAt);
}

export async function updateAccount(
  db: Db,
  accountId: string,
  values: { name: string; metadata: string },
): Promise<void> {
  await db.update(businessAccounts).set(values).where(eq(businessAccounts.id, accountId));
}

/**
 * Spec section 7 (execute_sql): upserts the business details on account_id and sets updated_at.
 * Only the fields onboarding asks for are written; Settings owns the rest (time zone, …).
 */
export async function upsertOnboardingDetails(
  db: Db,
  accountId: string,
  business: OnboardingBusiness,
): Promise<void> {
  const values = {
    businessName: business.businessName,
    businessDetails: business.businessDetails ?? null,
    industry: business.industry ?? null,
    employeesCount: business.employeesCount ?? null,
    address: business.address ?? null,
    phone: business.phone ?? null,
    email: business.email ?? null,
    website: business.website ?? null,
    ...(business.timeZone ? { timeZone: business.timeZone, timeZoneChosenAt: new Date() } : {}),
    updatedAt: new Date(),
  };
  await db
    .insert(businessDetails)
    .values({ accountId, ...values })
    .onConflictDoUpdate({ target: businessDetails.accountId, set: values });
}
