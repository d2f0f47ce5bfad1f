import {
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  accountIdColumn,
  createdAtColumn,
  idColumn,
  ownerIdColumn,
  userRefColumn,
} from './columns.ts';
import { customers } from './customers.ts';

// The client's hub (issue 26, decision 041). A share link's token opens it; a code sent to the
// contact's e-mail or phone on file gives a short session. Codes and sessions are kept hashed.

/** The business's setting: how many days a link opens the hub after it was sent. */
export const clientHubSettings = pgTable('client_hub_settings', {
  accountId: accountIdColumn().primaryKey(),
  linkLifetimeDays: integer('link_lifetime_days').notNull().default(90),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** When all links of a contact were last revoked: links sent before count from then. */
export const clientHubContacts = pgTable(
  'client_hub_contacts',
  {
    accountId: accountIdColumn(),
    customerId: ownerIdColumn('customer_id', () => customers.id),
    linksRevokedAt: timestamp('links_revoked_at', { withTimezone: true }).notNull(),
    revokedBy: userRefColumn('revoked_by'),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.customerId] })],
);

/** A one-time code asked for through a link: its HMAC only, short-lived and attempt-limited. */
export const clientHubCodes = pgTable(
  'client_hub_codes',
  {
    id: idColumn(),
    accountId: accountIdColumn(),
    customerId: ownerIdColumn('customer_id', () => customers.id),
    codeHash: text('code_hash').notNull(),
    channel: text('channel').$type<'email' | 'sms'>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('client_hub_codes_contact_idx').on(t.accountId, t.customerId, t.createdAt),
    index('client_hub_codes_expiry_idx').on(t.expiresAt),
  ],
);

/** A client's session: the SHA-256 of the cookie's token, so a database dump opens nothing. */
export const clientHubSessions = pgTable(
  'client_hub_sessions',
  {
    id: idColumn(),
    accountId: accountIdColumn(),
    customerId: ownerIdColumn('customer_id', () => customers.id),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('client_hub_sessions_token_idx').on(t.tokenHash),
    index('client_hub_sessions_contact_idx').on(t.accountId, t.customerId),
    index('client_hub_sessions_expiry_idx').on(t.expiresAt),
  ],
);
