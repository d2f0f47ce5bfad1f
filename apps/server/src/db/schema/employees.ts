import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import {
  accountIdColumn,
  createdAtColumn,
  idColumn,
  updatedAtColumn,
  userRefColumn,
} from './columns.ts';

/**
 * The spec's Employee: everyone who works for a business, whether they sign in (user_id links
 * their membership) or not (staff added by hand). Lists are ordered by first_name.
 */
export const employees = pgTable(
  'employees',
  {
    id: idColumn(),
    accountId: accountIdColumn(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    email: text('email'),
    phone: text('phone'),
    employmentStatus: text('employment_status')
      .$type<'active' | 'inactive'>()
      .notNull()
      .default('active'),
    userId: userRefColumn('user_id'),
    /** Hourly pay in cents (US dollars); null when not recorded. */
    payRateCents: integer('pay_rate_cents'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('employees_account_first_name_idx').on(t.accountId, t.firstName),
    index('employees_account_user_idx').on(t.accountId, t.userId),
  ],
);
