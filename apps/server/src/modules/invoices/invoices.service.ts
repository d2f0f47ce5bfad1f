import {
  DEFAULT_INVOICE_PREFIX,
  DEFAULT_REMINDER_OFFSETS,
  dueDateFor,
  INVOICE_MESSAGES,
  invoiceFigures,
  invoiceNumberText,
  localDateOf,
  storedInvoiceStatus,
  type InvoiceDetail,
  type InvoiceHistoryQuery,
  type InvoiceHistoryResponse,
  type InvoiceInput,
  type CustomerBalance,
  type InvoiceListQuery,
  type InvoiceListResponse,
  type InvoiceSettings,
  type InvoiceSettingsInput,
} from '@crewdesk/domain';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import type { ShareSigner } from '../../lib/share-links.ts';
import { AppError, notFound, orNotFound } from '../../lib/app-error.ts';
import type { AccountActor } from '../../plugins/permissions.ts';
import { accountTimeZone } from '../business-profile/index.ts';
import { toInvoiceDetail, toInvoiceEvent, toInvoiceSummary } from './invoice-view.ts';
import * as repo from './invoices.repo.ts';

/** What every invoice use case needs beside the actor. */
export interface InvoiceDeps {
  db: Db;
  publicUrl: string;
  /** Writes and reads the client's links (decision 055). */
  shares: ShareSigner;
  now: Date;
  /** Whether a payment provider is configured (online payments on). */
  onlinePayments: boolean;
}

const BAD_CURSOR = 'cursor is not valid; start again from the first page';

/** Today in the business's own calendar: what issue dates, due dates and overdue are read in. */
export async function businessToday(db: DbOrTx, accountId: string, now: Date) {
  return localDateOf(now, await accountTimeZone(db, accountId));
}

/** The stored columns an input gives, with the domain's figures. */
function columnsOf(input: InvoiceInput, amountPaidCents: number) {
  const figures = invoiceFigures(input);
  return {
    customerId: input.customerId,
    clientName: input.clientName,
    clientEmail: input.clientEmail,
    billingAddress: input.billingAddress,
    issueDate: input.issueDate,
    paymentTerms: input.paymentTerms,
    dueDate: dueDateFor(input.issueDate, input.paymentTerms, input.dueDate),
    lineItems: input.lineItems,
    discountKind: input.discountKind,
    discountValue: input.discountValue,
    taxRateBasisPoints: input.taxRateBasisPoints,
    ...figures,
    amountPaidCents,
    balanceCents: figures.totalCents - amountPaidCents,
    notes: input.notes,
    terms: input.terms,
  };
}

async function assertCustomer(tx: DbOrTx, accountId: string, customerId: string | null) {
  if (customerId === null) return;
  if (!(await repo.findCustomer(tx, accountId, customerId)))
    throw new AppError('BAD_REQUEST', 'This contact is not in your business.');
}

/** Inserts a new invoice with the next number, its 'created' event and its links. */
export async function insertInvoice(
  tx: Tx,
  actor: AccountActor,
  input: InvoiceInput,
  now: Date,
  links: { requestId?: string | null; jobIds?: string[]; source?: string } = {},
): Promise<repo.InvoiceRow> {
  await assertCustomer(tx, actor.accountId, input.customerId);
  const { number, prefix } = await repo.drawInvoiceNumber(tx, actor.accountId);
  const row = await repo.insertInvoice(tx, {
    accountId: actor.accountId,
    number,
    numberText: invoiceNumberText(prefix, number),
    ...columnsOf(input, 0),
    status: 'draft',
    requestId: links.requestId ?? null,
    createdBy: actor.userId,
    createdAt: now,
    updatedAt: now,
  });
  if (links.jobIds && links.jobIds.length > 0)
    await repo.linkJobs(tx, actor.accountId, links.jobIds, row.id);
  await repo.insertEvent(tx, {
    accountId: actor.accountId,
    invoiceId: row.id,
    kind: 'created',
    detail: { totalCents: row.totalCents, source: links.source ?? 'manual' },
    actorUserId: actor.userId,
    createdAt: now,
  });
  return row;
}

export async function createInvoice(
  deps: InvoiceDeps,
  actor: AccountActor,
  input: InvoiceInput,
): Promise<InvoiceDetail> {
  const id = await deps.db.transaction(
    async (tx) => (await insertInvoice(tx, actor, input, deps.now)).id,
  );
  return getInvoice(deps, actor, id);
}

/** The whole invoice: figures, payments, history and links. */
export async function invoiceDetail(
  db: DbOrTx,
  deps: Pick<InvoiceDeps, 'publicUrl' | 'shares' | 'now'>,
  accountId: string,
  id: string,
): Promise<InvoiceDetail> {
  const row = orNotFound(await repo.findInvoice(db, accountId, id), 'Invoice');
  // One after another: `db` may be a transaction's single connection.
  const payments = await repo.paymentsOfInvoice(db, accountId, id);
  const events = await repo.listEventsOfInvoice(db, accountId, id);
  const jobs = await repo.jobsOfInvoice(db, accountId, id);
  const today = await businessToday(db, accountId, deps.now);
  return toInvoiceDetail(row, {
    today,
    publicUrl: deps.publicUrl,
    shares: deps.shares,
    payments,
    events,
    jobs,
  });
}

export async function getInvoice(
  deps: InvoiceDeps,
  actor: AccountActor,
  id: string,
): Promise<InvoiceDetail> {
  return invoiceDetail(deps.db, deps, actor.accountId, id);
}

/** A paid or void invoice is a record of money: it can be voided or refunded, not rewritten. */
function assertEditable(row: repo.InvoiceRow) {
  if (row.status === 'paid' || row.status === 'void')
    throw new AppError('CONFLICT', INVOICE_MESSAGES.lockedPaidOrVoid);
}

export async function updateInvoice(
  deps: InvoiceDeps,
  actor: AccountActor,
  id: string,
  body: { version: number; invoice: InvoiceInput },
): Promise<InvoiceDetail> {
  await deps.db.transaction(async (tx) => {
    const row = orNotFound(
      await repo.findInvoice(tx, actor.accountId, id, { lock: true }),
      'Invoice',
    );
    if (row.version !== body.version)
      throw new AppError('CONFLICT', INVOICE_MESSAGES.changedBySomeoneElse, {
        version: row.version,
      });
    assertEditable(row);
    await assertCustomer(tx, actor.accountId, body.invoice.customerId);
    const columns = columnsOf(body.invoice, row.amountPaidCents);
    const status = storedInvoiceStatus({
      voided: false,
      sent: row.sentAt !== null,
      viewed: row.viewedAt !== null,
      totalCents: columns.totalCents,
      amountPaidCents: row.amountPaidCents,
    });
    const saved = await repo.updateInvoiceAtVersion(tx, actor.accountId, id, body.version, {
      ...columns,
      status,
      updatedAt: deps.now,
    });
    if (!saved) throw new AppError('CONFLICT', INVOICE_MESSAGES.changedBySomeoneElse);
    await repo.insertEvent(tx, {
      accountId: actor.accountId,
      invoiceId: id,
      kind: 'edited',
      detail: { fromTotalCents: row.totalCents, toTotalCents: saved.totalCents },
      actorUserId: actor.userId,
      createdAt: deps.now,
    });
  });
  return getInvoice(deps, actor, id);
}

/**
 * Void: the invoice stays (its number is never reused) but owes nothing and takes no payments;
 * its jobs can be invoiced again.
 */
export async function voidInvoice(
  deps: InvoiceDeps,
  actor: AccountActor,
  id: string,
): Promise<InvoiceDetail> {
  await deps.db.transaction(async (tx) => {
    const row = orNotFound(
      await repo.findInvoice(tx, actor.accountId, id, { lock: true }),
      'Invoice',
    );
    if (row.status === 'void') throw new AppError('CONFLICT', INVOICE_MESSAGES.alreadyVoid);
    await repo.updateInvoiceAtVersion(tx, actor.accountId, id, row.version, {
      status: 'void',
      voidedAt: deps.now,
      updatedAt: deps.now,
    });
    await repo.unlinkJobs(tx, actor.accountId, id);
    await repo.insertEvent(tx, {
      accountId: actor.accountId,
      invoiceId: id,
      kind: 'voided',
      detail: { balanceCents: row.balanceCents },
      actorUserId: actor.userId,
      createdAt: deps.now,
    });
  });
  return getInvoice(deps, actor, id);
}

/** What one contact owes: the balance of their open invoices, and the overdue part of it. */
export async function customerBalance(
  deps: InvoiceDeps,
  actor: AccountActor,
  customerId: string,
): Promise<CustomerBalance> {
  if (!(await repo.findCustomer(deps.db, actor.accountId, customerId))) throw notFound('Contact');
  const today = localDateOf(deps.now, actor.timeZone);
  const totals = await repo.outstandingTotals(deps.db, actor.accountId, today, customerId);
  return {
    balanceCents: totals.outstandingCents,
    openCount: totals.outstandingCount,
    overdueCents: totals.overdueCents,
    overdueCount: totals.overdueCount,
  };
}

export async function listInvoices(
  deps: InvoiceDeps,
  actor: AccountActor,
  query: InvoiceListQuery,
): Promise<InvoiceListResponse> {
  const today = localDateOf(deps.now, actor.timeZone);
  const cursor = query.cursor ? { number: decodeSeqCursor(query.cursor) } : null;
  const filter: repo.InvoiceListFilter = {
    status: query.status,
    today,
    customerId: query.customerId,
    from: query.from,
    to: query.to,
    search: query.q,
    beforeNumber: cursor?.number,
  };
  const [rows, totals] = await Promise.all([
    repo.listInvoices(deps.db, actor.accountId, filter, query.limit + 1),
    repo.outstandingTotals(deps.db, actor.accountId, today),
  ]);
  const items = rows.slice(0, query.limit);
  const last = items.at(-1);
  return {
    items: items.map((row) => toInvoiceSummary(row, today)),
    nextCursor:
      rows.length > query.limit && last
        ? Buffer.from(String(last.number)).toString('base64url')
        : null,
    totals,
  };
}

function decodeSeqCursor(raw: string): number {
  const seq = Number(Buffer.from(raw, 'base64url').toString());
  if (!Number.isSafeInteger(seq) || seq < 1) throw new AppError('BAD_REQUEST', BAD_CURSOR);
  return seq;
}

export async function listHistory(
  db: Db,
  actor: AccountActor,
  query: InvoiceHistoryQuery,
): Promise<InvoiceHistoryResponse> {
  const before = query.cursor ? decodeSeqCursor(query.cursor) : null;
  const rows = await repo.listAccountEvents(
    db,
    actor.accountId,
    { kind: query.kind },
    before,
    query.limit + 1,
  );
  const items = rows.slice(0, query.limit);
  const last = items.at(-1);
  return {
    items: items.map(toInvoiceEvent),
    nextCursor:
      rows.length > query.limit && last
        ? Buffer.from(String(last.event.seq)).toString('base64url')
        : null,
  };
}

export async function getSettings(
  deps: Pick<InvoiceDeps, 'db' | 'onlinePayments'>,
  actor: AccountActor,
): Promise<InvoiceSettings> {
  const row = await repo.findSettings(deps.db, actor.accountId);
  return {
    prefix: row?.prefix ?? DEFAULT_INVOICE_PREFIX,
    nextNumber: row?.nextNumber ?? 1,
    defaultPaymentTerms: row?.defaultPaymentTerms ?? 'net_30',
    defaultTaxRateBasisPoints: row?.defaultTaxRateBasisPoints ?? 0,
    defaultTerms: row?.defaultTerms ?? '',
    paymentInstructions: row?.paymentInstructions ?? '',
    remindersEnabled: row?.remindersEnabled ?? true,
    reminderOffsets: row?.reminderOffsets ?? [...DEFAULT_REMINDER_OFFSETS],
    onlinePaymentsEnabled: deps.onlinePayments,
  };
}

export async function updateSettings(
  deps: Pick<InvoiceDeps, 'db' | 'onlinePayments' | 'now'>,
  actor: AccountActor,
  input: InvoiceSettingsInput,
): Promise<InvoiceSettings> {
  await repo.upsertSettings(deps.db, actor.accountId, {
    ...input,
    reminderOffsets: [...input.reminderOffsets].sort((a, b) => a - b),
    updatedAt: deps.now,
  });
  return getSettings(deps, actor);
}
