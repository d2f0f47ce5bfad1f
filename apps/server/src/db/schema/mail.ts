import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { businessAccounts } from './accounts.ts';
import { createdAtColumn, idColumn } from './columns.ts';

/**
 * Every e-mail the app sends, kept whatever happens to it: the outbox owners read in Settings
 * when no SMTP server is configured, and the delivery state (queued → sent, or failed with its
 * error) when one is. account_id is null for sign-in mail that belongs to no business yet.
 */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: idColumn(),
    accountId: uuid('account_id').references(() => businessAccounts.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    fromName: text('from_name').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    /** The links the message carries, logged when it is only kept in the outbox. */
    links: jsonb('links').$type<string[]>().notNull().default([]),
    /** Files sent with the message (a scheduled report's CSV), as text. */
    attachments: jsonb('attachments')
      .$type<{ filename: string; contentType: string; content: string }[]>()
      .notNull()
      .default([]),
    status: text('status')
      .$type<'queued' | 'sent' | 'kept' | 'failed'>()
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAtColumn(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_messages_account_created_idx').on(t.accountId, t.createdAt),
    index('mail_messages_status_idx').on(t.status),
  ],
);
