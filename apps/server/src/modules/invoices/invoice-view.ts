import {
  invoiceDisplayStatus,
  lineTotalCents,
  type InvoiceDetail,
  type InvoiceEvent,
  type InvoiceSummary,
  type PaymentRecord,
  type PublicInvoice,
} from '@crewdesk/domain';
import type { ShareSigner } from '../../lib/share-links.ts';
import type { BusinessBrand } from '../business-profile/index.ts';
import type {
  EventWithNames,
  InvoiceRow,
  PaymentRow,
  PaymentWithInvoice,
} from './invoices.repo.ts';

/** The token of the client's link to the invoice (decision 055). */
export function invoiceShareToken(
  shares: ShareSigner,
  row: Pick<InvoiceRow, 'id' | 'shareVersion'>,
): string {
  return shares.token('invoice', row.id, row.shareVersion);
}

export function publicInvoicePath(shareToken: string): string {
  return `/pay/${shareToken}`;
}

export function publicInvoiceUrl(publicUrl: string, shareToken: string): string {
  return `${publicUrl.replace(/\/$/, '')}${publicInvoicePath(shareToken)}`;
}

export function invoiceLogoPath(shareToken: string): string {
  return `/api/public/invoices/${shareToken}/logo`;
}

/** An invoice's figures, in cents, as every view of it shows them. */
function amountsOf(row: InvoiceRow) {
  return {
    subtotalCents: row.subtotalCents,
    discountCents: row.discountCents,
    taxCents: row.taxCents,
    totalCents: row.totalCents,
    amountPaidCents: row.amountPaidCents,
    balanceCents: row.balanceCents,
  };
}

export function toInvoiceSummary(row: InvoiceRow, today: string): InvoiceSummary {
  return {
    id: row.id,
    number: row.numberText,
    status: invoiceDisplayStatus(row.status, row.dueDate, today),
    storedStatus: row.status,
    customerId: row.customerId,
    clientName: row.clientName,
    clientEmail: row.clientEmail,
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    ...amountsOf(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toPaymentRecord(item: PaymentWithInvoice): PaymentRecord {
  const { payment } = item;
  return {
    id: payment.id,
    invoiceId: payment.invoiceId,
    invoiceNumber: item.invoiceNumber,
    clientName: item.clientName,
    method: payment.method,
    amountCents: payment.amountCents,
    tipCents: payment.tipCents,
    paidOn: payment.paidOn,
    reference: payment.reference,
    notes: payment.notes,
    refundedAt: payment.refundedAt?.toISOString() ?? null,
    createdAt: payment.createdAt.toISOString(),
  };
}

export function toInvoiceEvent(item: EventWithNames): InvoiceEvent {
  return {
    id: item.event.id,
    invoiceId: item.event.invoiceId,
    invoiceNumber: item.invoiceNumber,
    kind: item.event.kind,
    detail: item.event.detail,
    actorName: item.actorName,
    createdAt: item.event.createdAt.toISOString(),
  };
}

function linesOf(row: InvoiceRow) {
  return row.lineItems.map((line) => ({ ...line, totalCents: lineTotalCents(line) }));
}

export function toInvoiceDetail(
  row: InvoiceRow,
  parts: {
    today: string;
    publicUrl: string;
    shares: ShareSigner;
    payments: PaymentRow[];
    events: EventWithNames[];
    jobs: { id: string; title: string }[];
  },
): InvoiceDetail {
  return {
    ...toInvoiceSummary(row, parts.today),
    billingAddress: row.billingAddress,
    paymentTerms: row.paymentTerms,
    lineItems: linesOf(row),
    discountKind: row.discountKind,
    discountValue: row.discountValue,
    taxRateBasisPoints: row.taxRateBasisPoints,
    notes: row.notes,
    terms: row.terms,
    version: row.version,
    sentAt: row.sentAt?.toISOString() ?? null,
    viewedAt: row.viewedAt?.toISOString() ?? null,
    voidedAt: row.voidedAt?.toISOString() ?? null,
    publicUrl: publicInvoiceUrl(parts.publicUrl, invoiceShareToken(parts.shares, row)),
    jobs: parts.jobs,
    requestId: row.requestId,
    payments: parts.payments.map((payment) =>
      toPaymentRecord({ payment, invoiceNumber: row.numberText, clientName: row.clientName }),
    ),
    events: parts.events.map(toInvoiceEvent),
  };
}

/** What the client's page and PDF show: never notes of the office, who recorded what, or ids. */
export function toPublicInvoice(
  row: InvoiceRow,
  parts: {
    today: string;
    shares: ShareSigner;
    brand: BusinessBrand;
    payments: PaymentRow[];
    paymentInstructions: string;
    onlinePayments: boolean;
  },
): PublicInvoice {
  const status = invoiceDisplayStatus(row.status, row.dueDate, parts.today);
  return {
    number: row.numberText,
    status,
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    clientName: row.clientName,
    billingAddress: row.billingAddress,
    lineItems: linesOf(row),
    discountKind: row.discountKind,
    discountValue: row.discountValue,
    taxRateBasisPoints: row.taxRateBasisPoints,
    ...amountsOf(row),
    notes: row.notes,
    terms: row.terms,
    payments: parts.payments
      .filter((p) => p.refundedAt === null && p.amountCents > 0)
      .map((p) => ({ paidOn: p.paidOn, method: p.method, amountCents: p.amountCents })),
    business: {
      name: parts.brand.name,
      address: parts.brand.address ?? '',
      phone: parts.brand.phone ?? '',
      email: parts.brand.email ?? '',
      logoUrl: parts.brand.logo ? invoiceLogoPath(invoiceShareToken(parts.shares, row)) : null,
      currency: parts.brand.currency,
      locale: parts.brand.locale,
      timeZone: parts.brand.timeZone,
    },
    paymentInstructions: parts.paymentInstructions,
    canPayOnline: parts.onlinePayments && row.status !== 'void' && row.balanceCents > 0,
  };
}
