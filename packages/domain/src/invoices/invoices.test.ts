import { describe, expect, it } from 'vitest';
import { invoiceInputSchema, invoiceSettingsSchema, paymentInputSchema } from './invoice-api.ts';
import {
  divideRounded,
  invoiceBalance,
  invoiceFigures,
  lineItemsTotalCents,
  lineTotalCents,
  percentToBasisPoints,
} from './invoice-math.ts';
import {
  dueDateFor,
  dueReminderOffsets,
  invoiceDisplayStatus,
  invoiceNumberText,
  reminderKey,
  storedInvoiceStatus,
} from './invoices.ts';

describe('invoice figures', () => {
  it.each([
    [5, 2, 3],
    [4, 2, 2],
    [-5, 2, -3],
    [1, 3, 0],
    [2, 3, 1],
    [149, 100, 1],
    [150, 100, 2],
  ])('when %i is divided by %i, then it rounds half away from zero to %i', (n, d, expected) => {
    expect(divideRounded(n, d)).toBe(expected);
  });

  it.each([
    [{ quantity: 1, unitPriceCents: 2499 }, 2499],
    [{ quantity: 2.5, unitPriceCents: 1999 }, 4998],
    [{ quantity: 0.1 + 0.2, unitPriceCents: 1000 }, 300],
    [{ quantity: 0.33, unitPriceCents: 101 }, 33],
    [{ quantity: 100_000, unitPriceCents: 100_000_000 }, 10_000_000_000_000],
  ])('when a line is %j, then it totals %i cents', (line, expected) => {
    expect(lineTotalCents(line)).toBe(expected);
  });

  it.each([
    ['three lines of 0.5 × 1¢ (each rounds up on its own)', [0.5, 0.5, 0.5], 1, 3],
    ['one line of 1.5 × 1¢', [1.5], 1, 2],
    ['two lines of 0.25 × 3¢', [0.25, 0.25], 3, 2],
    ['0.33 + 0.33 + 0.34 of $1.01 (33 + 33 + 34)', [0.33, 0.33, 0.34], 101, 100],
    ['no lines', [], 500, 0],
  ])(
    'when a set of lines is %s, then it totals the sum of its rounded lines',
    (_name, quantities, unitPriceCents, expected) => {
      const lines = quantities.map((quantity) => ({ quantity, unitPriceCents }));
      expect(lineItemsTotalCents(lines)).toBe(expected);
      const invoiceLines = lines.map((line) => ({ ...line, taxable: false }));
      const figures = invoiceFigures({
        lineItems: invoiceLines,
        discountKind: 'amount',
        discountValue: 0,
        taxRateBasisPoints: 0,
      });
      expect(figures.totalCents).toBe(expected);
    },
  );

  it('when there is no discount, then tax falls on the taxable lines only', () => {
    expect(
      invoiceFigures({
        lineItems: [
          { quantity: 1, unitPriceCents: 24000, taxable: true },
          { quantity: 2.5, unitPriceCents: 1000, taxable: false },
        ],
        discountKind: 'amount',
        discountValue: 0,
        taxRateBasisPoints: 825,
      }),
    ).toEqual({ subtotalCents: 26500, discountCents: 0, taxCents: 1980, totalCents: 28480 });
  });

  it('when a percent discount applies, then it is spread over the lines before tax', () => {
    expect(
      invoiceFigures({
        lineItems: [
          { quantity: 1, unitPriceCents: 24000, taxable: true },
          { quantity: 2.5, unitPriceCents: 1000, taxable: false },
        ],
        discountKind: 'percent',
        discountValue: 1000,
        taxRateBasisPoints: 825,
      }),
    ).toEqual({ subtotalCents: 26500, discountCents: 2650, taxCents: 1782, totalCents: 25632 });
  });

  it('when an amount discount is larger than the subtotal, then it stops at the subtotal', () => {
    const figures = invoiceFigures({
      lineItems: [{ quantity: 1, unitPriceCents: 5000, taxable: true }],
      discountKind: 'amount',
      discountValue: 9000,
      taxRateBasisPoints: 1000,
    });
    expect(figures).toEqual({
      subtotalCents: 5000,
      discountCents: 5000,
      taxCents: 0,
      totalCents: 0,
    });
  });

  it('when there are no lines, then everything is zero (no division by zero)', () => {
    expect(
      invoiceFigures({
        lineItems: [],
        discountKind: 'percent',
        discountValue: 500,
        taxRateBasisPoints: 800,
      }),
    ).toEqual({ subtotalCents: 0, discountCents: 0, taxCents: 0, totalCents: 0 });
  });

  it('when something is paid, then the balance is the total less what was paid', () => {
    const balance = invoiceBalance(
      {
        lineItems: [{ quantity: 3, unitPriceCents: 3333, taxable: false }],
        discountKind: 'amount',
        discountValue: 0,
        taxRateBasisPoints: 0,
      },
      4000,
    );
    expect(balance).toMatchObject({ totalCents: 9999, amountPaidCents: 4000, balanceCents: 5999 });
  });

  it.each([
    ['8.25', 825],
    ['0', 0],
    ['12.5', 1250],
    ['', null],
    ['abc', null],
  ])("when the tax rate text is '%s', then it is %s basis points", (text, expected) => {
    expect(percentToBasisPoints(text)).toBe(expected);
  });
});

describe('invoice status', () => {
  const base = { voided: false, sent: false, viewed: false, totalCents: 1000, amountPaidCents: 0 };
  it.each([
    [{}, 'draft'],
    [{ sent: true }, 'sent'],
    [{ sent: true, viewed: true }, 'viewed'],
    [{ sent: true, amountPaidCents: 400 }, 'partially_paid'],
    [{ sent: true, amountPaidCents: 1000 }, 'paid'],
    [{ amountPaidCents: 1200 }, 'paid'],
    [{ voided: true, amountPaidCents: 1000 }, 'void'],
    [{ totalCents: 0 }, 'draft'],
  ] as const)('when the facts are %j, then the stored status is %s', (facts, expected) => {
    expect(storedInvoiceStatus({ ...base, ...facts })).toBe(expected);
  });

  it.each([
    ['sent', '2026-11-20', '2026-11-20', 'sent'],
    ['sent', '2026-11-20', '2026-11-21', 'overdue'],
    ['partially_paid', '2026-11-01', '2026-11-21', 'overdue'],
    ['draft', '2026-11-01', '2026-11-21', 'draft'],
    ['paid', '2026-11-01', '2026-11-21', 'paid'],
    ['void', '2026-11-01', '2026-11-21', 'void'],
  ] as const)(
    'when a %s invoice is due %s and today is %s, then it shows %s',
    (status, due, today, expected) => {
      expect(invoiceDisplayStatus(status, due, today)).toBe(expected);
    },
  );

  it.each([
    ['due_on_receipt', null, '2026-11-20'],
    ['net_15', null, '2026-12-05'],
    ['net_60', null, '2027-01-19'],
    ['custom', '2026-12-24', '2026-12-24'],
  ] as const)(
    'when the terms are %s, then an invoice of 2026-11-20 is due %s',
    (terms, custom, due) => {
      expect(dueDateFor('2026-11-20', terms, custom)).toBe(due);
    },
  );

  it('when numbers are written, then they carry the prefix and four digits at least', () => {
    expect(invoiceNumberText('INV-', 42)).toBe('INV-0042');
    expect(invoiceNumberText('', 12345)).toBe('12345');
  });
});

describe('reminders', () => {
  it('when steps have come, then they are listed in order; before-due steps have their own key', () => {
    expect(dueReminderOffsets([7, 3, -2], '2026-11-10', '2026-11-08')).toEqual([-2]);
    expect(dueReminderOffsets([7, 3, -2], '2026-11-10', '2026-11-13')).toEqual([-2, 3]);
    expect(dueReminderOffsets([7, 3], '2026-11-10', '2026-11-12')).toEqual([]);
    expect(reminderKey(-2)).toBe('before:2');
    expect(reminderKey(3)).toBe('after:3');
  });
});

describe('invoice schemas', () => {
  const valid = {
    clientName: 'Dana',
    issueDate: '2026-11-20',
    lineItems: [{ description: 'Clean', quantity: 1, unitPriceCents: 100 }],
  };
  it('when only the needed fields are given, then the defaults fill the rest', () => {
    expect(invoiceInputSchema.parse(valid)).toMatchObject({
      paymentTerms: 'net_30',
      dueDate: null,
      discountKind: 'amount',
      discountValue: 0,
      taxRateBasisPoints: 0,
      clientEmail: '',
      lineItems: [{ taxable: true }],
    });
  });

  it.each([
    [{ discountKind: 'percent', discountValue: 10_001 }, 'Discount can be at most 100%'],
    [{ lineItems: [{ description: '', quantity: 1, unitPriceCents: 1 }] }, 'Required'],
    [
      { lineItems: [{ description: 'x', quantity: 0, unitPriceCents: 1 }] },
      'Quantity must be more than 0',
    ],
    [
      { lineItems: [{ description: 'x', quantity: 1, unitPriceCents: 1.5 }] },
      'Unit price must be whole cents',
    ],
  ])('when the input is %j, then it says %s', (patch, message) => {
    const result = invoiceInputSchema.safeParse({ ...valid, ...patch });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.message)).toContain(message);
  });

  it('when a payment is only a tip, then it is accepted; nothing at all is not', () => {
    const tip = { method: 'cash', amountCents: 0, tipCents: 500, paidOn: '2026-11-20' };
    expect(paymentInputSchema.safeParse(tip).success).toBe(true);
    expect(paymentInputSchema.safeParse({ ...tip, tipCents: 0 }).success).toBe(false);
  });

  it('when reminder days repeat, then the settings are refused', () => {
    const result = invoiceSettingsSchema.safeParse({
      prefix: 'INV-',
      defaultPaymentTerms: 'net_30',
      defaultTaxRateBasisPoints: 0,
      defaultTerms: '',
      paymentInstructions: '',
      remindersEnabled: true,
      reminderOffsets: [3, 3],
    });
    expect(result.error!.issues[0]!.message).toBe('Each reminder day can be used once');
  });
});
