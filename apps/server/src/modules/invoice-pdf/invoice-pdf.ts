import { Document, Page, StyleSheet, Text, View, renderToBuffer } from '@react-pdf/renderer';
import {
  basisPointsToPercent,
  formatCalendarDate,
  formatMoney,
  INVOICE_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  type PublicInvoice,
} from '@crewdesk/domain';
import { createElement as h, type ReactElement } from 'react';
import { documentBusiness, documentSection, documentStyles } from '../../lib/pdf-document.ts';

// Written with createElement in a .ts file: the server has no JSX build step to keep.

const styles = {
  ...documentStyles,
  ...StyleSheet.create({
    bold: { fontFamily: 'Helvetica-Bold' },
    tableHead: {
      flexDirection: 'row',
      paddingBottom: 4,
      marginBottom: 4,
      borderBottomWidth: 1,
      borderBottomColor: '#111827',
      fontFamily: 'Helvetica-Bold',
    },
    tableRow: {
      flexDirection: 'row',
      paddingVertical: 4,
      borderBottomWidth: 1,
      borderBottomColor: '#e5e7eb',
    },
    description: { flex: 1, paddingRight: 8 },
    qty: { width: 50, textAlign: 'right' },
    money: { width: 80, textAlign: 'right' },
    totals: { marginTop: 12, marginLeft: 'auto', width: 240 },
    totalRow: { flexDirection: 'row', justifyContent: 'space-between', marginBottom: 3 },
    grandTotal: {
      flexDirection: 'row',
      justifyContent: 'space-between',
      marginTop: 4,
      paddingTop: 6,
      borderTopWidth: 2,
      borderTopColor: '#111827',
      fontSize: 13,
      fontFamily: 'Helvetica-Bold',
    },
    stamp: {
      position: 'absolute',
      top: 300,
      left: 0,
      right: 0,
      textAlign: 'center',
      fontSize: 96,
      fontFamily: 'Helvetica-Bold',
      opacity: 0.15,
      transform: 'rotate(-20deg)',
    },
  }),
};

/** 2.5 → '2.5', 1 → '1', 1234 → '1,234' (or '1.234' in de-DE): a quantity column's figure. */
function quantityText(quantity: number, locale: string): string {
  return quantity.toLocaleString(locale, { maximumFractionDigits: 2 });
}

function totalRow(label: string, value: string, key = label): ReactElement {
  return h(
    View,
    { style: styles.totalRow, key },
    h(Text, { style: styles.muted }, label),
    h(Text, null, value),
  );
}

function textSection(title: string, text: string): ReactElement | null {
  return text.trim() === '' ? null : documentSection(title, [h(Text, null, text)]);
}

/**
 * The invoice as a PDF for its client: what the client's page shows (PublicInvoice has no
 * office notes or ids to leak), in US dollars, stamped PAID or VOID when it is.
 */
export function invoicePdf(
  view: PublicInvoice,
  // timeZone is not read: every date on an invoice is a calendar date of the business already.
  options: { timeZone: string; logo: Buffer | null },
): Promise<Buffer> {
  const { business } = view;
  const money = (minor: number) => formatMoney(minor, business.currency, business.locale);
  // The invoice's dates are calendar dates of the business, read as written: 'Nov 21, 2026'.
  const invoiceDate = (date: string) => formatCalendarDate(date, business.locale, 'medium');
  const stamp = view.status === 'paid' ? 'PAID' : view.status === 'void' ? 'VOID' : null;
  const discountLabel =
    view.discountKind === 'percent'
      ? `Discount (${basisPointsToPercent(view.discountValue)}%)`
      : 'Discount';

  const header = h(
    View,
    { style: styles.header },
    documentBusiness(business, options.logo),
    h(
      View,
      { style: { alignItems: 'flex-end' } },
      h(Text, { style: styles.heading }, `Invoice ${view.number}`),
      h(Text, { style: styles.muted }, `Issued: ${invoiceDate(view.issueDate)}`),
      h(Text, { style: styles.muted }, `Due: ${invoiceDate(view.dueDate)}`),
      stamp || view.status === 'overdue'
        ? h(Text, { style: [styles.bold, { marginTop: 4 }] }, INVOICE_STATUS_LABELS[view.status])
        : null,
    ),
  );

  const billTo = h(
    View,
    { style: styles.section, wrap: false },
    h(Text, { style: styles.sectionTitle }, 'Bill to'),
    h(Text, { style: styles.bold }, view.clientName),
    view.billingAddress.trim() !== ''
      ? h(Text, { style: styles.muted }, view.billingAddress)
      : null,
  );

  const lines = h(
    View,
    { style: styles.section },
    h(
      View,
      { style: styles.tableHead, fixed: true },
      h(Text, { style: styles.description }, 'Description'),
      h(Text, { style: styles.qty }, 'Qty'),
      h(Text, { style: styles.money }, 'Unit price'),
      h(Text, { style: styles.money }, 'Amount'),
    ),
    ...view.lineItems.map((line, i) =>
      h(
        View,
        { style: styles.tableRow, key: `l${i}`, wrap: false },
        h(Text, { style: styles.description }, line.description),
        h(Text, { style: styles.qty }, quantityText(line.quantity, business.locale)),
        h(Text, { style: styles.money }, money(line.unitPriceCents)),
        h(Text, { style: styles.money }, money(line.totalCents)),
      ),
    ),
  );

  const totals = h(
    View,
    { style: styles.totals, wrap: false },
    totalRow('Subtotal', money(view.subtotalCents)),
    view.discountCents > 0 ? totalRow(discountLabel, `-${money(view.discountCents)}`) : null,
    view.taxRateBasisPoints > 0 || view.taxCents > 0
      ? totalRow(`Tax (${basisPointsToPercent(view.taxRateBasisPoints)}%)`, money(view.taxCents))
      : null,
    h(
      View,
      { style: styles.grandTotal },
      h(Text, null, 'Total'),
      h(Text, null, money(view.totalCents)),
    ),
    view.amountPaidCents !== 0 ? totalRow('Amount paid', money(view.amountPaidCents)) : null,
    h(
      View,
      { style: [styles.totalRow, styles.bold, { marginTop: 4 }] },
      h(Text, null, 'Balance due'),
      h(Text, null, money(view.status === 'void' ? 0 : view.balanceCents)),
    ),
  );

  const payments =
    view.payments.length > 0
      ? h(
          View,
          { style: styles.section, wrap: false },
          h(Text, { style: styles.sectionTitle }, 'Payments'),
          ...view.payments.map((p, i) =>
            h(
              View,
              { style: styles.tableRow, key: `p${i}` },
              h(Text, { style: { width: 110 } }, invoiceDate(p.paidOn)),
              h(Text, { style: styles.description }, PAYMENT_METHOD_LABELS[p.method]),
              h(Text, { style: styles.money }, money(p.amountCents)),
            ),
          ),
        )
      : null;

  const instructions =
    view.status !== 'void' && view.balanceCents > 0
      ? textSection('How to pay', view.paymentInstructions)
      : null;

  const page = h(
    Page,
    { size: 'LETTER', style: styles.page },
    header,
    billTo,
    lines,
    totals,
    payments,
    textSection('Notes', view.notes),
    textSection('Terms', view.terms),
    instructions,
    h(Text, { style: [styles.muted, { marginTop: 16 }] }, 'Amounts in US dollars.'),
    stamp ? h(Text, { style: styles.stamp, fixed: true }, stamp) : null,
  );

  return renderToBuffer(
    h(
      Document,
      { title: `Invoice ${view.number}`, author: business.name, creator: 'Crewdesk' },
      page,
    ),
  );
}

/** 'Invoice INV-0001.pdf': the number kept to characters every browser keeps as they are. */
export function invoicePdfFileName(view: Pick<PublicInvoice, 'number'>): string {
  const number = view.number.replace(/[^\w.#-]+/g, '-').replace(/^-+|-+$/g, '');
  return `Invoice ${number || 'invoice'}.pdf`;
}
