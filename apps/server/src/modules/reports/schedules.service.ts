import {
  addDaysToDate,
  localDateOf,
  REPORT_SCHEDULE_MESSAGES,
  REPORT_SCHEDULES_MAX,
  scheduledPeriod,
  type ReportCsvName,
  type ReportRangeQuery,
  type ReportSchedule,
  type ReportScheduleInput,
} from '@crewdesk/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { AccountActor } from '../../plugins/permissions.ts';
import { findBrand } from '../business-profile/index.ts';
import { renderMail, type Mailer } from '../mail/index.ts';
import type { ReportScope } from './operations.service.ts';
import * as csv from './reports-csv.service.ts';
import * as repo from './schedules.repo.ts';

const REPORT_TITLES: Record<ReportCsvName, string> = {
  revenue: 'Revenue',
  receivables: 'Receivables',
  quotes: 'Quote conversion',
  jobs: 'Jobs',
  'revenue-ahead': 'Revenue ahead',
  'team-hours': 'Team hours',
  margin: 'Margin',
};

async function toSchedule(db: Db, row: repo.ScheduleRow): Promise<ReportSchedule> {
  const members = await repo.membersAmong(db, row.accountId, row.recipientUserIds);
  return {
    id: row.id,
    report: row.report,
    frequency: row.frequency,
    // A member who left is no longer mailed and no longer listed.
    recipients: row.recipientUserIds.flatMap((id) => members.filter((m) => m.userId === id)),
    lastSentFor: row.lastSentFor,
  };
}

async function checkRecipients(db: Db, accountId: string, userIds: string[]) {
  const unique = [...new Set(userIds)];
  const members = await repo.membersAmong(db, accountId, unique);
  if (members.length !== unique.length)
    throw new AppError('BAD_REQUEST', REPORT_SCHEDULE_MESSAGES.notMembers);
  return unique;
}

export async function listSchedules(db: Db, actor: AccountActor) {
  const rows = await repo.listSchedules(db, actor.accountId);
  return {
    schedules: await Promise.all(rows.map((row) => toSchedule(db, row))),
    max: REPORT_SCHEDULES_MAX,
  };
}

export async function createSchedule(
  db: Db,
  actor: AccountActor,
  input: ReportScheduleInput,
): Promise<ReportSchedule> {
  const recipientUserIds = await checkRecipients(db, actor.accountId, input.recipientUserIds);
  if ((await repo.countSchedules(db, actor.accountId)) >= REPORT_SCHEDULES_MAX)
    throw new AppError('BAD_REQUEST', REPORT_SCHEDULE_MESSAGES.tooMany);
  const row = await repo.insertSchedule(db, actor.accountId, actor.userId, {
    ...input,
    recipientUserIds,
  });
  return toSchedule(db, row);
}

export async function updateSchedule(
  db: Db,
  actor: AccountActor,
  id: string,
  input: ReportScheduleInput,
): Promise<ReportSchedule> {
  const recipientUserIds = await checkRecipients(db, actor.accountId, input.recipientUserIds);
  const row = await repo.updateSchedule(db, actor.accountId, id, { ...input, recipientUserIds });
  if (!row) throw notFound('Scheduled report');
  return toSchedule(db, row);
}

export async function deleteSchedule(db: Db, actor: AccountActor, id: string): Promise<void> {
  if (!(await repo.deleteSchedule(db, actor.accountId, id))) throw notFound('Scheduled report');
}

// ---------------------------------------------------------------------------------------------
// The hourly run

/** The report's CSV for a period (reports of "today", receivables and revenue ahead, ignore it). */
export async function reportCsvFor(
  db: Db,
  scope: ReportScope,
  report: ReportCsvName,
  q: ReportRangeQuery,
  now: Date,
): Promise<csv.ReportTable> {
  switch (report) {
    case 'revenue':
      return csv.revenueTable(db, scope, q);
    case 'receivables':
      return csv.receivablesTable(db, scope, now);
    case 'quotes':
      return csv.quotesTable(db, scope, q, now);
    case 'jobs':
      return csv.jobsTable(db, scope, q);
    case 'revenue-ahead':
      return csv.revenueAheadTable(db, scope, now);
    case 'team-hours':
      return csv.teamHoursTable(db, scope, q, now);
    case 'margin':
      return csv.marginTable(db, scope, q, now);
  }
}

export interface ScheduleDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
}

/**
 * Mails every scheduled report whose period has ended, in each business's own calendar, and
 * answers how many mails it stored. The period is claimed (last_sent_for moved) in the same
 * transaction that stores the mails, so a run that slips through twice, or a second process,
 * sends nothing twice; the mails are queued after the commit.
 */
export async function sendDueReportMails(deps: ScheduleDeps, now: Date): Promise<number> {
  const latestToday = addDaysToDate(localDateOf(now, 'UTC'), 1);
  const candidates = await repo.dueCandidates(deps.db, {
    weekly: scheduledPeriod('weekly', latestToday).key,
    monthly: scheduledPeriod('monthly', latestToday).key,
  });
  let stored = 0;
  for (const { schedule, timeZone } of candidates) {
    const today = localDateOf(now, timeZone);
    const period = scheduledPeriod(schedule.frequency, today);
    if (schedule.lastSentFor !== null && schedule.lastSentFor >= period.key) continue;
    try {
      stored += await mailOne(deps, schedule, timeZone, period, now);
    } catch (error) {
      // One schedule's failure must not hold back the others; the next run tries it again.
      deps.log.error(
        { err: error, accountId: schedule.accountId, scheduleId: schedule.id },
        'could not send a scheduled report',
      );
    }
  }
  return stored;
}

async function mailOne(
  deps: ScheduleDeps,
  schedule: repo.ScheduleRow,
  timeZone: string,
  period: ReturnType<typeof scheduledPeriod>,
  now: Date,
): Promise<number> {
  const scope = { accountId: schedule.accountId, timeZone };
  const recipients = await repo.membersAmong(
    deps.db,
    schedule.accountId,
    schedule.recipientUserIds,
  );
  const brand = await findBrand(deps.db, schedule.accountId);
  const table = await reportCsvFor(
    deps.db,
    scope,
    schedule.report,
    { from: period.from, to: period.to, groupBy: period.groupBy },
    now,
  );
  const content = await csv.csvText(table);
  const title = REPORT_TITLES[schedule.report];
  const business = brand?.name ?? 'Crewdesk';
  const mail = renderMail({
    subject: `${title} report, ${period.from} to ${period.to}`,
    heading: `${title}: ${period.from} to ${period.to}`,
    paragraphs: [
      `The ${schedule.frequency} ${title.toLowerCase()} report of ${business} is attached as a CSV file.`,
      `The same report, with the rows behind every figure, is in Crewdesk under Reports.`,
    ],
    action: { label: 'Open the reports', url: `${deps.publicUrl}/reports` },
    footer: `You receive this because an admin of ${business} scheduled it for you.`,
  });
  const ids = await deps.db.transaction(async (tx) => {
    if (!(await repo.claimPeriod(tx, schedule.accountId, schedule.id, period.key))) return [];
    const stored: string[] = [];
    for (const recipient of recipients) {
      const { id } = await deps.mailer.storeInTransaction(tx, {
        accountId: schedule.accountId,
        kind: 'scheduled-report',
        to: recipient.email,
        fromName: business,
        ...mail,
        attachments: [{ filename: table.fileName, contentType: 'text/csv', content }],
      });
      stored.push(id);
    }
    return stored;
  });
  // Stored and committed: a failure to queue now is picked up by the next start's requeue.
  await deps.mailer
    .enqueueMany(ids)
    .catch((error: unknown) => deps.log.error({ err: error }, 'could not queue report mails'));
  return ids.length;
}
