import {
  formatMoney,
  localDateOf,
  INVOICE_MESSAGES,
  storedInvoiceStatus,
  type InvoiceDetail,
  type PaymentDetail,
  type PaymentInput,
  type PaymentListQuery,
  type PaymentListResponse,
} from '@crewdesk/domain';
import { accountCurrency } from '../business-profile/index.ts';
import { recordEvent } from '../events/index.ts';
import { AppError, notFound, orNotFound } from '../../lib/app-error.ts';
import type { AccountActor } from '../../plugins/permissions.ts';
import { runOnce, type Answer } from './idempotency.ts';
import { toInvoiceSummary, toPaymentRecord } from './invoice-view.ts';
import { invoiceDetail, type InvoiceDeps } from './invoices.service.ts';
import * as repo from './invoices.repo.ts';
import type { DbOrTx } from '../../db/client.ts';

function decodePaymentCursor(raw: string): { paidOn: string; id: string } {
  try {
    const c = JSON.parse(Buffer.from(raw, 'base64url').toString()) as {
      paidOn: unknown;
      id: unknown;
    };
    if (
      typeof c.paidOn === 'string' &&
      /^\d{4}-\d{2}-\d{2}$/.test(c.paidOn) &&
      typeof c.id === 'string' &&
      /^[0-9a-f-]{36}$/.test(c.id)
    )
      return { paidOn: c.paidOn, id: c.id };
  } catch {
    // falls through to the 400
  }
  throw new AppError('BAD_REQUEST', 'cursor is not valid; start again from the first page');
}

/** The key a client sends with a payment write, and the request it was made for. */
export interface IdempotencyScope {
  key: string;
  fingerprint: string;
}

/**
 * After a payment change: what the invoice's live payments add up to, its balance and status.
 * The caller holds the invoice's row lock.
 */
async function settleInvoice(
  tx: DbOrTx,
  row: repo.InvoiceRow,
  now: Date,
  paidBy: { online: boolean; actorUserId: string | null },
) {
  const paid = await repo.amountPaid(tx, row.accountId, row.id);
  const status = storedInvoiceStatus({
    voided: row.voidedAt !== null,
    sent: row.sentAt !== null,
    viewed: row.viewedAt !== null,
    totalCents: row.totalCents,
    amountPaidCents: paid,
  });
  await repo.updateInvoiceAtVersion(tx, row.accountId, row.id, row.version, {
    amountPaidCents: paid,
    balanceCents: row.totalCents - paid,
    status,
    updatedAt: now,
  });
  if (status === 'paid' && row.status !== 'paid')
    await recordEvent(tx, {
      accountId: row.accountId,
      type: 'invoice.paid',
      subjectId: row.id,
      actorUserId: paidBy.actorUserId,
      payload: { online: paidBy.online },
    });
}

function lockedInvoice(tx: DbOrTx, accountId: string, id: string) {
  return repo.findInvoice(tx, accountId, id, { lock: true });
}

/** A manual payment (cash, check …); the amount may not exceed the balance (a tip may). */
export async function recordPayment(
  deps: InvoiceDeps,
  actor: AccountActor,
  invoiceId: string,
  input: PaymentInput,
  idempotency: IdempotencyScope,
): Promise<Answer<InvoiceDetail>> {
  return runOnce(deps.db, { accountId: actor.accountId, ...idempotency }, async (tx) => {
    const row = orNotFound(await lockedInvoice(tx, actor.accountId, invoiceId), 'Invoice');
    if (row.status === 'void')
      throw new AppError('CONFLICT', INVOICE_MESSAGES.voidCannotTakePayments);
    if (input.amountCents > 0 && row.balanceCents <= 0)
      throw new AppError('BAD_REQUEST', INVOICE_MESSAGES.nothingDue);
    if (input.amountCents > row.balanceCents)
      throw new AppError(
        'BAD_REQUEST',
        INVOICE_MESSAGES.overpayment(
          formatMoney(row.balanceCents, await accountCurrency(tx, actor.accountId)),
        ),
      );
    const payment = await repo.insertPayment(tx, {
      accountId: actor.accountId,
      invoiceId,
      ...input,
      createdBy: actor.userId,
      createdAt: deps.now,
    });
    await settleInvoice(tx, row, deps.now, { online: false, actorUserId: actor.userId });
    await repo.insertEvent(tx, {
      accountId: actor.accountId,
      invoiceId,
      kind: 'payment_recorded',
      detail: {
        paymentId: payment.id,
        amountCents: payment.amountCents,
        tipCents: payment.tipCents,
        method: payment.method,
      },
      actorUserId: actor.userId,
      createdAt: deps.now,
    });
    return { statusCode: 201, body: await invoiceDetail(tx, deps, actor.accountId, invoiceId) };
  });
}

/** Remove (a payment entered by mistake) or refund (money given back): the balance returns. */
export async function undoPayment(
  deps: InvoiceDeps,
  actor: AccountActor,
  paymentId: string,
  how: 'remove' | 'refund',
  idempotency: IdempotencyScope,
): Promise<Answer<InvoiceDetail>> {
  return runOnce(deps.db, { accountId: actor.accountId, ...idempotency }, async (tx) => {
    const found = await repo.findPayment(tx, actor.accountId, paymentId);
    if (!found) {
      // Removed earlier: a clear conflict rather than "not found" for an id the history shows.
      if (await repo.wasPaymentRemoved(tx, actor.accountId, paymentId))
        throw new AppError('CONFLICT', INVOICE_MESSAGES.paymentAlreadyRemoved);
      throw notFound('Payment');
    }
    const row = orNotFound(
      await lockedInvoice(tx, actor.accountId, found.payment.invoiceId),
      'Payment',
    );
    // Decide on the payment as it is under the invoice's lock, not as first read: concurrent
    // refunds or removals of one payment queue on that lock, and only the first may act.
    const payment = await repo.lockPayment(tx, actor.accountId, paymentId);
    if (!payment) throw new AppError('CONFLICT', INVOICE_MESSAGES.paymentAlreadyRemoved);
    if (how === 'refund' && payment.refundedAt !== null)
      throw new AppError('CONFLICT', INVOICE_MESSAGES.paymentAlreadyRefunded);
    await repo.withdrawPayment(tx, actor.accountId, paymentId, how, deps.now);
    await settleInvoice(tx, row, deps.now, { online: false, actorUserId: actor.userId });
    await repo.insertEvent(tx, {
      accountId: actor.accountId,
      invoiceId: row.id,
      kind: how === 'remove' ? 'payment_removed' : 'payment_refunded',
      detail: {
        paymentId,
        amountCents: payment.amountCents,
        tipCents: payment.tipCents,
        method: payment.method,
        paidOn: payment.paidOn,
      },
      actorUserId: actor.userId,
      createdAt: deps.now,
    });
    return { statusCode: 200, body: await invoiceDetail(tx, deps, actor.accountId, row.id) };
  });
}

/**
 * Records a payment taken by the provider, once per providerRef, inside the caller's
 * transaction. The money is already taken, so it is recorded even past the balance or on a
 * void invoice (the office refunds it there).
 */
export async function recordOnlinePayment(
  tx: DbOrTx,
  input: {
    accountId: string;
    invoiceId: string;
    amountCents: number;
    providerRef: string;
    paidOn: string;
  },
  now: Date,
): Promise<'recorded' | 'duplicate' | 'unknown_invoice'> {
  const row = await lockedInvoice(tx, input.accountId, input.invoiceId);
  if (!row) return 'unknown_invoice';
  const payment = await repo.insertProviderPayment(tx, {
    accountId: input.accountId,
    invoiceId: input.invoiceId,
    method: 'online',
    amountCents: input.amountCents,
    paidOn: input.paidOn,
    reference: input.providerRef,
    providerRef: input.providerRef,
    createdAt: now,
  });
  if (!payment) return 'duplicate';
  await settleInvoice(tx, row, now, { online: true, actorUserId: null });
  await repo.insertEvent(tx, {
    accountId: input.accountId,
    invoiceId: input.invoiceId,
    kind: 'payment_recorded',
    detail: {
      paymentId: payment.id,
      amountCents: payment.amountCents,
      tipCents: 0,
      method: 'online',
    },
    createdAt: now,
  });
  return 'recorded';
}

export async function listPayments(
  deps: InvoiceDeps,
  actor: AccountActor,
  query: PaymentListQuery,
): Promise<PaymentListResponse> {
  const cursor = query.cursor ? decodePaymentCursor(query.cursor) : null;
  const filter: repo.PaymentListFilter = {
    method: query.method,
    customerId: query.customerId,
    from: query.from,
    to: query.to,
    search: query.q,
    before: cursor ?? undefined,
  };
  const rows = await repo.listPayments(deps.db, actor.accountId, filter, query.limit + 1);
  const items = rows.slice(0, query.limit);
  const last = items.at(-1)?.payment;
  return {
    items: items.map(toPaymentRecord),
    nextCursor:
      rows.length > query.limit && last
        ? Buffer.from(JSON.stringify({ paidOn: last.paidOn, id: last.id })).toString('base64url')
        : null,
  };
}

export async function getPayment(
  deps: InvoiceDeps,
  actor: AccountActor,
  id: string,
): Promise<PaymentDetail> {
  const found = orNotFound(await repo.findPayment(deps.db, actor.accountId, id), 'Payment');
  const invoice = await repo.findInvoice(deps.db, actor.accountId, found.payment.invoiceId);
  const today = localDateOf(deps.now, actor.timeZone);
  return {
    ...toPaymentRecord(found),
    invoice: toInvoiceSummary(invoice!, today),
    recordedBy: found.recordedBy,
  };
}
