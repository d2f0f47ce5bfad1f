import { type PaymentListQuery } from '@crewdesk/domain';
import { and, desc, eq, gte, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { idInAccount } from '../../db/queries.ts';
import {
  invoiceEvents,
  invoicePayments,
  invoices,
  invoiceSearchText,
  users,
} from '../../db/schema/index.ts';
import { type PaymentRow, likePattern } from './invoice-rows.repo.ts';

export async function paymentsOfInvoice(
  db: DbOrTx,
  accountId: string,
  invoiceId: string,
): Promise<PaymentRow[]> {
  return db
    .select()
    .from(invoicePayments)
    .where(and(eq(invoicePayments.accountId, accountId), eq(invoicePayments.invoiceId, invoiceId)))
    .orderBy(invoicePayments.paidOn, invoicePayments.createdAt);
}

export interface PaymentWithInvoice {
  payment: PaymentRow;
  invoiceNumber: string;
  clientName: string;
}

const paymentColumns = {
  payment: invoicePayments,
  invoiceNumber: invoices.numberText,
  clientName: invoices.clientName,
};

/** The payments list's filters. */
export interface PaymentListFilter {
  method?: PaymentListQuery['method'];
  /** One contact's payments: those of their invoices. */
  customerId?: string;
  from?: string;
  to?: string;
  search?: string;
  /** The page after this payment (newest first). */
  before?: { paidOn: string; id: string };
}

export async function listPayments(
  db: DbOrTx,
  accountId: string,
  filter: PaymentListFilter,
  limit: number,
): Promise<PaymentWithInvoice[]> {
  const where = and(
    filter.method ? eq(invoicePayments.method, filter.method) : undefined,
    filter.customerId ? eq(invoices.customerId, filter.customerId) : undefined,
    filter.from ? gte(invoicePayments.paidOn, filter.from) : undefined,
    filter.to ? lte(invoicePayments.paidOn, filter.to) : undefined,
    filter.search ? paymentSearch(filter.search) : undefined,
    filter.before ? paymentBefore(filter.before.paidOn, filter.before.id) : undefined,
  );
  return db
    .select(paymentColumns)
    .from(invoicePayments)
    .innerJoin(invoices, eq(invoices.id, invoicePayments.invoiceId))
    .where(and(eq(invoicePayments.accountId, accountId), where))
    .orderBy(desc(invoicePayments.paidOn), desc(invoicePayments.id))
    .limit(limit);
}

/** After (paidOn, id) in the list's order: newest payment date first. */
function paymentBefore(paidOn: string, id: string): SQL {
  return or(
    lt(invoicePayments.paidOn, paidOn),
    and(eq(invoicePayments.paidOn, paidOn), lt(invoicePayments.id, id)),
  )!;
}

/** A payment's own reference (a check number, a transfer id) matches the search too. */
function paymentSearch(q: string): SQL {
  const pattern = likePattern(q);
  return or(
    sql`${invoiceSearchText} like ${pattern}`,
    sql`lower(${invoicePayments.reference}) like ${pattern}`,
  )!;
}

/** A payment taken back: removed (entered by mistake) or marked refunded at `now`. */
export async function withdrawPayment(
  tx: DbOrTx,
  accountId: string,
  paymentId: string,
  how: 'remove' | 'refund',
  now: Date,
): Promise<void> {
  const scoped = idInAccount(invoicePayments, accountId, paymentId);
  if (how === 'remove') await tx.delete(invoicePayments).where(scoped);
  else await tx.update(invoicePayments).set({ refundedAt: now }).where(scoped);
}

/** Stores a payment the provider reported; none when its reference was already stored. */
export async function insertProviderPayment(
  tx: DbOrTx,
  values: typeof invoicePayments.$inferInsert & { providerRef: string },
): Promise<PaymentRow | undefined> {
  const [payment] = await tx
    .insert(invoicePayments)
    .values(values)
    .onConflictDoNothing({ target: invoicePayments.providerRef })
    .returning();
  return payment;
}

export async function findPayment(
  db: DbOrTx,
  accountId: string,
  id: string,
): Promise<(PaymentWithInvoice & { recordedBy: string | null }) | null> {
  const [row] = await db
    .select({ ...paymentColumns, recordedBy: users.name })
    .from(invoicePayments)
    .innerJoin(invoices, eq(invoices.id, invoicePayments.invoiceId))
    .leftJoin(users, eq(users.id, invoicePayments.createdBy))
    .where(idInAccount(invoicePayments, accountId, id));
  return row ?? null;
}

/**
 * The payment row as it is now, locked until the transaction ends. Read after the invoice's lock,
 * so a refund or removal that another request committed meanwhile is seen.
 */
export async function lockPayment(
  tx: Tx,
  accountId: string,
  id: string,
): Promise<PaymentRow | undefined> {
  const [row] = await tx
    .select()
    .from(invoicePayments)
    .where(idInAccount(invoicePayments, accountId, id))
    .for('update');
  return row;
}

/** Whether the account's history records this payment as removed. */
export async function wasPaymentRemoved(
  db: DbOrTx,
  accountId: string,
  paymentId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: invoiceEvents.id })
    .from(invoiceEvents)
    .where(
      and(
        eq(invoiceEvents.accountId, accountId),
        eq(invoiceEvents.kind, 'payment_removed'),
        sql`${invoiceEvents.detail}->>'paymentId' = ${paymentId}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertPayment(
  tx: DbOrTx,
  values: typeof invoicePayments.$inferInsert,
): Promise<PaymentRow> {
  const [row] = await tx.insert(invoicePayments).values(values).returning();
  return row!;
}

/** What the invoice's live payments add up to (refunded ones do not count; tips never do). */
export async function amountPaid(db: DbOrTx, accountId: string, invoiceId: string) {
  const [row] = await db
    .select({ paid: sql<string>`coalesce(sum(${invoicePayments.amountCents}), 0)` })
    .from(invoicePayments)
    .where(
      and(
        eq(invoicePayments.accountId, accountId),
        eq(invoicePayments.invoiceId, invoiceId),
        isNull(invoicePayments.refundedAt),
      ),
    );
  return Number(row?.paid ?? 0);
}
