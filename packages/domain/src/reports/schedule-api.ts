import { z } from 'zod';
import { BUSINESS_ADMIN_ROLES, type Role } from '../auth/roles.ts';
import { addDaysToDate } from '../schedule/zoned-time.ts';
import { REPORT_CSV_NAMES } from './operations-api.ts';
import { addMonthsToDate, periodStartOf, type ReportGrouping } from './report-rules.ts';

// A report e-mailed to members on a schedule, its CSV attached (issue 23).

/** Admins (and the owner) set the schedules: the mail goes to other people's inboxes. */
export const REPORT_SCHEDULE_ROLES: readonly Role[] = BUSINESS_ADMIN_ROLES;

export const REPORT_SCHEDULE_FREQUENCIES = ['weekly', 'monthly'] as const;
export type ReportScheduleFrequency = (typeof REPORT_SCHEDULE_FREQUENCIES)[number];

export const REPORT_SCHEDULES_MAX = 20;
export const REPORT_SCHEDULE_RECIPIENTS_MAX = 20;

export const REPORT_SCHEDULE_MESSAGES = {
  notMembers: 'Recipients must be active members of this business.',
  tooMany: `A business can have at most ${REPORT_SCHEDULES_MAX} scheduled reports.`,
} as const;

export const reportScheduleInputSchema = z.object({
  report: z.enum(REPORT_CSV_NAMES, {
    error: `report must be one of ${REPORT_CSV_NAMES.join(', ')}`,
  }),
  frequency: z.enum(REPORT_SCHEDULE_FREQUENCIES, { error: 'frequency must be weekly or monthly' }),
  recipientUserIds: z
    .array(z.uuid('recipientUserIds must be member ids'), {
      error: 'recipientUserIds must be a list of member ids',
    })
    .min(1, 'Choose at least one recipient.')
    .max(
      REPORT_SCHEDULE_RECIPIENTS_MAX,
      `At most ${REPORT_SCHEDULE_RECIPIENTS_MAX} recipients per report.`,
    ),
});
export type ReportScheduleInput = z.output<typeof reportScheduleInputSchema>;

export const reportScheduleSchema = z.object({
  id: z.uuid(),
  report: z.enum(REPORT_CSV_NAMES),
  frequency: z.enum(REPORT_SCHEDULE_FREQUENCIES),
  recipients: z.array(z.object({ userId: z.uuid(), name: z.string(), email: z.string() })),
  /** The first day of the last period mailed; null before the first mail. */
  lastSentFor: z.string().nullable(),
});
export type ReportSchedule = z.infer<typeof reportScheduleSchema>;

export const reportSchedulesSchema = z.object({
  schedules: z.array(reportScheduleSchema),
  max: z.number().int(),
});

/**
 * The period a schedule mails on `today` (the business's date): the last whole ISO week (Monday
 * to Sunday) or calendar month before today, and how its CSV is grouped (by day, by week).
 * `key` (the period's first day) is what the schedule remembers, so a period is mailed once.
 */
export function scheduledPeriod(
  frequency: ReportScheduleFrequency,
  today: string,
): { key: string; from: string; to: string; groupBy: ReportGrouping } {
  if (frequency === 'weekly') {
    const from = addDaysToDate(periodStartOf(today, 'week'), -7);
    return { key: from, from, to: addDaysToDate(from, 6), groupBy: 'day' };
  }
  const from = addMonthsToDate(periodStartOf(today, 'month'), -1);
  return { key: from, from, to: addDaysToDate(periodStartOf(today, 'month'), -1), groupBy: 'week' };
}
