import {
  AGEING_BUCKET_DAYS,
  AGEING_BUCKETS,
  type AgeingBucket,
  type ReportGrouping,
} from '@crewdesk/domain';
import {
  and,
  asc,
  eq,
  gte,
  inArray,
  isNotNull,
  lt,
  lte,
  notInArray,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { idInAccount } from '../../db/queries.ts';
import { customers, invoicePayments, invoices } from '../../db/schema/index.ts';

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

/** Invoices that still wait for money: the statuses of the invoices module's outstanding total. */
const open = inArray(invoices.status, ['sent', 'viewed', 'partially_paid']);

/** Days past due on the business's `today` (0 or less: not due yet). */
const daysLate = (today: string) => sql`(${today}::date - ${invoices.dueDate})`;

/** The SQL twin of AGEING_BUCKET_DAYS: an open invoice's bucket on `today`. */
export function bucketCondition(bucket: AgeingBucket, today: string): SQL {
  const { min, max } = AGEING_BUCKET_DAYS[bucket];
  return sql.join(
    [
      sql`true`,
      min === null ? undefined : sql`${daysLate(today)} >= ${min}`,
      max === null ? undefined : sql`${daysLate(today)} <= ${max}`,
    ].filter((part): part is SQL => part !== undefined),
    sql` and `,
  );
}

function bucketSums(today: string) {
  return Object.fromEntries(
    AGEING_BUCKETS.map((bucket) => [
      bucket,
      sql<string>`coalesce(sum(${invoices.balanceCents}) filter (where ${bucketCondition(bucket, today)}), 0)`,
    ]),
  ) as Record<AgeingBucket, SQL<string>>;
}

const toBuckets = (row: Record<AgeingBucket, string>) =>
  Object.fromEntries(AGEING_BUCKETS.map((b) => [b, Number(row[b])])) as Record<
    AgeingBucket,
    number
  >;

/**
 * Open balances per client, largest first. Invoices of a contact are one row; invoices with no
 * contact are one row per client name.
 */
export async function ageingByClient(db: DbOrTx, accountId: string, today: string, limit: number) {
  const clientKey = sql`coalesce(${invoices.customerId}::text, 'name:' || ${invoices.clientName})`;
  const rows = await db
    .select({
      customerId: sql<string | null>`(array_agg(${invoices.customerId}))[1]`,
      clientName: sql<string>`max(${invoices.clientName})`,
      totalCents: sql<string>`sum(${invoices.balanceCents})`,
      invoiceCount: sql<number>`count(*)::int`,
      ...bucketSums(today),
    })
    .from(invoices)
    .where(and(eq(invoices.accountId, accountId), open))
    .groupBy(clientKey)
    .orderBy(sql`sum(${invoices.balanceCents}) desc`, sql`max(${invoices.clientName})`)
    .limit(limit + 1);
  return rows.map((r) => ({
    customerId: r.customerId,
    clientName: r.clientName,
    totalCents: Number(r.totalCents),
    invoiceCount: r.invoiceCount,
    buckets: toBuckets(r),
  }));
}

export async function ageingTotals(db: DbOrTx, accountId: string, today: string) {
  const [row] = await db
    .select({
      totalCents: sql<string>`coalesce(sum(${invoices.balanceCents}), 0)`,
      invoiceCount: sql<number>`count(*)::int`,
      ...bucketSums(today),
    })
    .from(invoices)
    .where(and(eq(invoices.accountId, accountId), open));
  return {
    totalCents: Number(row?.totalCents ?? 0),
    invoiceCount: row?.invoiceCount ?? 0,
    buckets: toBuckets(row!),
  };
}

/** The open invoices behind a bucket (of one contact, or all), most overdue first. */
export async function receivableRows(
  db: DbOrTx,
  accountId: string,
  today: string,
  filter: { bucket?: AgeingBucket; customerId?: string },
  limit: number,
): Promise<SourceRow[]> {
  const rows = await db
    .select({
      id: invoices.id,
      invoiceNumber: invoices.numberText,
      clientName: invoices.clientName,
      date: invoices.dueDate,
      amountCents: invoices.balanceCents,
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.accountId, accountId),
        open,
        filter.bucket ? bucketCondition(filter.bucket, today) : undefined,
        filter.customerId ? eq(invoices.customerId, filter.customerId) : undefined,
      ),
    )
    .orderBy(asc(invoices.dueDate), asc(invoices.number))
    .limit(limit + 1);
  return rows.map((r) => ({ kind: 'invoice', invoiceId: r.id, tipCents: 0, ...r }));
}

export async function contactExists(db: DbOrTx, accountId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(idInAccount(customers, accountId, id));
  return Boolean(row);
}
