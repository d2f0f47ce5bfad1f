import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accountIdColumn, createdAtColumn, idColumn, userRefColumn } from './columns.ts';

/**
 * An "Export everything" archive of a business account (issue 25, decision 037): made by a
 * background job into DATA_DIR/exports/<id>.zip and deleted after expires_at.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: idColumn(),
    accountId: accountIdColumn(),
    requestedBy: userRefColumn('requested_by'),
    status: text('status').$type<'queued' | 'running' | 'ready' | 'failed'>().notNull(),
    progress: integer('progress').notNull().default(0),
    /** The archive's path under DATA_DIR (exports/<id>.zip) once it is ready. */
    filePath: text('file_path'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    error: text('error'),
    createdAt: createdAtColumn(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('data_exports_account_idx').on(t.accountId, t.createdAt),
    index('data_exports_expires_idx').on(t.expiresAt),
  ],
);
