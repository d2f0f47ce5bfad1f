import {
  addDaysToDate,
  figureDefinitions,
  instantOfLocal,
  localDateOf,
  periodsOf,
  type ReceivablesReport,
  type ReceivablesRowsQuery,
  type ReportGrouping,
  type ReportRangeQuery,
  type ReportSourceRows,
  type RevenueReport,
  type RevenueRowsQuery,
  type ScreenLink,
} from '@crewdesk/domain';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { ReportScope } from './operations.service.ts';
import { notFound } from '../../lib/app-error.ts';
import * as repo from './reports.repo.ts';

/** The range's days as instants of the business's zone (a day of 23 or 25 hours included). */
function revenueRange(from: string, to: string, timeZone: string): repo.RevenueRange {
  return {
    from,
    to,
    timeZone,
    start: instantOfLocal(`${from}T00:00:00`, timeZone),
    end: instantOfLocal(`${addDaysToDate(to, 1)}T00:00:00`, timeZone),
  };
}

const invoicesLink = (from: string, to: string): ScreenLink => ({
  path: '/invoices',
  query: { from, to },
});
const paymentsLink = (from: string, to: string): ScreenLink => ({
  path: '/invoices/payments',
  query: { from, to },
});

interface RevenueFigures {
  invoicedCents: number;
  invoiceCount: number;
  taxCents: number;
  collectedCents: number;
  paymentCount: number;
  tipsCents: number;
  refundedCents: number;
}

const noRevenue = (): RevenueFigures => ({
  invoicedCents: 0,
  invoiceCount: 0,
  taxCents: 0,
  collectedCents: 0,
  paymentCount: 0,
  tipsCents: 0,
  refundedCents: 0,
});

/** Revenue of a range by period: three grouped statements, merged on the period's key. */
async function revenueByPeriod(
  db: DbOrTx,
  accountId: string,
  range: repo.RevenueRange,
  grouping: ReportGrouping,
): Promise<Map<string, RevenueFigures>> {
  const [invoiced, paid, refunded] = await Promise.all([
    repo.invoicedByPeriod(db, accountId, range, grouping),
    repo.paidByPeriod(db, accountId, range, grouping),
    repo.refundedByPeriod(db, accountId, range, grouping),
  ]);
  const byPeriod = new Map<string, RevenueFigures>();
  const at = (period: string) => {
    let figures = byPeriod.get(period);
    if (!figures) byPeriod.set(period, (figures = noRevenue()));
    return figures;
  };
  for (const r of invoiced) {
    const f = at(r.period);
    f.invoicedCents += r.invoicedCents;
    f.taxCents += r.taxCents;
    f.invoiceCount += r.count;
  }
  for (const r of paid) {
    const f = at(r.period);
    f.collectedCents += r.amountCents;
    f.tipsCents += r.tipCents;
    f.paymentCount += r.count;
  }
  for (const r of refunded) {
    const f = at(r.period);
    f.collectedCents -= r.amountCents;
    f.tipsCents -= r.tipCents;
    f.refundedCents += r.amountCents;
  }
  return byPeriod;
}

function addInto(total: RevenueFigures, f: RevenueFigures): void {
  for (const key of Object.keys(total) as (keyof RevenueFigures)[]) total[key] += f[key];
}

const REVENUE_FIGURES = [
  'revenue_invoiced',
  'revenue_collected',
  'tips_collected',
  'refunds',
] as const;

export async function revenueReport(
  db: Db,
  actor: ReportScope,
  query: ReportRangeQuery,
): Promise<RevenueReport> {
  const range = revenueRange(query.from, query.to, actor.timeZone);
  const byPeriod = await revenueByPeriod(db, actor.accountId, range, query.groupBy);
  const totals = noRevenue();
  const rows = periodsOf(query.from, query.to, query.groupBy).map((p) => {
    const figures = byPeriod.get(p.start) ?? noRevenue();
    addInto(totals, figures);
    return {
      period: p.start,
      from: p.from,
      to: p.to,
      ...figures,
      invoicesLink: invoicesLink(p.from, p.to),
      paymentsLink: paymentsLink(p.from, p.to),
    };
  });
  return {
    from: query.from,
    to: query.to,
    groupBy: query.groupBy,
    timeZone: actor.timeZone,
    rows,
    totals,
    definitions: figureDefinitions(REVENUE_FIGURES),
  };
}

/** One range's revenue figures (the home's month tiles). */
export async function revenueOfRange(
  db: DbOrTx,
  accountId: string,
  from: string,
  to: string,
  timeZone: string,
): Promise<RevenueFigures> {
  // One period wide enough for the whole range: month grouping of a range inside one month.
  const byPeriod = await revenueByPeriod(db, accountId, revenueRange(from, to, timeZone), 'month');
  const total = noRevenue();
  for (const f of byPeriod.values()) addInto(total, f);
  return total;
}

export async function revenueRows(
  db: Db,
  actor: ReportScope,
  query: RevenueRowsQuery,
): Promise<ReportSourceRows> {
  const range = revenueRange(query.from, query.to, actor.timeZone);
  const rows =
    query.figure === 'invoiced'
      ? await repo.invoicedRows(db, actor.accountId, range, query.limit)
      : await repo.paymentRows(db, actor.accountId, range, query.figure, query.limit);
  return {
    rows: rows.slice(0, query.limit).map((r) => ({
      ...r,
      link:
        r.kind === 'invoice'
          ? { path: `/invoices/${r.invoiceId}`, query: {} }
          : { path: `/invoices/payments/${r.id}`, query: {} },
    })),
    truncated: rows.length > query.limit,
  };
}

/** A client's invoices on the web: by contact, or by name for invoices with no contact. */
function clientInvoicesLink(customerId: string | null, clientName: string): ScreenLink {
  return customerId
    ? { path: '/invoices', query: { customerId } }
    : { path: '/invoices', query: { q: clientName } };
}

/** How many clients the ageing table lists (largest balances first); the totals cover all. */
export const AGEING_MAX_CLIENTS = 200;

export async function receivablesReport(
  db: Db,
  actor: ReportScope,
  now: Date,
): Promise<ReceivablesReport> {
  const today = localDateOf(now, actor.timeZone);
  const [rows, totals] = await Promise.all([
    repo.ageingByClient(db, actor.accountId, today, AGEING_MAX_CLIENTS),
    repo.ageingTotals(db, actor.accountId, today),
  ]);
  return {
    today,
    timeZone: actor.timeZone,
    rows: rows.slice(0, AGEING_MAX_CLIENTS).map((r) => ({
      ...r,
      link: clientInvoicesLink(r.customerId, r.clientName),
    })),
    truncated: rows.length > AGEING_MAX_CLIENTS,
    totals,
    definitions: figureDefinitions(['receivables']),
  };
}

export async function receivablesRows(
  db: Db,
  actor: ReportScope,
  query: ReceivablesRowsQuery,
  now: Date,
): Promise<ReportSourceRows> {
  if (query.customerId && !(await repo.contactExists(db, actor.accountId, query.customerId)))
    throw notFound('Contact');
  const today = localDateOf(now, actor.timeZone);
  const rows = await repo.receivableRows(db, actor.accountId, today, query, query.limit);
  return {
    rows: rows.slice(0, query.limit).map((r) => ({
      ...r,
      link: { path: `/invoices/${r.invoiceId}`, query: {} },
    })),
    truncated: rows.length > query.limit,
  };
}
