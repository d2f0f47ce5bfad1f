import { formatUsd, type PublicInvoice } from '@crewdesk/domain';
import { describe, expect, it } from 'vitest';
import { PNG } from '../../../test/images.ts';
import { invoicePdf, invoicePdfFileName } from './invoice-pdf.ts';
import { pdfText } from '../../../test/pdf.ts';

/** A partly paid invoice as the client's page sees it: two lines, a discount, tax, one payment. */
function invoiceView(overrides: Partial<PublicInvoice> = {}): PublicInvoice {
  return {
    number: 'INV-0042',
    status: 'partially_paid',
    issueDate: '2026-11-21',
    dueDate: '2026-12-06',
    clientName: 'Dana Whitfield',
    billingAddress: '12 Elm St, Austin, TX 78701',
    lineItems: [
      {
        description: 'Deep clean, 3 bedrooms',
        quantity: 1,
        unitPriceCents: 24_000,
        taxable: true,
        totalCents: 24_000,
      },
      {
        description: 'Supplies',
        quantity: 2.5,
        unitPriceCents: 1_000,
        taxable: false,
        totalCents: 2_500,
      },
    ],
    discountKind: 'amount',
    discountValue: 1_500,
    taxRateBasisPoints: 825,
    subtotalCents: 26_500,
    discountCents: 1_500,
    taxCents: 1_865,
    totalCents: 26_865,
    amountPaidCents: 10_000,
    balanceCents: 16_865,
    notes: 'Thank you for your business!',
    terms: 'Payment due within 15 days.',
    payments: [{ paidOn: '2026-11-25', method: 'check', amountCents: 10_000 }],
    business: {
      name: 'Sparkle Cleaning Co',
      address: '500 Congress Ave, Austin, TX 78701',
      phone: '512 555 0199',
      email: 'office@sparkle.test',
      logoUrl: null,
      currency: 'USD',
      locale: 'en-US',
      timeZone: 'America/Chicago',
    },
    paymentInstructions: 'Checks payable to Sparkle Cleaning Co.',
    canPayOnline: false,
    ...overrides,
  };
}

const options = { timeZone: 'America/Chicago', logo: null };

describe('invoicePdf', () => {
  it('when an invoice is rendered, then its business, client, lines, totals, payments, balance and terms are in the PDF', async () => {
    const pdf = await invoicePdf(invoiceView(), options);

    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf);
    for (const part of [
      'Sparkle Cleaning Co',
      '500 Congress Ave, Austin, TX 78701',
      '512 555 0199',
      'office@sparkle.test',
      'Invoice INV-0042',
      'Nov 21, 2026',
      'Dec 6, 2026',
      'Bill to',
      'Dana Whitfield',
      '12 Elm St, Austin, TX 78701',
      'Deep clean, 3 bedrooms',
      'Supplies',
      '2.5',
      formatUsd(24_000),
      formatUsd(1_000),
      formatUsd(2_500),
      'Subtotal',
      formatUsd(26_500),
      `-${formatUsd(1_500)}`,
      'Tax (8.25%)',
      formatUsd(1_865),
      formatUsd(26_865),
      'Payments',
      'Nov 25, 2026',
      'Check',
      formatUsd(10_000),
      'Amount paid',
      'Balance due',
      formatUsd(16_865),
      'Thank you for your business!',
      'Payment due within 15 days.',
      'Checks payable to Sparkle Cleaning Co.',
    ]) {
      expect(text, part).toContain(part);
    }
    expect(text).not.toContain('PAID');
    expect(text).not.toContain('VOID');
  });

  it('when the business writes dates and numbers the German way, then so does its PDF', async () => {
    const view = invoiceView();
    const german = { ...view, business: { ...view.business, currency: 'EUR', locale: 'de-DE' } };
    const text = await pdfText(await invoicePdf(german, options));
    for (const part of ['21. Nov. 2026', '6. Dez. 2026', '268,65', '2,5'])
      expect(text, part).toContain(part);
    expect(text).not.toContain('Nov 21, 2026');
    expect(text).not.toContain('$');
  });

  it('when the business has a PNG logo, then the PDF renders with it', async () => {
    const withLogo = await invoicePdf(invoiceView(), { ...options, logo: PNG });
    const without = await invoicePdf(invoiceView(), options);

    expect(await pdfText(withLogo)).toContain('Invoice INV-0042');
    expect(withLogo.toString('latin1')).toMatch(/\/Subtype\s*\/Image/);
    expect(without.toString('latin1')).not.toMatch(/\/Subtype\s*\/Image/);
  });

  it('when the logo is not a PNG or JPEG, then the PDF still renders without it', async () => {
    const pdf = await invoicePdf(invoiceView(), { ...options, logo: Buffer.from('not an image') });
    expect(await pdfText(pdf)).toContain('Sparkle Cleaning Co');
  });

  it('when the invoice is void, then it is marked VOID, nothing is due and no instructions show', async () => {
    const pdf = await invoicePdf(
      invoiceView({ status: 'void', amountPaidCents: 0, balanceCents: 26_865, payments: [] }),
      options,
    );

    const text = await pdfText(pdf);
    expect(text).toContain('VOID');
    expect(text).not.toContain('Checks payable to Sparkle Cleaning Co.');
    expect(text).toMatch(/Balance due\s*\$0\.00/);
  });

  it('when the invoice is paid, then it is marked PAID and the payment instructions are left out', async () => {
    const pdf = await invoicePdf(
      invoiceView({
        status: 'paid',
        amountPaidCents: 26_865,
        balanceCents: 0,
        payments: [{ paidOn: '2026-11-30', method: 'online', amountCents: 26_865 }],
      }),
      options,
    );

    const text = await pdfText(pdf);
    expect(text).toContain('PAID');
    expect(text).toContain('Online (card)');
    expect(text).toContain('Nov 30, 2026');
    expect(text).not.toContain('Checks payable to Sparkle Cleaning Co.');
  });

  it('when a percent discount applies, then its rate is shown', async () => {
    const pdf = await invoicePdf(
      invoiceView({ discountKind: 'percent', discountValue: 1000, discountCents: 2_650 }),
      options,
    );
    expect(await pdfText(pdf)).toContain('Discount (10%)');
  });

  it('when the file is named, then it is the invoice number in plain characters', () => {
    expect(invoicePdfFileName({ number: 'INV-0001' })).toBe('Invoice INV-0001.pdf');
    expect(invoicePdfFileName({ number: '2026/07' })).toBe('Invoice 2026-07.pdf');
  });
});
