import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * A business account (the spec's "Business account"; better-auth's organization).
 * Its id is the account_id that every tenant table carries.
 */
export const businessAccounts = pgTable('business_accounts', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  logo: text('logo'),
  metadata: text('metadata'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A user's membership and role in a business account. */
export const accountMembers = pgTable(
  'account_members',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('account_id')
      .notNull()
      .references(() => businessAccounts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull().default('member'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when an admin deactivates the member: the membership stops counting at once. */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('account_members_account_user_idx').on(t.organizationId, t.userId),
    index('account_members_user_idx').on(t.userId),
  ],
);

export const accountInvitations = pgTable(
  'account_invitations',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('account_id')
      .notNull()
      .references(() => businessAccounts.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role'),
    status: text('status').notNull().default('pending'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    inviterId: uuid('inviter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('account_invitations_account_idx').on(t.organizationId),
    index('account_invitations_email_idx').on(t.email),
  ],
);
