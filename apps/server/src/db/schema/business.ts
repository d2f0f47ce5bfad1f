import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { businessAccounts } from './accounts.ts';
import { users } from './auth.ts';
import { createdAtColumn, idColumn, ownerIdColumn, updatedAtColumn } from './columns.ts';

/** The spec's Business details, one row per business account (upserted on account_id). */
export const businessDetails = pgTable('business_details', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => businessAccounts.id, { onDelete: 'cascade' }),
  businessName: text('business_name').notNull(),
  businessDetails: text('business_details'),
  industry: text('industry'),
  employeesCount: integer('employees_count'),
  address: text('address'),
  city: text('city'),
  state: text('state'),
  zip: text('zip'),
  phone: text('phone'),
  email: text('email'),
  website: text('website'),
  /** Dates the user picks are stored in this zone (IANA name). */
  timeZone: text('time_zone').notNull().default('UTC'),
  /**
   * When an admin chose the zone (onboarding, the business profile, or the question asked once to
   * a business that never chose); null until then: times are read in UTC and the admins are asked.
   */
  timeZoneChosenAt: timestamp('time_zone_chosen_at', { withTimezone: true }),
  /** Amounts are shown in US dollars (spec section 9). */
  currency: text('currency').notNull().default('USD'),
  /** BCP 47: how its dates and numbers are written (the spec's texts stay as they are). */
  locale: text('locale').notNull().default('en-US'),
  updatedAt: updatedAtColumn(),
});

/**
 * The spec's Subscription (user_id, status). A self-hosted install has one plan, 'Free', active
 * from sign-up; a subscription provider is optional configuration.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: idColumn(),
    userId: ownerIdColumn('user_id', () => users.id),
    plan: text('plan').notNull(),
    status: text('status').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index('subscriptions_user_status_idx').on(t.userId, t.status)],
);
