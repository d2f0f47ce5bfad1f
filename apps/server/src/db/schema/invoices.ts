import type {
  DiscountKind,
  InvoiceEventKind,
  InvoiceLineItem,
  PaymentMethod,
  PaymentTerms,
  StoredInvoiceStatus,
} from '@crewdesk/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { businessAccounts } from './accounts.ts';
import { customers } from './customers.ts';
import { requests } from './requests.ts';
import {
  accountIdColumn,
  accountSearchIndex,
  createdAtColumn,
  historyEntryColumns,
  idColumn,
  ownerIdColumn,
  updatedAtColumn,
  userRefColumn,
} from './columns.ts';

/**
 * A business's invoice settings, and its number counter: creating an invoice takes the row's
 * lock to draw the next number, so numbers have no gaps and no duplicates however many are
 * created at once.
 */
export const invoiceSettings = pgTable('invoice_settings', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => businessAccounts.id, { onDelete: 'cascade' }),
  prefix: text('prefix').notNull().default('INV-'),
  nextNumber: integer('next_number').notNull().default(1),
  defaultPaymentTerms: text('default_payment_terms')
    .$type<Exclude<PaymentTerms, 'custom'>>()
    .notNull()
    .default('net_30'),
  defaultTaxRateBasisPoints: integer('default_tax_rate_bp').notNull().default(0),
  defaultTerms: text('default_terms').notNull().default(''),
  paymentInstructions: text('payment_instructions').notNull().default(''),
  remindersEnabled: boolean('reminders_enabled').notNull().default(true),
  reminderOffsets: integer('reminder_offsets')
    .array()
    .notNull()
    .default(sql`'{3,7}'`),
  updatedAt: updatedAtColumn(),
});

/** Number and client, lowercased: what the list's search box looks in. */
export const invoiceSearchText = sql`lower("number_text" || ' ' || "client_name")`;

export const invoices = pgTable(
  'invoices',
  {
    id: idColumn(),
    accountId: accountIdColumn(),
    /** The sequence number within the account; numberText adds the prefix of its day. */
    number: integer('number').notNull(),
    numberText: text('number_text').notNull(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    clientName: text('client_name').notNull(),
    clientEmail: text('client_email').notNull().default(''),
    billingAddress: text('billing_address').notNull().default(''),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    paymentTerms: text('payment_terms').$type<PaymentTerms>().notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    lineItems: jsonb('line_items').$type<InvoiceLineItem[]>().notNull(),
    discountKind: text('discount_kind').$type<DiscountKind>().notNull().default('amount'),
    discountValue: integer('discount_value').notNull().default(0),
    taxRateBasisPoints: integer('tax_rate_bp').notNull().default(0),
    // The domain's figures, stored for lists, totals and reports (recomputed on every write).
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    amountPaidCents: integer('amount_paid_cents').notNull().default(0),
    balanceCents: integer('balance_cents').notNull(),
    notes: text('notes').notNull().default(''),
    terms: text('terms').notNull().default(''),
    status: text('status').$type<StoredInvoiceStatus>().notNull().default('draft'),
    /** The client's page's link version (decision 055): its token is signed, not stored. */
    shareVersion: integer('share_version').notNull().default(1),
    /** The SHA-256 of the link sent before tokens were signed; null once drawn anew. */
    legacyShareTokenHash: text('legacy_share_token_hash'),
    requestId: uuid('request_id').references(() => requests.id, { onDelete: 'set null' }),
    /** Bumped by every change: a save made on an older version is refused. */
    version: integer('version').notNull().default(1),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    viewedAt: timestamp('viewed_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    createdBy: userRefColumn('created_by'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    // Also the list's order: newest first is the highest number first (keyset on number).
    uniqueIndex('invoices_account_number_idx').on(t.accountId, t.number),
    uniqueIndex('invoices_legacy_share_token_idx').on(t.legacyShareTokenHash),
    // Status filters, the outstanding and overdue totals and the reminder sweep.
    index('invoices_account_status_due_idx').on(t.accountId, t.status, t.dueDate),
    index('invoices_status_due_idx').on(t.status, t.dueDate),
    index('invoices_account_customer_idx').on(t.accountId, t.customerId),
    index('invoices_account_request_idx').on(t.accountId, t.requestId),
    // Reports: what was invoiced in a range of issue dates.
    index('invoices_account_issue_idx').on(t.accountId, t.issueDate),
    accountSearchIndex('invoices_account_search_idx', t.accountId, invoiceSearchText),
  ],
);

export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: idColumn(),
    accountId: accountIdColumn(),
    invoiceId: ownerIdColumn('invoice_id', () => invoices.id),
    method: text('method').$type<PaymentMethod>().notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** Kept apart: a tip never pays the balance down. */
    tipCents: integer('tip_cents').notNull().default(0),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    reference: text('reference').notNull().default(''),
    notes: text('notes').notNull().default(''),
    /** The payment provider's id (a checkout session) for online payments: recorded once. */
    providerRef: text('provider_ref'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdBy: userRefColumn('created_by'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    // The payments list: newest payment date first (keyset on paid_on, id).
    // Ascending: read backwards it is the lists' ORDER BY … DESC (drizzle's .desc() would add
    // NULLS LAST, which that ORDER BY cannot use).
    index('invoice_payments_account_paid_idx').on(t.accountId, t.paidOn, t.id),
    index('invoice_payments_account_invoice_idx').on(t.accountId, t.invoiceId),
    uniqueIndex('invoice_payments_provider_ref_idx').on(t.providerRef),
    // Reports: refunds in a range (few payments are refunded, so only those are indexed).
    index('invoice_payments_account_refunded_idx')
      .on(t.accountId, t.refundedAt)
      .where(sql`${t.refundedAt} is not null`),
  ],
);

/** The history of an invoice: created, edited, sent, viewed, payments, reminders, void. */
export const invoiceEvents = pgTable(
  'invoice_events',
  {
    id: idColumn(),
    accountId: accountIdColumn(),
    invoiceId: ownerIdColumn('invoice_id', () => invoices.id),
    ...historyEntryColumns<InvoiceEventKind>(),
  },
  (t) => [
    index('invoice_events_invoice_idx').on(t.accountId, t.invoiceId, t.seq),
    index('invoice_events_account_seq_idx').on(t.accountId, t.seq),
  ],
);

/**
 * What a write with an Idempotency-Key answered: the same key again gets the same answer, and
 * nothing is done twice; the same key with another body is refused.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    accountId: accountIdColumn(),
    key: text('key').notNull(),
    /** A hash of the method, path and body the key was first used with. */
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

/** One row per reminder step sent for an invoice: the key that makes each step go out once. */
export const invoiceReminders = pgTable(
  'invoice_reminders',
  {
    accountId: accountIdColumn(),
    invoiceId: ownerIdColumn('invoice_id', () => invoices.id),
    reminderKey: text('reminder_key').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.reminderKey] })],
);

/** Payment provider events already handled: a replayed event changes nothing. */
export const paymentWebhookEvents = pgTable(
  'payment_webhook_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);
