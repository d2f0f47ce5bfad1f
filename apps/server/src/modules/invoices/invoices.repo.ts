import { recordEvent } from '../events/index.ts';
import {
  OPEN_INVOICE_STATUSES,
  type InvoiceEventKind,
  type InvoiceListQuery,
} from '@crewdesk/domain';
import { and, desc, eq, gte, inArray, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { idInAccount } from '../../db/queries.ts';
import { findShared, type ShareSigner } from '../../lib/share-links.ts';

import {
  customers,
  invoiceEvents,
  invoices,
  invoiceSearchText,
  invoiceSettings,
  jobs,
  users,
} from '../../db/schema/index.ts';
import { likePattern, type PaymentRow } from './invoice-rows.repo.ts';
export { likePattern, type PaymentRow };

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoiceRow = typeof invoices.$inferInsert;
export type SettingsRow = typeof invoiceSettings.$inferSelect;
export type EventRow = typeof invoiceEvents.$inferSelect;

export async function findSettings(db: DbOrTx, accountId: string): Promise<SettingsRow | null> {
  const [row] = await db
    .select()
    .from(invoiceSettings)
    .where(eq(invoiceSettings.accountId, accountId));
  return row ?? null;
}

export async function upsertSettings(
  db: DbOrTx,
  accountId: string,
  values: Omit<typeof invoiceSettings.$inferInsert, 'accountId' | 'nextNumber'>,
): Promise<SettingsRow> {
  const [row] = await db
    .insert(invoiceSettings)
    .values({ accountId, ...values })
    .onConflictDoUpdate({ target: invoiceSettings.accountId, set: values })
    .returning();
  return row!;
}

/**
 * Draws the account's next invoice number. The counter row stays locked until the caller's
 * transaction ends, so concurrent creations queue up and a rolled-back one gives its number
 * back: no gaps, no duplicates.
 */
export async function drawInvoiceNumber(
  tx: Tx,
  accountId: string,
): Promise<{ number: number; prefix: string }> {
  const [row] = await tx
    .insert(invoiceSettings)
    .values({ accountId, nextNumber: 2 })
    .onConflictDoUpdate({
      target: invoiceSettings.accountId,
      set: { nextNumber: sql`${invoiceSettings.nextNumber} + 1` },
    })
    .returning({ next: invoiceSettings.nextNumber, prefix: invoiceSettings.prefix });
  return { number: row!.next - 1, prefix: row!.prefix };
}

export async function insertInvoice(tx: Tx, values: NewInvoiceRow): Promise<InvoiceRow> {
  const [row] = await tx.insert(invoices).values(values).returning();
  return row!;
}

export async function findInvoice(
  db: DbOrTx,
  accountId: string,
  id: string,
  options: { lock?: boolean } = {},
): Promise<InvoiceRow | null> {
  const query = db
    .select()
    .from(invoices)
    .where(idInAccount(invoices, accountId, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The invoice a client's link opens (any account: the link is the key), or null. */
export async function findInvoiceByToken(
  db: DbOrTx,
  shares: ShareSigner,
  token: string,
): Promise<InvoiceRow | null> {
  const first = async (where: SQL | undefined) =>
    (await db.select().from(invoices).where(where))[0];
  const row = await findShared(shares, 'invoice', token, {
    byId: (id) => first(eq(invoices.id, id)),
    byLegacyHash: (hash) => first(eq(invoices.legacyShareTokenHash, hash)),
    versionOf: (found) => found.shareVersion,
  });
  return row ?? null;
}

/**
 * Writes `values` only if the invoice is still at `version`; null when someone else saved
 * first (or it is gone). The version goes up by one.
 */
export async function updateInvoiceAtVersion(
  db: DbOrTx,
  accountId: string,
  id: string,
  version: number,
  values: Partial<NewInvoiceRow>,
): Promise<InvoiceRow | null> {
  const [row] = await db
    .update(invoices)
    .set({ ...values, version: sql`${invoices.version} + 1` })
    .where(
      and(eq(invoices.accountId, accountId), eq(invoices.id, id), eq(invoices.version, version)),
    )
    .returning();
  return row ?? null;
}

export async function insertEvent(
  db: DbOrTx,
  values: {
    accountId: string;
    invoiceId: string;
    kind: InvoiceEventKind;
    detail?: Record<string, unknown> | null;
    actorUserId?: string | null;
    createdAt?: Date;
  },
): Promise<void> {
  await db.insert(invoiceEvents).values({ detail: null, ...values });
  await recordEvent(db, {
    accountId: values.accountId,
    type: `invoice.${values.kind}`,
    subjectId: values.invoiceId,
    actorUserId: values.actorUserId ?? null,
    payload: values.detail,
  });
}

export interface EventWithNames {
  event: EventRow;
  invoiceNumber: string;
  actorName: string | null;
}

const eventColumns = {
  event: invoiceEvents,
  invoiceNumber: invoices.numberText,
  actorName: users.name,
};

/** The account's activity, newest first, from before `beforeSeq` (a keyset page). */
export async function listAccountEvents(
  db: DbOrTx,
  accountId: string,
  filter: { invoiceId?: string; kind?: InvoiceEventKind },
  beforeSeq: number | null,
  limit: number,
): Promise<EventWithNames[]> {
  return db
    .select(eventColumns)
    .from(invoiceEvents)
    .innerJoin(invoices, eq(invoices.id, invoiceEvents.invoiceId))
    .leftJoin(users, eq(users.id, invoiceEvents.actorUserId))
    .where(
      and(
        eq(invoiceEvents.accountId, accountId),
        filter.invoiceId ? eq(invoiceEvents.invoiceId, filter.invoiceId) : undefined,
        filter.kind ? eq(invoiceEvents.kind, filter.kind) : undefined,
        beforeSeq === null ? undefined : lt(invoiceEvents.seq, beforeSeq),
      ),
    )
    .orderBy(desc(invoiceEvents.seq))
    .limit(limit);
}

/** One invoice's history, newest first (its whole history: an invoice has a few dozen events). */
export async function listEventsOfInvoice(
  db: DbOrTx,
  accountId: string,
  invoiceId: string,
): Promise<EventWithNames[]> {
  return listAccountEvents(db, accountId, { invoiceId }, null, 1000);
}

/** The invoices list's filters; `today` (the business's date) tells overdue from open. */
export interface InvoiceListFilter {
  status?: InvoiceListQuery['status'];
  today: string;
  customerId?: string;
  from?: string;
  to?: string;
  search?: string;
  /** The page after the invoice of this number (newest first). */
  beforeNumber?: number;
}

function statusCondition(status: InvoiceListQuery['status'], today: string): SQL | undefined {
  if (!status) return undefined;
  if (status === 'overdue')
    return and(inArray(invoices.status, [...OPEN_INVOICE_STATUSES]), lt(invoices.dueDate, today));
  if ((OPEN_INVOICE_STATUSES as readonly string[]).includes(status))
    return and(eq(invoices.status, status), gte(invoices.dueDate, today));
  return eq(invoices.status, status);
}

export async function listInvoices(
  db: DbOrTx,
  accountId: string,
  filter: InvoiceListFilter,
  limit: number,
): Promise<InvoiceRow[]> {
  const where = and(
    statusCondition(filter.status, filter.today),
    filter.customerId ? eq(invoices.customerId, filter.customerId) : undefined,
    filter.from ? gte(invoices.issueDate, filter.from) : undefined,
    filter.to ? lte(invoices.issueDate, filter.to) : undefined,
    filter.search ? invoiceSearch(filter.search) : undefined,
    filter.beforeNumber !== undefined ? lt(invoices.number, filter.beforeNumber) : undefined,
  );
  return db
    .select()
    .from(invoices)
    .where(and(eq(invoices.accountId, accountId), where))
    .orderBy(desc(invoices.number))
    .limit(limit);
}

function invoiceSearch(q: string): SQL {
  return sql`${invoiceSearchText} like ${likePattern(q)}`;
}

/**
 * Open invoices (sent, viewed, partially paid): their balance, and the late part of it; of the
 * whole business, or of one contact (their balance owed).
 */
export async function outstandingTotals(
  db: DbOrTx,
  accountId: string,
  today: string,
  customerId?: string,
) {
  const [row] = await db
    .select({
      outstandingCents: sql<string>`coalesce(sum(${invoices.balanceCents}), 0)`,
      outstandingCount: sql<number>`count(*)::int`,
      overdueCents: sql<string>`coalesce(sum(${invoices.balanceCents}) filter (where ${invoices.dueDate} < ${today}), 0)`,
      overdueCount: sql<number>`(count(*) filter (where ${invoices.dueDate} < ${today}))::int`,
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.accountId, accountId),
        customerId ? eq(invoices.customerId, customerId) : undefined,
        inArray(invoices.status, ['sent', 'viewed', 'partially_paid']),
      ),
    );
  return {
    outstandingCents: Number(row?.outstandingCents ?? 0),
    outstandingCount: row?.outstandingCount ?? 0,
    overdueCents: Number(row?.overdueCents ?? 0),
    overdueCount: row?.overdueCount ?? 0,
  };
}

export async function findCustomer(db: DbOrTx, accountId: string, id: string) {
  const [row] = await db
    .select()
    .from(customers)
    .where(idInAccount(customers, accountId, id));
  return row ?? null;
}

export async function jobsOfInvoice(db: DbOrTx, accountId: string, invoiceId: string) {
  return db
    .select({ id: jobs.id, title: jobs.title })
    .from(jobs)
    .where(and(eq(jobs.accountId, accountId), eq(jobs.invoiceId, invoiceId)))
    .orderBy(jobs.startsAt, jobs.id);
}

/** Completed jobs that no live invoice bills yet, most recently completed first. */
export async function invoiceableJobs(db: DbOrTx, accountId: string, limit: number) {
  return db
    .select({
      id: jobs.id,
      title: jobs.title,
      completedAt: jobs.completedAt,
      priceCents: jobs.priceCents,
      firstName: customers.firstName,
      lastName: customers.lastName,
    })
    .from(jobs)
    .leftJoin(customers, eq(customers.id, jobs.customerId))
    .where(
      and(
        eq(jobs.accountId, accountId),
        eq(jobs.kind, 'job'),
        eq(jobs.status, 'completed'),
        isNull(jobs.invoiceId),
      ),
    )
    .orderBy(desc(jobs.completedAt), desc(jobs.id))
    .limit(limit);
}

export async function lockJobs(tx: Tx, accountId: string, ids: string[]) {
  return tx
    .select()
    .from(jobs)
    .where(and(eq(jobs.accountId, accountId), inArray(jobs.id, ids)))
    .orderBy(jobs.id)
    .for('update');
}

export async function linkJobs(tx: Tx, accountId: string, jobIds: string[], invoiceId: string) {
  await tx
    .update(jobs)
    .set({ invoiceId })
    .where(and(eq(jobs.accountId, accountId), inArray(jobs.id, jobIds)));
}

/** A voided invoice lets its jobs be invoiced again. */
export async function unlinkJobs(tx: Tx, accountId: string, invoiceId: string) {
  await tx
    .update(jobs)
    .set({ invoiceId: null })
    .where(and(eq(jobs.accountId, accountId), eq(jobs.invoiceId, invoiceId)));
}

// The repository's other part, read through this one face (repo.* in the use cases).
export * from './payments.repo.ts';
