import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { accountIdColumn, createdAtColumn, idColumn, updatedAtColumn } from './columns.ts';

/** The member a row is for (a notification, a choice, a browser): deleted with the user. */
const memberUserColumn = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/**
 * The events ledger (issue 18, decision 024): every change others care about, written in the
 * transaction of the change. `seq` orders the ledger (a client catches up from the last one it
 * saw); `dispatched_at` is set once notifications, webhooks and the live channel have been given
 * the event, so a stop in between loses nothing: the next dispatch picks it up.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    type: text('type').notNull(),
    subject: text('subject').notNull(),
    subjectId: uuid('subject_id').notNull(),
    actorUserId: uuid('actor_user_id'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAtColumn(),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
    /** Who may see the event live: these roles, and these users (a visit's assignees). */
    audienceRoles: text('audience_roles').array(),
    audienceUserIds: uuid('audience_user_ids').array(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.seq] }),
    index('domain_events_undispatched_idx')
      .on(t.seq)
      .where(sql`${t.dispatchedAt} is null`),
    index('domain_events_account_subject_idx').on(t.accountId, t.subject, t.subjectId),
    // An invoice becomes overdue once: the hourly sweep's insert skips one already recorded.
    uniqueIndex('domain_events_invoice_overdue_once_idx')
      .on(t.accountId, t.subjectId)
      .where(sql`${t.type} = 'invoice.overdue'`),
    // A request's offer runs out once: the hourly sweep's insert skips one already recorded.
    uniqueIndex('domain_events_request_expired_once_idx')
      .on(t.accountId, t.subjectId)
      .where(sql`${t.type} = 'request.expired'`),
  ],
);

/** One notification of one person; a burst of one kind is one row with a count. */
export const notifications = pgTable(
  'notifications',
  {
    id: idColumn(),
    accountId: accountIdColumn(),
    userId: memberUserColumn(),
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    subjectId: uuid('subject_id').notNull(),
    eventSeq: bigint('event_seq', { mode: 'number' }).notNull(),
    count: integer('count').notNull().default(1),
    title: text('title').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** Set when an e-mail told of it (alone, in a burst or in the daily digest). */
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('notifications_account_user_idx').on(t.accountId, t.userId, t.updatedAt, t.id),
    index('notifications_unread_idx')
      .on(t.accountId, t.userId, t.kind)
      .where(sql`${t.readAt} is null`),
  ],
);

/** A person's own choice for one kind and channel; without a row the kind's default holds. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    accountId: accountIdColumn(),
    userId: memberUserColumn(),
    kind: text('kind').notNull(),
    channel: text('channel').notNull(),
    enabled: boolean('enabled').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.userId, t.kind, t.channel] })],
);

/** A person's notification settings beyond the grid: the daily digest. */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    accountId: accountIdColumn(),
    userId: memberUserColumn(),
    dailyDigest: boolean('daily_digest').notNull().default(false),
    /** When the last daily digest went out: one a day, from 7 a.m. in the business's time zone. */
    lastDigestAt: timestamp('last_digest_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.userId] })],
);

/** An address an admin asked the ledger's events to be POSTed to (Settings > Integrations). */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: idColumn(),
    accountId: accountIdColumn(),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    eventTypes: text('event_types').array().notNull(),
    /** The signing secret (whsec_…), shown to the admin once when the endpoint is made. */
    secret: text('secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAtColumn(),
  },
  (t) => [index('webhook_endpoints_account_idx').on(t.accountId, t.createdAt)],
);

/** One event sent (or to be sent) to one endpoint, with what the last attempt got back. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: idColumn(),
    accountId: accountIdColumn(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    /** The exact JSON body sent at every attempt, so a retry signs the same bytes. */
    body: text('body').notNull(),
    status: text('status')
      .$type<'pending' | 'sending' | 'succeeded' | 'failed'>()
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When the current or last attempt began: a 'sending' claim older than a while is stale. */
    attemptedAt: timestamp('attempted_at', { withTimezone: true }),
    responseStatus: integer('response_status'),
    lastError: text('last_error'),
    createdAt: createdAtColumn(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('webhook_deliveries_endpoint_idx').on(t.accountId, t.endpointId, t.createdAt, t.id),
  ],
);

/** A browser that asked for push notifications (Web Push), for one member of one business. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: idColumn(),
    accountId: accountIdColumn(),
    userId: memberUserColumn(),
    /** The push service's address for this browser (it expires or is revoked by the browser). */
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_account_user_endpoint_idx').on(
      t.accountId,
      t.userId,
      t.endpoint,
    ),
  ],
);

/** The business's defaults for one kind and channel, set by an admin; a person's choice wins. */
export const notificationDefaults = pgTable(
  'notification_defaults',
  {
    accountId: accountIdColumn(),
    kind: text('kind').notNull(),
    channel: text('channel').notNull(),
    enabled: boolean('enabled').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.kind, t.channel] })],
);
