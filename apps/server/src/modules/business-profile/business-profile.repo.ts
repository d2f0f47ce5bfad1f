import { DEFAULT_CURRENCY, formattingLocale, type BusinessProfile } from '@crewdesk/domain';
import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { returnedRow } from '../../db/queries.ts';
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
  const now = new Date();
  // The form shows the zone: saving it is choosing it.
  const values = { ...profile, accountId, timeZoneChosenAt: now, updatedAt: now };
  return returnedRow(
    await db
      .insert(businessDetails)
      .values(values)
      .onConflictDoUpdate({ target: businessDetails.accountId, set: values })
      .returning(),
    'upsert',
  );
}

/**
 * The business's time zone as an admin chose it (the question asked once to a business that never
 * chose): the details row is made with the account's name when there is none yet.
 */
export async function chooseTimeZone(
  db: Db,
  accountId: string,
  input: { timeZone: string; accountName: string },
): Promise<void> {
  const now = new Date();
  const chosen = { timeZone: input.timeZone, timeZoneChosenAt: now, updatedAt: now };
  await db
    .insert(businessDetails)
    .values({ accountId, businessName: input.accountName, ...chosen })
    .onConflictDoUpdate({ target: businessDetails.accountId, set: chosen });
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

/** What a client sees of a business: on share pages, estimate mails, PDFs and the request form. */
export interface BusinessBrand {
  accountId: string;
  slug: string;
  name: string;
  /** The stored logo URL (GET /api/logos/:file, members only), null without one. */
  logo: string | null;
  email: string | null;
  phone: string | null;
  website: string | null;
  /** Street, city, state and zip on one line; null when none is filled in. */
  address: string | null;
  timeZone: string;
  /** ISO 4217: how its amounts are shown to clients (PDFs, e-mails, shared pages). */
  currency: string;
  /** BCP 47: how its dates and numbers are written there. */
  locale: string;
}

function oneLineAddress(row: {
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
}): string | null {
  const stateZip = [row.state, row.zip].filter(Boolean).join(' ');
  const line = [row.address, row.city, stateZip].filter(Boolean).join(', ');
  return line || null;
}

const brandColumns = {
  accountId: businessAccounts.id,
  slug: businessAccounts.slug,
  accountName: businessAccounts.name,
  logo: businessAccounts.logo,
  businessName: businessDetails.businessName,
  email: businessDetails.email,
  phone: businessDetails.phone,
  website: businessDetails.website,
  address: businessDetails.address,
  city: businessDetails.city,
  state: businessDetails.state,
  zip: businessDetails.zip,
  timeZone: businessDetails.timeZone,
  currency: businessDetails.currency,
  locale: businessDetails.locale,
};

interface BrandRow {
  accountId: string;
  slug: string;
  accountName: string;
  logo: string | null;
  businessName: string | null;
  email: string | null;
  phone: string | null;
  website: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  timeZone: string | null;
  currency: string | null;
  locale: string | null;
}

function toBrand(row: BrandRow): BusinessBrand {
  return {
    accountId: row.accountId,
    slug: row.slug,
    // The business name as the profile gives it, else the account's own name.
    name: row.businessName?.trim() || row.accountName || 'Crewdesk',
    logo: row.logo,
    email: row.email,
    phone: row.phone,
    website: row.website,
    address: oneLineAddress(row),
    timeZone: row.timeZone ?? 'UTC',
    currency: row.currency ?? DEFAULT_CURRENCY,
    locale: formattingLocale(row.locale),
  };
}

export async function findBrand(db: Db, accountId: string): Promise<BusinessBrand | undefined> {
  const [row] = await db
    .select(brandColumns)
    .from(businessAccounts)
    .leftJoin(businessDetails, eq(businessDetails.accountId, businessAccounts.id))
    .where(eq(businessAccounts.id, accountId));
  return row ? toBrand(row) : undefined;
}

/** The business behind a public URL (its account slug, as the request form's link names it). */
export async function findBrandBySlug(db: Db, slug: string): Promise<BusinessBrand | undefined> {
  const [row] = await db
    .select(brandColumns)
    .from(businessAccounts)
    .leftJoin(businessDetails, eq(businessDetails.accountId, businessAccounts.id))
    .where(eq(businessAccounts.slug, slug));
  return row ? toBrand(row) : undefined;
}

/**
 * Where a business notice (a new request, an estimate viewed or accepted, an invoice paid) goes
 * by e-mail as well: the business's own address from its profile, the office inbox. People are
 * told by their notifications (issue 18), each as they chose; before those existed the notice
 * went to an admin when the profile had no address, which would now tell them twice.
 */
export async function findNotificationAddress(db: Db, accountId: string): Promise<string | null> {
  const [details] = await db
    .select({ email: businessDetails.email })
    .from(businessDetails)
    .where(eq(businessDetails.accountId, accountId));
  return details?.email || null;
}

/** The time zone of a business with no profile yet. */
export const DEFAULT_TIME_ZONE = 'UTC';

/**
 * The business's time zone: every wall-clock time of its schedule is read in it. A request
 * has it already (`actor.timeZone`, read with the session); this is for work outside one.
 */
export async function accountTimeZone(db: DbOrTx, accountId: string): Promise<string> {
  const [row] = await db
    .select({ timeZone: businessDetails.timeZone })
    .from(businessDetails)
    .where(eq(businessDetails.accountId, accountId));
  return row?.timeZone ?? DEFAULT_TIME_ZONE;
}

/** How the business writes its amounts and dates: its currency and locale (BCP 47). */
export async function accountFormats(
  db: DbOrTx,
  accountId: string,
): Promise<{ currency: string; locale: string }> {
  const [row] = await db
    .select({ currency: businessDetails.currency, locale: businessDetails.locale })
    .from(businessDetails)
    .where(eq(businessDetails.accountId, accountId));
  return { currency: row?.currency ?? DEFAULT_CURRENCY, locale: formattingLocale(row?.locale) };
}

/** The business's currency (ISO 4217), US dollars until its profile says otherwise. */
export async function accountCurrency(db: DbOrTx, accountId: string): Promise<string> {
  const [row] = await db
    .select({ currency: businessDetails.currency })
    .from(businessDetails)
    .where(eq(businessDetails.accountId, accountId));
  return row?.currency ?? DEFAULT_CURRENCY;
}

/** The business's name and address, where a day's route on the map starts. */
export async function findBusinessAddress(db: DbOrTx, accountId: string) {
  const [details] = await db
    .select({
      name: businessDetails.businessName,
      address: businessDetails.address,
      city: businessDetails.city,
      state: businessDetails.state,
      zip: businessDetails.zip,
    })
    .from(businessDetails)
    .where(eq(businessDetails.accountId, accountId));
  return details;
}
