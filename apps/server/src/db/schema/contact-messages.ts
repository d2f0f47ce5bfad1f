import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from './columns.ts';

/**
 * Messages sent through the public /contact page to the people running this installation.
 * Not tenant data: they belong to the installation, not to a business account.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: idColumn(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject'),
    message: text('message').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index('contact_messages_created_at_idx').on(t.createdAt)],
);
