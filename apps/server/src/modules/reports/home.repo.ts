import { and, eq, gt, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { jobs, requests } from '../../db/schema/index.ts';

/** Today's jobs by where they stand: one statement on jobs_account_kind_starts_idx. */
export async function visitsOfDay(
  db: DbOrTx,
  accountId: string,
  day: { start: Date; end: Date },
  now: Date,
) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      done: sql<number>`(count(*) filter (where ${jobs.status} = 'completed'))::int`,
      inProgress: sql<number>`(count(*) filter (where ${jobs.status} in ('on_the_way', 'in_progress')))::int`,
      late: sql<number>`(count(*) filter (where ${jobs.status} = 'scheduled' and ${jobs.startsAt} < ${now}))::int`,
      toCome: sql<number>`(count(*) filter (where ${jobs.status} = 'scheduled' and ${jobs.startsAt} >= ${now}))::int`,
    })
    .from(jobs)
    .where(
      and(
        eq(jobs.accountId, accountId),
        eq(jobs.kind, 'job'),
        gte(jobs.startsAt, day.start),
        lt(jobs.startsAt, day.end),
        ne(jobs.status, 'cancelled'),
      ),
    );
  return {
    total: row?.total ?? 0,
    done: row?.done ?? 0,
    inProgress: row?.inProgress ?? 0,
    late: row?.late ?? 0,
    toCome: row?.toCome ?? 0,
  };
}

const isQuote = sql`${requests.type} IS NOT DISTINCT FROM 'quote'`;

/** Estimates not yet sent, and quotes (and proposals) the client has not answered; unexpired. */
export async function requestsWaiting(db: DbOrTx, accountId: string, now: Date) {
  const [row] = await db
    .select({
      estimates: sql<number>`(count(*) filter (where not (${isQuote}) and ${requests.status} = 'unopened'))::int`,
      sent: sql<number>`(count(*) filter (where ${isQuote} and ${requests.status} = 'sent'))::int`,
      viewed: sql<number>`(count(*) filter (where ${isQuote} and ${requests.status} = 'viewed'))::int`,
      quotedCents: sql<string>`coalesce(sum(${requests.amountCents}) filter (where ${isQuote} and ${requests.status} in ('sent', 'viewed')), 0)`,
    })
    .from(requests)
    .where(
      and(
        eq(requests.accountId, accountId),
        inArray(requests.status, ['unopened', 'sent', 'viewed']),
        gt(requests.expiresAt, now),
      ),
    );
  return {
    estimates: row?.estimates ?? 0,
    sent: row?.sent ?? 0,
    viewed: row?.viewed ?? 0,
    quotedCents: Number(row?.quotedCents ?? 0),
  };
}

/** Whether the business has made its first contact, estimate, job and invoice. */
export async function firstSteps(db: DbOrTx, accountId: string) {
  // Spelled with the table's name: inside sql`` drizzle would write the bare column.
  const exists = (table: 'customers' | 'requests' | 'jobs' | 'invoices') =>
    sql<boolean>`exists (select 1 from ${sql.identifier(table)} where ${sql.identifier(table)}."account_id" = ${accountId})`;
  const [row] = await db
    .select({
      hasContact: exists('customers'),
      hasEstimate: exists('requests'),
      hasJob: exists('jobs'),
      hasInvoice: exists('invoices'),
    })
    .from(sql`(select 1) as one`);
  return {
    hasContact: Boolean(row?.hasContact),
    hasEstimate: Boolean(row?.hasEstimate),
    hasJob: Boolean(row?.hasJob),
    hasInvoice: Boolean(row?.hasInvoice),
  };
}
