import {
  localDateOf,
  storedInvoiceStatus,
  type InvoiceDetail,
  type PublicInvoice,
  type PublicPaymentStatus,
  type SendInvoiceBody,
} from '@crewdesk/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError, orNotFound } from '../../lib/app-error.ts';
import type { AccountActor } from '../../plugins/permissions.ts';
import { type StoredLogo, findBrand } from '../business-profile/index.ts';
import type { Mailer } from '../mail/index.ts';
import { invoicePdf, invoicePdfFileName } from '../invoice-pdf/index.ts';
import { notifyBusiness, mailBrand } from '../requests/index.ts';
import { invoiceAppLink, invoiceMail, invoiceViewedNoticeMail } from './invoice-mails.ts';
import {
  invoiceLogoPath,
  invoiceShareToken,
  publicInvoiceUrl,
  toPublicInvoice,
} from './invoice-view.ts';
import { getInvoice, type InvoiceDeps } from './invoices.service.ts';
import * as repo from './invoices.repo.ts';

export interface SharingDeps extends InvoiceDeps {
  mailer: Mailer;
  log: FastifyBaseLogger;
}

type LogoReader = (logoUrl: string | null) => Promise<StoredLogo | null>;

async function brandOf(db: Db, accountId: string) {
  return orNotFound(await findBrand(db, accountId), 'Business');
}

/** The stored facts a status is read from, with one of them changed. */
function statusAfter(row: repo.InvoiceRow, change: { sent?: boolean; viewed?: boolean }) {
  return storedInvoiceStatus({
    voided: row.voidedAt !== null,
    sent: change.sent ?? row.sentAt !== null,
    viewed: change.viewed ?? row.viewedAt !== null,
    totalCents: row.totalCents,
    amountPaidCents: row.amountPaidCents,
  });
}

/**
 * E-mails the invoice with its link. Delivered or kept in the outbox, the invoice counts as
 * sent (and its history says which); a refused delivery changes nothing and can be retried.
 */
export async function sendInvoice(
  deps: SharingDeps,
  actor: AccountActor,
  id: string,
  input: Required<SendInvoiceBody>,
): Promise<{ delivery: 'sent' | 'kept' | 'failed'; invoice: InvoiceDetail }> {
  const row = orNotFound(await repo.findInvoice(deps.db, actor.accountId, id), 'Invoice');
  if (row.status === 'void') throw new AppError('CONFLICT', 'A void invoice cannot be sent.');
  const brand = await brandOf(deps.db, actor.accountId);
  const token = invoiceShareToken(deps.shares, row);
  const { status: delivery } = await deps.mailer.sendNow({
    accountId: actor.accountId,
    kind: 'invoice',
    to: input.to,
    fromName: brand.name,
    ...invoiceMail({
      brand: mailBrand(brand, `${deps.publicUrl}${invoiceLogoPath(token)}`),
      clientName: row.clientName,
      number: row.numberText,
      balanceCents: row.balanceCents,
      dueDate: row.dueDate,
      message: input.message,
      url: publicInvoiceUrl(deps.publicUrl, token),
    }),
  });
  if (delivery !== 'failed') {
    await deps.db.transaction(async (tx) => {
      const current = orNotFound(
        await repo.findInvoice(tx, actor.accountId, id, { lock: true }),
        'Invoice',
      );
      await repo.updateInvoiceAtVersion(tx, actor.accountId, id, current.version, {
        sentAt: current.sentAt ?? deps.now,
        status: statusAfter(current, { sent: true }),
        updatedAt: deps.now,
      });
      await repo.insertEvent(tx, {
        accountId: actor.accountId,
        invoiceId: id,
        kind: 'sent',
        detail: { to: input.to, delivery },
        actorUserId: actor.userId,
        createdAt: deps.now,
      });
    });
  }
  return { delivery, invoice: await getInvoice(deps, actor, id) };
}

async function loadByToken(deps: InvoiceDeps, token: string) {
  return orNotFound(await repo.findInvoiceByToken(deps.db, deps.shares, token), 'Invoice');
}

async function publicView(deps: InvoiceDeps, row: repo.InvoiceRow): Promise<PublicInvoice> {
  const [brand, settings, payments] = await Promise.all([
    brandOf(deps.db, row.accountId),
    repo.findSettings(deps.db, row.accountId),
    repo.paymentsOfInvoice(deps.db, row.accountId, row.id),
  ]);
  return toPublicInvoice(row, {
    today: localDateOf(deps.now, brand.timeZone),
    shares: deps.shares,
    brand,
    payments,
    paymentInstructions: settings?.paymentInstructions ?? '',
    onlinePayments: deps.onlinePayments,
  });
}

/**
 * The client's page. Their first open marks the invoice viewed and tells the business; the
 * business's own people opening the link only preview it.
 */
export async function openPublicInvoice(
  deps: SharingDeps,
  token: string,
  viewerAccountId: string | null,
): Promise<PublicInvoice> {
  const row = await loadByToken(deps, token);
  if (row.viewedAt !== null || viewerAccountId === row.accountId || row.status === 'void')
    return publicView(deps, row);
  const marked = await deps.db.transaction(async (tx) => {
    const current = await repo.findInvoice(tx, row.accountId, row.id, { lock: true });
    if (!current || current.viewedAt !== null) return false;
    await repo.updateInvoiceAtVersion(tx, row.accountId, row.id, current.version, {
      viewedAt: deps.now,
      status: statusAfter(current, { viewed: true }),
      updatedAt: deps.now,
    });
    await repo.insertEvent(tx, {
      accountId: row.accountId,
      invoiceId: row.id,
      kind: 'viewed',
      createdAt: deps.now,
    });
    return true;
  });
  if (marked)
    await notifyBusiness(
      deps,
      row.accountId,
      'invoice-viewed',
      invoiceViewedNoticeMail({
        clientName: row.clientName,
        number: row.numberText,
        url: invoiceAppLink(deps.publicUrl, row.id),
      }),
    );
  return publicView(deps, await loadByToken(deps, token));
}

export async function publicPaymentStatus(
  deps: InvoiceDeps,
  token: string,
): Promise<PublicPaymentStatus> {
  const view = await publicView(deps, await loadByToken(deps, token));
  return {
    number: view.number,
    businessName: view.business.name,
    currency: view.business.currency,
    locale: view.business.locale,
    status: view.status,
    balanceCents: view.balanceCents,
    amountPaidCents: view.amountPaidCents,
  };
}

async function renderPdf(deps: InvoiceDeps, row: repo.InvoiceRow, readLogo: LogoReader) {
  const [view, brand] = await Promise.all([publicView(deps, row), brandOf(deps.db, row.accountId)]);
  const logo = await readLogo(brand.logo);
  const pdf = await invoicePdf(view, { timeZone: brand.timeZone, logo: logo?.bytes ?? null });
  return { pdf, fileName: invoicePdfFileName(view) };
}

export async function publicInvoicePdf(deps: InvoiceDeps, token: string, readLogo: LogoReader) {
  return renderPdf(deps, await loadByToken(deps, token), readLogo);
}

export async function staffInvoicePdf(
  deps: InvoiceDeps,
  actor: AccountActor,
  id: string,
  readLogo: LogoReader,
) {
  const row = orNotFound(await repo.findInvoice(deps.db, actor.accountId, id), 'Invoice');
  return renderPdf(deps, row, readLogo);
}

export async function publicInvoiceLogo(deps: InvoiceDeps, token: string, readLogo: LogoReader) {
  const row = await loadByToken(deps, token);
  const brand = await brandOf(deps.db, row.accountId);
  const logo = await readLogo(brand.logo);
  if (!logo) throw new AppError('NOT_FOUND', 'Logo not found.');
  return logo;
}
