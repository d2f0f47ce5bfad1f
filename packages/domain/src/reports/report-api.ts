import { z } from 'zod';
import { emptyAsUndefined } from '../schemas/api-fields.ts';
import { FIGURE_IDS } from './figures.ts';
import {
  AGEING_BUCKETS,
  REPORT_GROUPINGS,
  reportRangeProblem,
  type ReportGrouping,
} from './report-rules.ts';

/** Where a tile or a row leads on the web: a path and its query (both read by that list). */
export const screenLinkSchema = z.object({
  path: z.string(),
  query: z.record(z.string(), z.string()),
});
export type ScreenLink = z.infer<typeof screenLinkSchema>;

export const figureDefinitionSchema = z.object({
  id: z.enum(FIGURE_IDS),
  label: z.string(),
  definition: z.string(),
});

/** ?from=&to=&groupBy= of every report: dates of the business's calendar, both included. */
export const reportRangeQuerySchema = z
  .object({
    from: z.iso.date('from must be YYYY-MM-DD'),
    to: z.iso.date('to must be YYYY-MM-DD'),
    groupBy: z.preprocess(
      emptyAsUndefined,
      z
        .enum(REPORT_GROUPINGS, { error: `groupBy must be one of ${REPORT_GROUPINGS.join(', ')}` })
        .default('month'),
    ),
  })
  .superRefine((q, ctx) => {
    const problem = reportRangeProblem(q.from, q.to, q.groupBy as ReportGrouping);
    if (problem) ctx.addIssue({ code: 'custom', path: ['to'], message: problem });
  });
export type ReportRangeQuery = z.output<typeof reportRangeQuerySchema>;

const cents = z.number().int();

export const revenueRowSchema = z.object({
  /** The period's first day (its key). */
  period: z.string(),
  /** The part of the period inside the range. */
  from: z.string(),
  to: z.string(),
  invoicedCents: cents,
  invoiceCount: z.number().int(),
  taxCents: cents,
  collectedCents: cents,
  paymentCount: z.number().int(),
  tipsCents: cents,
  refundedCents: cents,
  /** The rows behind this period's figures. */
  invoicesLink: screenLinkSchema,
  paymentsLink: screenLinkSchema,
});

const revenueTotalsSchema = revenueRowSchema.omit({
  period: true,
  from: true,
  to: true,
  invoicesLink: true,
  paymentsLink: true,
});

/** GET /api/reports/revenue: one row per period (the chart's series and the table are one list). */
export const revenueReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  groupBy: z.enum(REPORT_GROUPINGS),
  timeZone: z.string(),
  rows: z.array(revenueRowSchema),
  totals: revenueTotalsSchema,
  definitions: z.array(figureDefinitionSchema),
});
export type RevenueReport = z.infer<typeof revenueReportSchema>;

/** GET /api/reports/revenue/rows: the invoices and payments behind a period (or the range). */
export const revenueRowsQuerySchema = z
  .object({
    from: z.iso.date('from must be YYYY-MM-DD'),
    to: z.iso.date('to must be YYYY-MM-DD'),
    figure: z.enum(['invoiced', 'collected', 'refunds'], {
      error: 'figure must be one of invoiced, collected, refunds',
    }),
    limit: z.preprocess(
      emptyAsUndefined,
      z.coerce
        .number('limit must be a number')
        .int('limit must be a whole number')
        .min(1, 'limit must be between 1 and 500')
        .max(500, 'limit must be between 1 and 500')
        .default(100),
    ),
  })
  .superRefine((q, ctx) => {
    const problem = reportRangeProblem(q.from, q.to, 'month');
    if (problem) ctx.addIssue({ code: 'custom', path: ['to'], message: problem });
  });
export type RevenueRowsQuery = z.output<typeof revenueRowsQuerySchema>;

export const reportSourceRowSchema = z.object({
  kind: z.enum(['invoice', 'payment']),
  id: z.uuid(),
  invoiceId: z.uuid(),
  invoiceNumber: z.string(),
  clientName: z.string(),
  /** The date that places the row in the period (issue, payment or refund date). */
  date: z.string(),
  amountCents: cents,
  tipCents: cents,
  link: screenLinkSchema,
});

export const reportSourceRowsSchema = z.object({
  rows: z.array(reportSourceRowSchema),
  /** More rows match than `limit`. */
  truncated: z.boolean(),
});
export type ReportSourceRows = z.infer<typeof reportSourceRowsSchema>;

/** GET /api/reports/receivables/rows: the open invoices behind a bucket, of one client or all. */
export const receivablesRowsQuerySchema = z.object({
  bucket: z.preprocess(
    emptyAsUndefined,
    z
      .enum(AGEING_BUCKETS, { error: `bucket must be one of ${AGEING_BUCKETS.join(', ')}` })
      .optional(),
  ),
  customerId: z.preprocess(emptyAsUndefined, z.uuid('customerId must be a contact id').optional()),
  limit: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number('limit must be a number')
      .int('limit must be a whole number')
      .min(1, 'limit must be between 1 and 500')
      .max(500, 'limit must be between 1 and 500')
      .default(100),
  ),
});
export type ReceivablesRowsQuery = z.output<typeof receivablesRowsQuerySchema>;

/** GET /api/reports/receivables: open balances by client and ageing bucket, on today's date. */
export const ageingRowSchema = z.object({
  customerId: z.uuid().nullable(),
  clientName: z.string(),
  buckets: z.record(z.enum(AGEING_BUCKETS), cents),
  totalCents: cents,
  invoiceCount: z.number().int(),
  link: screenLinkSchema,
});

export const receivablesReportSchema = z.object({
  today: z.string(),
  timeZone: z.string(),
  rows: z.array(ageingRowSchema),
  /** More clients owe than the rows show (largest balances first). */
  truncated: z.boolean(),
  totals: z.object({
    buckets: z.record(z.enum(AGEING_BUCKETS), cents),
    totalCents: cents,
    invoiceCount: z.number().int(),
  }),
  definitions: z.array(figureDefinitionSchema),
});
export type ReceivablesReport = z.infer<typeof receivablesReportSchema>;
