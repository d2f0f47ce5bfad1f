import { index, integer, pgTable, text, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
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
    /**
     * The team leader whose crew this person is in: that leader sees and approves their time.
     * Null when the person is in no crew (managers still see everyone).
     */
    crewLeaderId: uuid('crew_leader_id').references((): AnyPgColumn => employees.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('employees_account_first_name_idx').on(t.accountId, t.firstName),
    index('employees_account_user_idx').on(t.accountId, t.userId),
    index('employees_account_crew_leader_idx').on(t.accountId, t.crewLeaderId),
  ],
);
