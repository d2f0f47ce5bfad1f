import {
  addressLine,
  INVOICE_MESSAGES,
  invoiceInputSchema,
  localDateOf,
  type InvoiceDetail,
  type InvoiceSummary,
} from '@crewdesk/domain';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { AppError, notFound, orNotFound } from '../../lib/app-error.ts';
import type { AccountActor } from '../../plugins/permissions.ts';
import { insertRequestEvent, liveInvoiceOfRequest, lockRequest } from '../requests/index.ts';
import { toInvoiceSummary } from './invoice-view.ts';
import * as repo from './invoices.repo.ts';
import { type InvoiceDeps, getInvoice, insertInvoice } from './invoices.service.ts';

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
