import type { ReportGrouping } from '@crewdesk/domain';
import { and, asc, eq, gte, isNotNull, lt, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { invoicePayments, invoices } from '../../db/schema/index.ts';

/** A date column's period key: the first day of its day, ISO week or month ('YYYY-MM-DD'). */
function periodOf(date: SQL, grouping: ReportGrouping): SQL<string> {
  return sql<string>`to_char(date_trunc(${grouping}, (${date})::timestamp), 'YYYY-MM-DD')`;
}

/** Where a payment's refund falls: the business's calendar date of the refund. */
function refundDate(timeZone: string): SQL {
  return sql`(${invoicePayments.refundedAt} at time zone ${timeZone})::date`;
}

export interface RevenueRange {
  from: string;
  to: string;
  /** The instants that bound the range's days in the business's zone (for refund times). */
  start: Date;
  end: Date;
  timeZone: string;
}

/** Invoices that count as invoiced: issued ones (drafts are not issued; voids are undone). */
const issued = notInArray(invoices.status, ['draft', 'void']);

export async function invoicedByPeriod(
  db: DbOrTx,
  accountId: string,
  range: RevenueRange,
  grouping: ReportGrouping,
) {
  const period = periodOf(sql`${invoices.issueDate}`, grouping);
  const rows = await db
    .select({
      period,
      invoicedCents: sql<string>`sum(${invoices.totalCents} - ${invoices.taxCents})`,
      taxCents: sql<string>`sum(${invoices.taxCents})`,
      count: sql<number>`count(*)::int`,
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.accountId, accountId),
        gte(invoices.issueDate, range.from),
        lte(invoices.issueDate, range.to),
        issued,
      ),
    )
    // By position: the period's expression carries parameters, which GROUP BY cannot match.
    .groupBy(sql`1`);
  return rows.map((r) => ({
    period: r.period,
    invoicedCents: Number(r.invoicedCents),
    taxCents: Number(r.taxCents),
    count: r.count,
  }));
}

/** Payments by payment date: money received, refunded later or not (refunds are subtracted apart). */
export async function paidByPeriod(
  db: DbOrTx,
  accountId: string,
  range: RevenueRange,
  grouping: ReportGrouping,
) {
  const period = periodOf(sql`${invoicePayments.paidOn}`, grouping);
  const rows = await db
    .select({
      period,
      amountCents: sql<string>`sum(${invoicePayments.amountCents})`,
      tipCents: sql<string>`sum(${invoicePayments.tipCents})`,
      count: sql<number>`count(*)::int`,
    })
    .from(invoicePayments)
    .where(
      and(
        eq(invoicePayments.accountId, accountId),
        gte(invoicePayments.paidOn, range.from),
        lte(invoicePayments.paidOn, range.to),
      ),
    )
    // By position: the period's expression carries parameters, which GROUP BY cannot match.
    .groupBy(sql`1`);
  return rows.map((r) => ({
    period: r.period,
    amountCents: Number(r.amountCents),
    tipCents: Number(r.tipCents),
    count: r.count,
  }));
}

/** Refunds by the business's date of the refund. */
export async function refundedByPeriod(
  db: DbOrTx,
  accountId: string,
  range: RevenueRange,
  grouping: ReportGrouping,
) {
  const period = periodOf(refundDate(range.timeZone), grouping);
  const rows = await db
    .select({
      period,
      amountCents: sql<string>`sum(${invoicePayments.amountCents})`,
      tipCents: sql<string>`sum(${invoicePayments.tipCents})`,
    })
    .from(invoicePayments)
    .where(
      and(
        eq(invoicePayments.accountId, accountId),
        isNotNull(invoicePayments.refundedAt),
        gte(invoicePayments.refundedAt, range.start),
        lt(invoicePayments.refundedAt, range.end),
      ),
    )
    // By position: the period's expression carries parameters, which GROUP BY cannot match.
    .groupBy(sql`1`);
  return rows.map((r) => ({
    period: r.period,
    amountCents: Number(r.amountCents),
    tipCents: Number(r.tipCents),
  }));
}

export interface SourceRow {
  kind: 'invoice' | 'payment';
  id: string;
  invoiceId: string;
  invoiceNumber: string;
  clientName: string;
  date: string;
  amountCents: number;
  tipCents: number;
}

/** The invoices behind "invoiced" of a range, oldest first; one more than `limit` tells "more". */
export async function invoicedRows(
  db: DbOrTx,
  accountId: string,
  range: RevenueRange,
  limit: number,
): Promise<SourceRow[]> {
  const rows = await db
    .select({
      id: invoices.id,
      invoiceNumber: invoices.numberText,
      clientName: invoices.clientName,
      date: invoices.issueDate,
      amountCents: sql<number>`${invoices.totalCents} - ${invoices.taxCents}`,
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.accountId, accountId),
        gte(invoices.issueDate, range.from),
        lte(invoices.issueDate, range.to),
        issued,
      ),
    )
    .orderBy(asc(invoices.issueDate), asc(invoices.number))
    .limit(limit + 1);
  return rows.map((r) => ({
    kind: 'invoice',
    invoiceId: r.id,
    tipCents: 0,
    ...r,
    amountCents: Number(r.amountCents),
  }));
}

/** The payments behind "collected" (by payment date) or "refunds" (by refund date). */
export async function paymentRows(
  db: DbOrTx,
  accountId: string,
  range: RevenueRange,
  figure: 'collected' | 'refunds',
  limit: number,
): Promise<SourceRow[]> {
  const date =
    figure === 'collected'
      ? sql<string>`${invoicePayments.paidOn}::text`
      : sql<string>`${refundDate(range.timeZone)}::text`;
  const inRange =
    figure === 'collected'
      ? and(gte(invoicePayments.paidOn, range.from), lte(invoicePayments.paidOn, range.to))
      : and(
          isNotNull(invoicePayments.refundedAt),
          gte(invoicePayments.refundedAt, range.start),
          lt(invoicePayments.refundedAt, range.end),
        );
  const rows = await db
    .select({
      id: invoicePayments.id,
      invoiceId: invoicePayments.invoiceId,
      invoiceNumber: invoices.numberText,
      clientName: invoices.clientName,
      date,
      amountCents: invoicePayments.amountCents,
      tipCents: invoicePayments.tipCents,
    })
    .from(invoicePayments)
    .innerJoin(
      invoices,
      and(eq(invoices.id, invoicePayments.invoiceId), eq(invoices.accountId, accountId)),
    )
    .where(and(eq(invoicePayments.accountId, accountId), inRange))
    .orderBy(asc(date), asc(invoicePayments.id))
    .limit(limit + 1);
  return rows.map((r) => ({ kind: 'payment', ...r }));
}
