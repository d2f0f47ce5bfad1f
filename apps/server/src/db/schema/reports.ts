import type { ReportCsvName, ReportScheduleFrequency } from '@crewdesk/domain';
import { date, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import {
  accountIdColumn,
  createdAtColumn,
  idColumn,
  updatedAtColumn,
  userRefColumn,
} from './columns.ts';

/**
 * A report e-mailed on a schedule (issue 23): which report, weekly or monthly, to which members.
 * `last_sent_for` is the first day of the last period mailed: the hourly run claims the next
 * period by moving it, so a period is mailed once whatever runs at the same time.
 */
export const reportSchedules = pgTable(
  'report_schedules',
  {
    id: idColumn(),
    accountId: accountIdColumn(),
    report: text('report').$type<ReportCsvName>().notNull(),
    frequency: text('frequency').$type<ReportScheduleFrequency>().notNull(),
    recipientUserIds: uuid('recipient_user_ids').array().notNull(),
    lastSentFor: date('last_sent_for', { mode: 'string' }),
    createdBy: userRefColumn('created_by'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [index('report_schedules_account_idx').on(t.accountId, t.createdAt)],
);
