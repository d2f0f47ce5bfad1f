import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Request counters of the API's rate limits (general, public forms, sign-in codes…) when the
 * app runs on PostgreSQL, where several server processes may serve one database: each process
 * counts in the same row. One row per limit and client, replaced when its window has ended.
 * Unlogged (migration 0022, which drizzle's schema cannot say): no WAL flush per request.
 */
export const requestLimitCounters = pgTable(
  'request_limit_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('request_limit_counters_window_ends_at_idx').on(table.windowEndsAt)],
);
