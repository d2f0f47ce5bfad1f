import type {
  ProposalOption,
  RequestEventKind,
  RequestStatus,
  RequestType,
} from '@crewdesk/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';
import {
  accountIdColumn,
  accountSearchIndex,
  createdAtColumn,
  idColumn,
  ownerIdColumn,
  updatedAtColumn,
  userRefColumn,
} from './columns.ts';

/**
 * The searchable text of a request: client and title, lowercased. Queries must spell it exactly
 * so (requestSearchText) for requests_account_search_idx to apply.
 */
export const requestSearchText = sql`lower(coalesce("client", '') || ' ' || coalesce("title", ''))`;

/** The spec's Request: estimates, quotes and proposals (and inquiries, which list as estimates). */
export const requests = pgTable(
  'requests',
  {
    id: idColumn(),
    accountId: accountIdColumn(),
    /** The creator. */
    userId: userRefColumn('user_id'),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description'),
    client: text('client').notNull(),
    clientEmail: text('client_email'),
    clientPhone: text('client_phone'),
    /** Always the domain calculator's price, recomputed by the server. */
    amountCents: integer('amount_cents').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    status: text('status').$type<RequestStatus>().notNull().default('unopened'),
    type: text('type').$type<RequestType>(),
    /** Null for estimates and quotes; a truthy value makes a type 'quote' request a proposal. */
    proposalType: text('proposal_type'),
    /** The full calculator form, with the server's own figures in place of the client's. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    /** The share link's version (decision 055): its token is signed, not stored. */
    shareVersion: integer('share_version').notNull().default(1),
    /** The SHA-256 of the link sent before tokens were signed; null once drawn anew. */
    legacyShareTokenHash: text('legacy_share_token_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    emailSent: boolean('email_sent').notNull().default(false),
    sharedAt: timestamp('shared_at', { withTimezone: true }),
    /** A proposal's options (ProposalOption[], priced by the server); null otherwise. */
    options: jsonb('options').$type<ProposalOption[]>(),
    /** Where it came from: null for the calculator, 'request_form' for the public form. */
    source: text('source'),
    /** The first time the client opened the share page. */
    viewedAt: timestamp('viewed_at', { withTimezone: true }),
    // The client's acceptance on the share page: the typed name is the signature.
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedName: text('accepted_name'),
    acceptedIp: text('accepted_ip'),
    acceptedUserAgent: text('accepted_user_agent'),
    acceptedOption: text('accepted_option'),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    declinedReason: text('declined_reason'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    // Lists, newest first (keyset on created_at, id).
    index('requests_account_created_idx').on(t.accountId, t.createdAt.desc(), t.id.desc()),
    // The estimates / quotes / proposals tabs.
    index('requests_account_type_created_idx').on(
      t.accountId,
      t.type,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    uniqueIndex('requests_legacy_share_token_idx').on(t.legacyShareTokenHash),
    // The quote conversion report: requests sent in a range.
    index('requests_account_shared_idx')
      .on(t.accountId, t.sharedAt)
      .where(sql`${t.sharedAt} is not null`),
    index('requests_customer_idx').on(t.accountId, t.customerId),
    // The hourly run's offers that expired in the last two days (request.expired), across every
    // business: only offers still waiting for the client, so the index stays small.
    index('requests_waiting_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} in ('unopened', 'sent', 'viewed')`),
    // Search "anywhere" in client or title, within one account (btree_gin for the account id).
    accountSearchIndex('requests_account_search_idx', t.accountId, requestSearchText),
  ],
);

/** The history of a request (created, edited, sent, viewed, accepted …). */
export const requestEvents = pgTable(
  'request_events',
  {
    id: idColumn(),
    accountId: accountIdColumn(),
    requestId: ownerIdColumn('request_id', () => requests.id),
    kind: text('kind').$type<RequestEventKind>().notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    createdAt: createdAtColumn(),
  },
  (t) => [index('request_events_account_request_idx').on(t.accountId, t.requestId, t.createdAt)],
);
