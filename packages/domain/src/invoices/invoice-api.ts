import { z } from 'zod';
import { emptyAsUndefined, requiredText } from '../schemas/api-fields.ts';
import { FIELD_LIMITS, tooLongMessage } from '../schemas/field-limits.ts';
import { REQUIRED_MESSAGE } from '../schemas/required-message.ts';
import { DISCOUNT_KINDS } from './invoice-math.ts';
import {
  INVOICE_EVENT_KINDS,
  INVOICE_STATUSES,
  MANUAL_PAYMENT_METHODS,
  PAYMENT_METHODS,
  STORED_INVOICE_STATUSES,
  PAYMENT_TERMS,
} from './invoices.ts';

const T = FIELD_LIMITS.text;
const R = FIELD_LIMITS.range;
const N = FIELD_LIMITS.items;

const optionalText = (label: string, max: number) =>
  z.string().trim().max(max, tooLongMessage(label, max)).default('');

const optionalEmail = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z
    .union([
      z.literal(''),
      z.email('Enter a valid e-mail address').max(T.email, tooLongMessage('Email', T.email)),
    ])
    .default(''),
);

const dateSchema = (name: string) => z.iso.date(`${name} must be a date like 2026-05-04`);

export const INVOICE_MONEY_MAX_CENTS = R.moneyCents.max;

export const invoiceLineItemSchema = z.object({
  description: requiredText('Description', T.lineItemDescription),
  quantity: z
    .number('Quantity must be a number')
    .positive('Quantity must be more than 0')
    .max(R.quantity.max, 'Quantity must be at most 100,000')
    .refine((q) => Math.abs(q * 100 - Math.round(q * 100)) < 1e-6, {
      message: 'Quantity can have at most two decimals',
    }),
  unitPriceCents: z
    .number('Unit price must be a number')
    .int('Unit price must be whole cents')
    .min(0, 'Unit price cannot be negative')
    .max(INVOICE_MONEY_MAX_CENTS, 'Unit price is too large'),
  taxable: z.boolean().default(true),
});
export type InvoiceLineItem = z.output<typeof invoiceLineItemSchema>;
export type InvoiceLineItemBody = z.input<typeof invoiceLineItemSchema>;

/** POST /api/invoices (the /invoices/new form); PUT adds the version the editor started from. */
export const invoiceInputSchema = z
  .object({
    customerId: z.uuid('customerId must be a contact id').nullable().default(null),
    clientName: requiredText('Client name', T.fullName),
    clientEmail: optionalEmail,
    billingAddress: optionalText('Billing address', T.multilineAddress),
    issueDate: dateSchema('issueDate'),
    paymentTerms: z.enum(PAYMENT_TERMS).default('net_30'),
    /** Only read for custom terms; the server works it out from the terms otherwise. */
    dueDate: z.preprocess(emptyAsUndefined, dateSchema('dueDate').nullable().default(null)),
    lineItems: z
      .array(invoiceLineItemSchema)
      .min(1, 'Add at least one line item')
      .max(N.lineItems, 'An invoice can have at most 100 line items'),
    discountKind: z.enum(DISCOUNT_KINDS).default('amount'),
    // The kind sets the real maximum (100% or the money maximum), checked below.
    discountValue: z
      .number()
      .int()
      .min(0, 'Discount cannot be negative')
      .max(INVOICE_MONEY_MAX_CENTS, 'Discount is too large')
      .default(0),
    taxRateBasisPoints: z
      .number()
      .int()
      .min(0, 'Tax rate cannot be negative')
      .max(10_000, 'Tax rate can be at most 100%')
      .default(0),
    notes: optionalText('Notes', T.notes),
    terms: optionalText('Terms', T.terms),
  })
  .superRefine((input, ctx) => {
    if (input.paymentTerms === 'custom' && input.dueDate === null)
      ctx.addIssue({ code: 'custom', path: ['dueDate'], message: REQUIRED_MESSAGE });
    if (input.dueDate !== null && input.dueDate < input.issueDate)
      ctx.addIssue({
        code: 'custom',
        path: ['dueDate'],
        message: 'The due date cannot be before the issue date',
      });
    if (input.discountKind === 'percent' && input.discountValue > 10_000)
      ctx.addIssue({
        code: 'custom',
        path: ['discountValue'],
        message: 'Discount can be at most 100%',
      });
    if (input.discountKind === 'amount' && input.discountValue > INVOICE_MONEY_MAX_CENTS)
      ctx.addIssue({ code: 'custom', path: ['discountValue'], message: 'Discount is too large' });
  });
export type InvoiceInput = z.output<typeof invoiceInputSchema>;
export type InvoiceInputBody = z.input<typeof invoiceInputSchema>;

export const invoiceUpdateSchema = z.object({
  version: z.number().int().min(R.version.min).max(R.version.max),
  invoice: invoiceInputSchema,
});
export type InvoiceUpdateBody = z.input<typeof invoiceUpdateSchema>;

/** POST /api/invoices/batch: one invoice for each completed, uninvoiced job. */
export const invoiceBatchSchema = z.object({
  jobIds: z
    .array(z.uuid('jobIds must be job ids'))
    .min(1, 'Pick at least one job')
    .max(N.invoiceBatch, 'At most 50 jobs at a time'),
});

export const invoiceFiguresSchema = z.object({
  subtotalCents: z.number().int(),
  discountCents: z.number().int(),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
  amountPaidCents: z.number().int(),
  balanceCents: z.number().int(),
});

export const invoiceSummarySchema = invoiceFiguresSchema.extend({
  id: z.uuid(),
  number: z.string(),
  /** Shown status: overdue is read off the due date in the business's calendar. */
  status: z.enum(INVOICE_STATUSES),
  storedStatus: z.enum(STORED_INVOICE_STATUSES),
  customerId: z.uuid().nullable(),
  clientName: z.string(),
  clientEmail: z.string(),
  issueDate: z.string(),
  dueDate: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type InvoiceSummary = z.output<typeof invoiceSummarySchema>;

export const paymentRecordSchema = z.object({
  id: z.uuid(),
  invoiceId: z.uuid(),
  invoiceNumber: z.string(),
  clientName: z.string(),
  method: z.enum(PAYMENT_METHODS),
  amountCents: z.number().int(),
  tipCents: z.number().int(),
  paidOn: z.string(),
  reference: z.string(),
  notes: z.string(),
  refundedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type PaymentRecord = z.output<typeof paymentRecordSchema>;

export const invoiceEventSchema = z.object({
  id: z.uuid(),
  invoiceId: z.uuid(),
  invoiceNumber: z.string(),
  kind: z.enum(INVOICE_EVENT_KINDS),
  detail: z.record(z.string(), z.unknown()).nullable(),
  actorName: z.string().nullable(),
  createdAt: z.string(),
});
export type InvoiceEvent = z.output<typeof invoiceEventSchema>;

export const invoiceDetailSchema = invoiceSummarySchema.extend({
  billingAddress: z.string(),
  paymentTerms: z.enum(PAYMENT_TERMS),
  lineItems: z.array(
    invoiceLineItemSchema.extend({ description: z.string(), totalCents: z.number().int() }),
  ),
  discountKind: z.enum(DISCOUNT_KINDS),
  discountValue: z.number().int(),
  taxRateBasisPoints: z.number().int(),
  notes: z.string(),
  terms: z.string(),
  /** Sent back with an edit: a save made on an older version is refused. */
  version: z.number().int(),
  sentAt: z.string().nullable(),
  viewedAt: z.string().nullable(),
  voidedAt: z.string().nullable(),
  /** The client's page (secret link). */
  publicUrl: z.string(),
  jobs: z.array(z.object({ id: z.uuid(), title: z.string() })),
  requestId: z.uuid().nullable(),
  payments: z.array(paymentRecordSchema),
  events: z.array(invoiceEventSchema),
});
export type InvoiceDetail = z.output<typeof invoiceDetailSchema>;

export const INVOICE_LIST_DEFAULT_LIMIT = 25;
export const INVOICE_LIST_MAX_LIMIT = 100;

const limitSchema = z.preprocess(
  emptyAsUndefined,
  z.coerce
    .number('limit must be a number')
    .int()
    .min(1)
    .max(INVOICE_LIST_MAX_LIMIT, `limit must be between 1 and ${INVOICE_LIST_MAX_LIMIT}`)
    .default(INVOICE_LIST_DEFAULT_LIMIT),
);
const cursorSchema = z.preprocess(emptyAsUndefined, z.string().max(500).optional());
const searchSchema = z.preprocess(
  emptyAsUndefined,
  z.string().trim().max(100, 'Search can be at most 100 characters.').optional(),
);

export const invoiceListQuerySchema = z.object({
  q: searchSchema,
  status: z.preprocess(emptyAsUndefined, z.enum(INVOICE_STATUSES).optional()),
  customerId: z.preprocess(emptyAsUndefined, z.uuid('customerId must be a contact id').optional()),
  /** Issue dates, inclusive. */
  from: z.preprocess(emptyAsUndefined, dateSchema('from').optional()),
  to: z.preprocess(emptyAsUndefined, dateSchema('to').optional()),
  limit: limitSchema,
  cursor: cursorSchema,
});
export type InvoiceListQuery = z.output<typeof invoiceListQuerySchema>;

export const invoiceListResponseSchema = z.object({
  items: z.array(invoiceSummarySchema),
  nextCursor: z.string().nullable(),
  /** Of the whole business, whatever the filters: what is owed and what is late. */
  totals: z.object({
    outstandingCents: z.number().int(),
    outstandingCount: z.number().int(),
    overdueCents: z.number().int(),
    overdueCount: z.number().int(),
  }),
});
export type InvoiceListResponse = z.output<typeof invoiceListResponseSchema>;

/** GET /api/customers/:id/balance: what one contact owes, from their open invoices. */
export const customerBalanceSchema = z.object({
  balanceCents: z.number().int(),
  openCount: z.number().int(),
  overdueCents: z.number().int(),
  overdueCount: z.number().int(),
});
export type CustomerBalance = z.output<typeof customerBalanceSchema>;

/** POST /api/invoices/:id/payments, with an Idempotency-Key header. */
export const paymentInputSchema = z
  .object({
    method: z.enum(MANUAL_PAYMENT_METHODS, 'Pick how the client paid'),
    amountCents: z
      .number('Amount must be a number')
      .int('Amount must be whole cents')
      .min(0, 'Amount cannot be negative')
      .max(INVOICE_MONEY_MAX_CENTS, 'Amount is too large'),
    tipCents: z
      .number('Tip must be a number')
      .int('Tip must be whole cents')
      .min(0, 'Tip cannot be negative')
      .max(INVOICE_MONEY_MAX_CENTS, 'Tip is too large')
      .default(0),
    paidOn: dateSchema('paidOn'),
    reference: optionalText('Reference', T.paymentReference),
    notes: optionalText('Notes', T.paymentNotes),
  })
  .refine((p) => p.amountCents + p.tipCents > 0, {
    path: ['amountCents'],
    message: 'Amount must be more than $0.00',
  });
export type PaymentInput = z.output<typeof paymentInputSchema>;
export type PaymentInputBody = z.input<typeof paymentInputSchema>;

/** Idempotency keys: what a client makes up per action (a UUID is usual). */
export const idempotencyKeySchema = z
  .string()
  .trim()
  .min(8, 'Idempotency-Key must be 8 to 200 characters')
  .max(200, 'Idempotency-Key must be 8 to 200 characters');

export const paymentListQuerySchema = z.object({
  q: searchSchema,
  /** One contact's payments (the contact's page). */
  customerId: z.preprocess(emptyAsUndefined, z.uuid('customerId must be a contact id').optional()),
  method: z.preprocess(emptyAsUndefined, z.enum(PAYMENT_METHODS).optional()),
  from: z.preprocess(emptyAsUndefined, dateSchema('from').optional()),
  to: z.preprocess(emptyAsUndefined, dateSchema('to').optional()),
  limit: limitSchema,
  cursor: cursorSchema,
});
export type PaymentListQuery = z.output<typeof paymentListQuerySchema>;

export const paymentListResponseSchema = z.object({
  items: z.array(paymentRecordSchema),
  nextCursor: z.string().nullable(),
});
export type PaymentListResponse = z.output<typeof paymentListResponseSchema>;

export const paymentDetailSchema = paymentRecordSchema.extend({
  invoice: invoiceSummarySchema,
  recordedBy: z.string().nullable(),
});
export type PaymentDetail = z.output<typeof paymentDetailSchema>;

export const invoiceHistoryQuerySchema = z.object({
  kind: z.preprocess(emptyAsUndefined, z.enum(INVOICE_EVENT_KINDS).optional()),
  limit: limitSchema,
  cursor: cursorSchema,
});
export type InvoiceHistoryQuery = z.output<typeof invoiceHistoryQuerySchema>;

export const invoiceHistoryResponseSchema = z.object({
  items: z.array(invoiceEventSchema),
  nextCursor: z.string().nullable(),
});
export type InvoiceHistoryResponse = z.output<typeof invoiceHistoryResponseSchema>;

/** POST /api/invoices/:id/send. */
export const sendInvoiceSchema = z.object({
  to: z.email('Enter a valid e-mail address').max(T.email, tooLongMessage('Email', T.email)),
  message: optionalText('Message', T.longText),
});
export type SendInvoiceBody = z.input<typeof sendInvoiceSchema>;

export const sendInvoiceResponseSchema = z.object({
  /** sent: delivered; kept: in the outbox (no mail server set up); failed: refused. */
  delivery: z.enum(['sent', 'kept', 'failed']),
  invoice: invoiceDetailSchema,
});

/** The business's invoice settings (Settings → Invoices). */
export const invoiceSettingsSchema = z.object({
  prefix: z
    .string()
    .trim()
    .max(T.invoicePrefix, tooLongMessage('Prefix', T.invoicePrefix))
    .regex(/^[A-Za-z0-9\-_/#.]*$/, 'Prefix can use letters, digits and - _ / # . only'),
  defaultPaymentTerms: z.enum(PAYMENT_TERMS).refine((t) => t !== 'custom', {
    message: 'Pick Due on receipt or a number of days',
  }),
  defaultTaxRateBasisPoints: z.number().int().min(0).max(10_000, 'Tax rate can be at most 100%'),
  defaultTerms: optionalText('Default terms', T.terms),
  paymentInstructions: optionalText('Payment instructions', T.longText),
  remindersEnabled: z.boolean(),
  /** Days after the due date (negative: before it); each sent once per invoice. */
  reminderOffsets: z
    .array(
      z
        .number()
        .int()
        .min(-30, 'A reminder can be at most 30 days before the due date')
        .max(90, 'A reminder can be at most 90 days after the due date'),
    )
    .max(N.reminderOffsets, 'At most 5 reminders')
    .refine((offsets) => new Set(offsets).size === offsets.length, {
      message: 'Each reminder day can be used once',
    }),
});
export type InvoiceSettingsInput = z.output<typeof invoiceSettingsSchema>;

export const invoiceSettingsResponseSchema = invoiceSettingsSchema.extend({
  /** The number the next invoice will get. */
  nextNumber: z.number().int(),
  /** True when a payment provider is configured on the server. */
  onlinePaymentsEnabled: z.boolean(),
});
export type InvoiceSettings = z.output<typeof invoiceSettingsResponseSchema>;

/** GET /api/public/invoices/:token: the client's page. */
export const publicInvoiceSchema = invoiceFiguresSchema.extend({
  number: z.string(),
  status: z.enum(INVOICE_STATUSES),
  issueDate: z.string(),
  dueDate: z.string(),
  clientName: z.string(),
  billingAddress: z.string(),
  lineItems: invoiceDetailSchema.shape.lineItems,
  discountKind: z.enum(DISCOUNT_KINDS),
  discountValue: z.number().int(),
  taxRateBasisPoints: z.number().int(),
  notes: z.string(),
  terms: z.string(),
  payments: z.array(
    z.object({
      paidOn: z.string(),
      method: z.enum(PAYMENT_METHODS),
      amountCents: z.number().int(),
    }),
  ),
  business: z.object({
    name: z.string(),
    address: z.string(),
    phone: z.string(),
    email: z.string(),
    logoUrl: z.string().nullable(),
    /** ISO 4217: the client reads the amounts in the business's currency. */
    currency: z.string(),
    /** BCP 47: and its dates and numbers as the business writes them. */
    locale: z.string(),
    /** IANA: and its dates and times on the business's clock, wherever the client is. */
    timeZone: z.string(),
  }),
  paymentInstructions: z.string(),
  /** A payment provider is set up and there is something to pay. */
  canPayOnline: z.boolean(),
});
export type PublicInvoice = z.output<typeof publicInvoiceSchema>;

export const checkoutResponseSchema = z.object({ url: z.string() });

/** GET /api/public/invoices/:token/payment-status: what the payment-success page shows. */
export const publicPaymentStatusSchema = z.object({
  number: z.string(),
  businessName: z.string(),
  /** ISO 4217, as the business shows its amounts. */
  currency: z.string(),
  locale: z.string(),
  status: z.enum(INVOICE_STATUSES),
  balanceCents: z.number().int(),
  amountPaidCents: z.number().int(),
});
export type PublicPaymentStatus = z.output<typeof publicPaymentStatusSchema>;
