import {
  addressLine,
  DEFAULT_INVOICE_PREFIX,
  DEFAULT_REMINDER_OFFSETS,
  dueDateFor,
  INVOICE_MESSAGES,
  invoiceFigures,
  invoiceInputSchema,
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
  type InvoiceSummary,
} from '@crewdesk/domain';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import type { ShareSigner } from '../../lib/share-links.ts';
import { AppError, notFound, orNotFound } from '../../lib/app-error.ts';
import type { AccountActor } from '../../plugins/permissions.ts';
import { accountTimeZone } from '../business-profile/index.ts';
import { insertRequestEvent, liveInvoiceOfRequest, lockRequest } from '../requests/index.ts';
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

/** The form's starting values from the business's settings (or the defaults). */
export async function invoiceDefaults(db: DbOrTx, accountId: string) {
  const settings = await repo.findSettings(db, accountId);
  return {
    paymentTerms: settings?.defaultPaymentTerms ?? 'net_30',
    taxRateBasisPoints: settings?.defaultTaxRateBasisPoints ?? 0,
    terms: settings?.defaultTerms ?? '',
  };
}

type JobRow = Awaited<ReturnType<typeof repo.lockJobs>>[number];

/** An invoice input billing one completed job: its line items, or its price as one line. */
async function inputForJob(tx: Tx, actor: AccountActor, job: JobRow, today: string) {
  const customer = job.customerId
    ? await repo.findCustomer(tx, actor.accountId, job.customerId)
    : null;
  const defaults = await invoiceDefaults(tx, actor.accountId);
  const lines =
    job.lineItems.length > 0
      ? job.lineItems.map((l) => ({ ...l, taxable: true }))
      : [{ description: job.title, quantity: 1, unitPriceCents: job.priceCents, taxable: true }];
  return invoiceInputSchema.parse({
    customerId: customer?.id ?? null,
    clientName: customer ? `${customer.firstName} ${customer.lastName}`.trim() : job.title,
    clientEmail: customer?.email ?? '',
    billingAddress: customer ? addressLine(customer) : job.location,
    issueDate: today,
    paymentTerms: defaults.paymentTerms,
    lineItems: lines,
    taxRateBasisPoints: defaults.taxRateBasisPoints,
    terms: defaults.terms,
  });
}

function assertInvoiceable(job: JobRow) {
  if (job.kind !== 'job' || job.status !== 'completed')
    throw new AppError('CONFLICT', `${INVOICE_MESSAGES.jobNotCompleted} (${job.title})`);
  if (job.invoiceId !== null)
    throw new AppError('CONFLICT', INVOICE_MESSAGES.jobAlreadyInvoiced, {
      invoiceId: job.invoiceId,
    });
}

/**
 * One invoice per job, in one transaction: the jobs are locked first, so a double click or two
 * people batching at once cannot bill a job twice.
 */
async function invoiceJobsInTx(
  tx: Tx,
  actor: AccountActor,
  jobIds: string[],
  now: Date,
): Promise<repo.InvoiceRow[]> {
  const unique = [...new Set(jobIds)];
  const locked = await repo.lockJobs(tx, actor.accountId, unique);
  if (locked.length !== unique.length) throw notFound('Job');
  locked.forEach(assertInvoiceable);
  const today = localDateOf(now, actor.timeZone);
  const ordered = [...locked].sort(
    (a, b) => (a.completedAt?.getTime() ?? 0) - (b.completedAt?.getTime() ?? 0),
  );
  const made: repo.InvoiceRow[] = [];
  for (const job of ordered) {
    const input = await inputForJob(tx, actor, job, today);
    made.push(await insertInvoice(tx, actor, input, now, { jobIds: [job.id], source: 'job' }));
  }
  return made;
}

export async function invoiceJob(
  deps: InvoiceDeps,
  actor: AccountActor,
  jobId: string,
): Promise<InvoiceDetail> {
  const [row] = await deps.db.transaction((tx) => invoiceJobsInTx(tx, actor, [jobId], deps.now));
  return getInvoice(deps, actor, row!.id);
}

export async function invoiceJobsBatch(
  deps: InvoiceDeps,
  actor: AccountActor,
  jobIds: string[],
): Promise<{ items: InvoiceSummary[] }> {
  const rows = await deps.db.transaction((tx) => invoiceJobsInTx(tx, actor, jobIds, deps.now));
  const today = localDateOf(deps.now, actor.timeZone);
  return { items: rows.map((row) => toInvoiceSummary(row, today)) };
}

export async function listInvoiceableJobs(db: Db, actor: AccountActor) {
  const rows = await repo.invoiceableJobs(db, actor.accountId, 200);
  return {
    items: rows.map((r) => ({
      id: r.id,
      title: r.title,
      clientName: [r.firstName, r.lastName].filter(Boolean).join(' '),
      completedAt: r.completedAt?.toISOString() ?? null,
      priceCents: r.priceCents,
    })),
  };
}

/** Convert: an accepted estimate or quote becomes an invoice of its price (once). */
export async function invoiceRequest(
  deps: InvoiceDeps,
  actor: AccountActor,
  requestId: string,
): Promise<InvoiceDetail> {
  const id = await deps.db.transaction(async (tx) => {
    const request = orNotFound(await lockRequest(tx, actor.accountId, requestId), 'Request');
    if (request.status !== 'accepted')
      throw new AppError('CONFLICT', INVOICE_MESSAGES.requestNotAccepted);
    const existing = await liveInvoiceOfRequest(tx, actor.accountId, requestId);
    if (existing)
      throw new AppError('CONFLICT', 'This request was already converted to an invoice.', {
        invoiceId: existing.id,
      });
    const customer = request.customerId
      ? await repo.findCustomer(tx, actor.accountId, request.customerId)
      : null;
    const defaults = await invoiceDefaults(tx, actor.accountId);
    const accepted = request.options?.find((o) => o.id === request.acceptedOption);
    const input = invoiceInputSchema.parse({
      customerId: customer?.id ?? null,
      clientName: request.client,
      clientEmail: request.clientEmail ?? customer?.email ?? '',
      billingAddress: customer ? addressLine(customer) : '',
      issueDate: localDateOf(deps.now, actor.timeZone),
      paymentTerms: defaults.paymentTerms,
      lineItems: [
        {
          description: accepted ? `${request.title} (${accepted.name})` : request.title,
          quantity: 1,
          unitPriceCents: request.amountCents,
          taxable: true,
        },
      ],
      taxRateBasisPoints: defaults.taxRateBasisPoints,
      notes: request.description ?? '',
      terms: defaults.terms,
    });
    const row = await insertInvoice(tx, actor, input, deps.now, { requestId, source: 'request' });
    await insertRequestEvent(tx, {
      accountId: actor.accountId,
      requestId,
      kind: 'converted',
      detail: { invoiceId: row.id, invoiceNumber: row.numberText },
    });
    return row.id;
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
