import type {
  InvoiceDetail,
  InvoiceListResponse,
  InvoiceSettings,
  InvoiceSummary,
  PaymentDetail,
  PaymentRecord,
  PublicInvoice,
} from '@crewdesk/domain';

export const INVOICE_ID = '1f2c3a52-0d6e-4c43-9d55-0b7f6f1d2c01';
export const CUSTOMER_ID = '9c0c8f0e-2222-4c43-9d55-0b7f6f1d2c01';
export const PAYMENT_ID = '5a1c2a52-0d6e-4c43-9d55-0b7f6f1d2c01';
export const TOKEN = 'tok_4f7a3c1e2b7d4e0a9c551d2e3f405162';

/** One invoice as the list answers it. */
export function makeSummary(overrides: Partial<InvoiceSummary> = {}): InvoiceSummary {
  return {
    id: INVOICE_ID,
    number: 'INV-0042',
    status: 'sent',
    storedStatus: 'sent',
    customerId: CUSTOMER_ID,
    clientName: 'Ann Lee',
    clientEmail: 'ann@example.test',
    issueDate: '2026-11-21',
    dueDate: '2026-12-21',
    createdAt: '2026-11-21T10:00:00.000Z',
    updatedAt: '2026-11-21T10:00:00.000Z',
    subtotalCents: 26500,
    discountCents: 0,
    taxCents: 1980,
    totalCents: 28480,
    amountPaidCents: 0,
    balanceCents: 28480,
    ...overrides,
  };
}

export function makeListResponse(
  items: InvoiceSummary[],
  overrides: Partial<InvoiceListResponse> = {},
): InvoiceListResponse {
  return {
    items,
    nextCursor: null,
    totals: {
      outstandingCents: 123456,
      outstandingCount: 4,
      overdueCents: 50000,
      overdueCount: 1,
    },
    ...overrides,
  };
}

export function makePayment(overrides: Partial<PaymentRecord> = {}): PaymentRecord {
  return {
    id: PAYMENT_ID,
    invoiceId: INVOICE_ID,
    invoiceNumber: 'INV-0042',
    clientName: 'Ann Lee',
    method: 'check',
    amountCents: 10000,
    tipCents: 500,
    paidOn: '2026-11-22',
    reference: 'Check 1001',
    notes: '',
    refundedAt: null,
    createdAt: '2026-11-22T15:00:00.000Z',
    ...overrides,
  };
}

/** An invoice as GET /api/invoices/:id answers it (no contact, so no contact lookup). */
export function makeInvoice(overrides: Partial<InvoiceDetail> = {}): InvoiceDetail {
  return {
    ...makeSummary({ customerId: null }),
    billingAddress: '12 Main St, Springfield',
    paymentTerms: 'net_30',
    lineItems: [
      {
        description: 'Deep clean',
        quantity: 1,
        unitPriceCents: 24000,
        taxable: true,
        totalCents: 24000,
      },
      {
        description: 'Supplies',
        quantity: 2.5,
        unitPriceCents: 1000,
        taxable: false,
        totalCents: 2500,
      },
    ],
    discountKind: 'amount',
    discountValue: 0,
    taxRateBasisPoints: 825,
    notes: 'Thank you for your business',
    terms: 'Pay within 30 days',
    version: 3,
    sentAt: '2026-11-21T11:00:00.000Z',
    viewedAt: null,
    voidedAt: null,
    publicUrl: `https://crew.example.test/pay/${TOKEN}`,
    jobs: [{ id: '7a1c2a52-0d6e-4c43-9d55-0b7f6f1d2c01', title: 'Deep clean visit' }],
    requestId: '6f1c2a52-0d6e-4c43-9d55-0b7f6f1d2c01',
    payments: [],
    events: [
      {
        id: 'e1e1c2a5-0d6e-4c43-9d55-0b7f6f1d2c01',
        invoiceId: INVOICE_ID,
        invoiceNumber: 'INV-0042',
        kind: 'created',
        detail: { totalCents: 28480 },
        actorName: 'Ada Lovelace',
        createdAt: '2026-11-21T10:00:00.000Z',
      },
      {
        id: 'e2e1c2a5-0d6e-4c43-9d55-0b7f6f1d2c01',
        invoiceId: INVOICE_ID,
        invoiceNumber: 'INV-0042',
        kind: 'sent',
        detail: { to: 'ann@example.test', delivery: 'sent' },
        actorName: 'Ada Lovelace',
        createdAt: '2026-11-21T11:00:00.000Z',
      },
    ],
    ...overrides,
  };
}

export function makePaymentDetail(overrides: Partial<PaymentDetail> = {}): PaymentDetail {
  return {
    ...makePayment(),
    invoice: makeSummary({ amountPaidCents: 10000, balanceCents: 18480, status: 'partially_paid' }),
    recordedBy: 'Ada Lovelace',
    ...overrides,
  };
}

export function makeSettings(overrides: Partial<InvoiceSettings> = {}): InvoiceSettings {
  return {
    prefix: 'INV-',
    defaultPaymentTerms: 'net_15',
    defaultTaxRateBasisPoints: 825,
    defaultTerms: 'Payment due within 15 days.',
    paymentInstructions: 'Checks payable to Sparkle Cleaning.',
    remindersEnabled: true,
    reminderOffsets: [3, 7],
    nextNumber: 43,
    onlinePaymentsEnabled: false,
    ...overrides,
  };
}

export function makePublicInvoice(overrides: Partial<PublicInvoice> = {}): PublicInvoice {
  const invoice = makeInvoice();
  return {
    number: invoice.number,
    status: 'sent',
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    clientName: invoice.clientName,
    billingAddress: invoice.billingAddress,
    lineItems: invoice.lineItems,
    discountKind: 'amount',
    discountValue: 0,
    taxRateBasisPoints: 825,
    notes: invoice.notes,
    terms: invoice.terms,
    payments: [],
    business: {
      name: 'Sparkle Cleaning',
      address: '1 Main St, Springfield',
      phone: '555-010-2000',
      email: 'hello@sparkle.test',
      logoUrl: null,
      currency: 'USD',
      locale: 'en-US',
      timeZone: 'America/Chicago',
    },
    paymentInstructions: 'Checks payable to Sparkle Cleaning.',
    canPayOnline: false,
    subtotalCents: 26500,
    discountCents: 0,
    taxCents: 1980,
    totalCents: 28480,
    amountPaidCents: 0,
    balanceCents: 28480,
    ...overrides,
  };
}
