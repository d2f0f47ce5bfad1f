import {
  AGEING_BUCKET_LABELS,
  AGEING_BUCKETS,
  type ReceivablesReport,
  type ReportRangeQuery,
} from '@crewdesk/domain';
import type { Db } from '../../db/client.ts';
import { formulaSafeCsv } from '../../lib/csv.ts';
import type { ReportScope } from './operations.service.ts';
import * as operations from './operations.service.ts';
import * as reports from './reports.service.ts';

// Every report as CSV: one line per row of the web table, then a totals line, with the web
// table's column names. Amounts are plain decimals (12.50), so a spreadsheet sums them; every
// cell goes through the app's one formula-safe writer (a client named "=HYPERLINK(…)" stays text).

type Cell = string | number | null;
export interface ReportTable {
  fileName: string;
  columns: string[];
  rows: Cell[][];
}

const money = (cents: number) => (cents / 100).toFixed(2);

export async function csvText(table: ReportTable): Promise<string> {
  const csv = formulaSafeCsv({ header: true, columns: table.columns });
  const chunks: string[] = [];
  csv.on('data', (chunk: Buffer | string) => chunks.push(String(chunk)));
  const ended = new Promise((resolve, reject) => {
    csv.on('end', resolve);
    csv.on('error', reject);
  });
  for (const row of table.rows) csv.write(row.map((cell) => (cell === null ? '' : String(cell))));
  csv.end();
  await ended;
  return chunks.join('');
}

const rangeName = (name: string, q: ReportRangeQuery) =>
  `${name}-${q.from}-to-${q.to}-by-${q.groupBy}.csv`;

export async function revenueTable(
  db: Db,
  actor: ReportScope,
  q: ReportRangeQuery,
): Promise<ReportTable> {
  const r = await reports.revenueReport(db, actor, q);
  const line = (label: string, from: string, to: string, f: typeof r.totals): Cell[] => [
    label,
    from,
    to,
    money(f.invoicedCents),
    f.invoiceCount,
    money(f.taxCents),
    money(f.collectedCents),
    f.paymentCount,
    money(f.tipsCents),
    money(f.refundedCents),
  ];
  return {
    fileName: rangeName('revenue', q),
    columns: [
      'Period',
      'From',
      'To',
      'Invoiced',
      'Invoices',
      'Tax',
      'Collected',
      'Payments',
      'Tips',
      'Refunds',
    ],
    rows: [
      ...r.rows.map((row) => line(row.period, row.from, row.to, row)),
      line('Total', r.from, r.to, r.totals),
    ],
  };
}

export async function receivablesTable(
  db: Db,
  actor: ReportScope,
  now: Date,
): Promise<ReportTable> {
  const r: ReceivablesReport = await reports.receivablesReport(db, actor, now);
  return {
    fileName: `receivables-${r.today}.csv`,
    columns: ['Client', ...AGEING_BUCKETS.map((b) => AGEING_BUCKET_LABELS[b]), 'Owed', 'Invoices'],
    rows: [
      ...r.rows.map((row) => [
        row.clientName,
        ...AGEING_BUCKETS.map((b) => money(row.buckets[b])),
        money(row.totalCents),
        row.invoiceCount,
      ]),
      [
        'Total',
        ...AGEING_BUCKETS.map((b) => money(r.totals.buckets[b])),
        money(r.totals.totalCents),
        r.totals.invoiceCount,
      ],
    ],
  };
}

export async function quotesTable(
  db: Db,
  actor: ReportScope,
  q: ReportRangeQuery,
  now: Date,
): Promise<ReportTable> {
  const r = await operations.quoteConversionReport(db, actor, q, now);
  const line = (label: string, from: string, to: string, f: typeof r.totals): Cell[] => [
    label,
    from,
    to,
    f.sent,
    f.viewed,
    f.accepted,
    f.declined,
    f.expired,
    money(f.sentCents),
    money(f.acceptedCents),
    f.medianDaysToAnswer,
  ];
  return {
    fileName: rangeName('quote-conversion', q),
    columns: [
      'Period',
      'From',
      'To',
      'Sent',
      'Viewed',
      'Accepted',
      'Declined',
      'Expired',
      'Sent amount',
      'Accepted amount',
      'Median days to answer',
    ],
    rows: [
      ...r.rows.map((row) => line(row.period, row.from, row.to, row)),
      line('Total', r.from, r.to, r.totals),
    ],
  };
}

export async function jobsTable(
  db: Db,
  actor: ReportScope,
  q: ReportRangeQuery,
): Promise<ReportTable> {
  const r = await operations.jobsReport(db, actor, q);
  const line = (label: string, from: string, to: string, f: typeof r.totals): Cell[] => [
    label,
    from,
    to,
    f.visits,
    f.scheduled,
    f.onTheWay,
    f.inProgress,
    f.completed,
    f.cancelled,
    f.onTime,
    money(f.completedCents),
  ];
  return {
    fileName: rangeName('jobs', q),
    columns: [
      'Period',
      'From',
      'To',
      'Visits',
      'Scheduled',
      'On the way',
      'In progress',
      'Completed',
      'Cancelled',
      'On time',
      'Completed amount',
    ],
    rows: [
      ...r.rows.map((row) => line(row.period, row.from, row.to, row)),
      line('Total', r.from, r.to, r.totals),
    ],
  };
}

export async function revenueAheadTable(
  db: Db,
  actor: ReportScope,
  now: Date,
): Promise<ReportTable> {
  const r = await operations.revenueAheadReport(db, actor, now);
  return {
    fileName: `revenue-ahead-${r.today}.csv`,
    columns: ['Window', 'From', 'To', 'Visits', 'Scheduled', 'Recurring', 'One-time'],
    rows: [
      ...r.windows.map((w) => [
        `Next ${w.days} days`,
        w.from,
        w.to,
        w.visitCount,
        money(w.totalCents),
        money(w.recurringCents),
        money(w.oneTimeCents),
      ]),
      // The windows overlap (30 days are inside 90), so the last line is what is owed beside them.
      ['Owed today', '', r.today, r.owed.invoiceCount, money(r.owed.totalCents), '', ''],
    ],
  };
}

const hours = (minutes: number) => (minutes / 60).toFixed(2);

/** Team hours: the web table is per person (hours with two decimals), then the totals. */
export async function teamHoursTable(
  db: Db,
  actor: ReportScope,
  q: ReportRangeQuery,
  now: Date,
): Promise<ReportTable> {
  const r = await operations.teamHoursReport(db, actor, q, now);
  const line = (label: string, m: typeof r.totals): Cell[] => [
    label,
    hours(m.workedMinutes),
    hours(m.regularMinutes),
    hours(m.overtimeMinutes),
    hours(m.visitMinutes),
    hours(m.travelMinutes),
    hours(m.otherMinutes),
    hours(m.breakMinutes),
  ];
  return {
    fileName: `team-hours-${q.from}-to-${q.to}.csv`,
    columns: [
      'Team member',
      'Worked hours',
      'Regular hours',
      'Overtime hours',
      'Visit hours',
      'Travel hours',
      'Other hours',
      'Break hours',
    ],
    rows: [...r.byPerson.map((p) => line(p.name, p)), line('Total', r.totals)],
  };
}

export async function marginTable(
  db: Db,
  actor: ReportScope,
  q: ReportRangeQuery,
  now: Date,
): Promise<ReportTable> {
  const r = await operations.marginReport(db, actor, q, now);
  const line = (label: string, from: string, to: string, f: typeof r.totals): Cell[] => [
    label,
    from,
    to,
    f.visits,
    money(f.priceCents),
    hours(f.labourMinutes),
    money(f.labourCents),
    money(f.materialsCents),
    money(f.marginCents),
    f.marginPercent,
    money(f.estimatedCostCents),
    money(f.estimatedMarginCents),
  ];
  return {
    fileName: rangeName('margin', q),
    columns: [
      'Period',
      'From',
      'To',
      'Visits',
      'Price',
      'Labor hours',
      'Labor',
      'Materials',
      'Margin',
      'Margin %',
      'Estimated cost',
      'Estimated margin',
    ],
    rows: [
      ...r.rows.map((row) => line(row.period, row.from, row.to, row)),
      line('Total', r.from, r.to, r.totals),
    ],
  };
}
