import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { businessAccounts } from './accounts.ts';
import { users } from './auth.ts';

/**
 * The spec's Employee: everyone who works for a business, whether they sign in (user_id links
 * their membership) or not (staff added by hand). Lists are ordered by first_name.
 */
export const employees = pgTable(
  'employees',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => businessAccounts.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    email: text('email'),
    phone: text('phone'),
    employmentStatus: text('employment_status')
      .$type<'active' | 'inactive'>()
      .notNull()
      .default('active'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Hourly pay in cents (US dollars); null when not recorded. */
    payRateCents: integer('pay_rate_cents'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('employees_account_first_name_idx').on(t.accountId, t.firstName),
    index('employees_account_user_idx').on(t.accountId, t.userId),
  ],
);
