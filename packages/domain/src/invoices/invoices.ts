import { rolesForRoute } from '../auth/access.ts';
import type { Role } from '../auth/roles.ts';
import { addDaysToDate } from '../schedule/zoned-time.ts';

/**
 * What the database keeps: draft → sent → viewed → partially_paid → paid, and void. 'overdue' is
 * never stored; it is read off the due date (invoiceDisplayStatus).
 */
export const STORED_INVOICE_STATUSES = [
  'draft',
  'sent',
  'viewed',
  'partially_paid',
  'paid',
  'void',
] as const;
export type StoredInvoiceStatus = (typeof STORED_INVOICE_STATUSES)[number];

export const INVOICE_STATUSES = [...STORED_INVOICE_STATUSES, 'overdue'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  viewed: 'Viewed',
  partially_paid: 'Partially paid',
  paid: 'Paid',
  overdue: 'Overdue',
  void: 'Void',
};

/** The stored status after a change of what was paid or done to the invoice. */
export function storedInvoiceStatus(facts: {
  voided: boolean;
  sent: boolean;
  viewed: boolean;
  totalCents: number;
  amountPaidCents: number;
}): StoredInvoiceStatus {
  if (facts.voided) return 'void';
  if (facts.amountPaidCents > 0 && facts.amountPaidCents >= facts.totalCents) return 'paid';
  if (facts.amountPaidCents > 0) return 'partially_paid';
  if (facts.viewed) return 'viewed';
  if (facts.sent) return 'sent';
  return 'draft';
}

/** Statuses that still wait for money: these become overdue after their due date. */
export const OPEN_INVOICE_STATUSES: readonly StoredInvoiceStatus[] = [
  'sent',
  'viewed',
  'partially_paid',
];

/** Overdue from the day after the due date, in the business's own calendar (`today`). */
export function isInvoiceOverdue(
  status: StoredInvoiceStatus,
  dueDate: string,
  today: string,
): boolean {
  return OPEN_INVOICE_STATUSES.includes(status) && dueDate < today;
}

export function invoiceDisplayStatus(
  status: StoredInvoiceStatus,
  dueDate: string,
  today: string,
): InvoiceStatus {
  return isInvoiceOverdue(status, dueDate, today) ? 'overdue' : status;
}

/** Whole days between two 'YYYY-MM-DD' dates (b − a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** Payment terms as Jobber offers them; 'custom' keeps the due date the user picked. */
export const PAYMENT_TERMS = [
  'due_on_receipt',
  'net_7',
  'net_15',
  'net_30',
  'net_60',
  'custom',
] as const;
export type PaymentTerms = (typeof PAYMENT_TERMS)[number];
export const PAYMENT_TERMS_LABELS: Record<PaymentTerms, string> = {
  due_on_receipt: 'Due on receipt',
  net_7: 'Net 7',
  net_15: 'Net 15',
  net_30: 'Net 30',
  net_60: 'Net 60',
  custom: 'Custom',
};
const TERMS_DAYS: Record<Exclude<PaymentTerms, 'custom'>, number> = {
  due_on_receipt: 0,
  net_7: 7,
  net_15: 15,
  net_30: 30,
  net_60: 60,
};

/** The due date the terms give an invoice issued on `issueDate`; custom keeps `customDueDate`. */
export function dueDateFor(
  issueDate: string,
  terms: PaymentTerms,
  customDueDate: string | null,
): string {
  if (terms === 'custom') return customDueDate ?? issueDate;
  return addDaysToDate(issueDate, TERMS_DAYS[terms]);
}

export const PAYMENT_METHODS = [
  'cash',
  'check',
  'card',
  'bank_transfer',
  'other',
  'online',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** What the office records by hand; 'online' comes only from the payment provider. */
export const MANUAL_PAYMENT_METHODS = ['cash', 'check', 'card', 'bank_transfer', 'other'] as const;
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: 'Cash',
  check: 'Check',
  card: 'Card',
  bank_transfer: 'Bank transfer',
  other: 'Other',
  online: 'Online (card)',
};

export const INVOICE_EVENT_KINDS = [
  'created',
  'edited',
  'sent',
  'viewed',
  'payment_recorded',
  'payment_removed',
  'payment_refunded',
  'reminder_sent',
  'voided',
] as const;
export type InvoiceEventKind = (typeof INVOICE_EVENT_KINDS)[number];

export const INVOICE_EVENT_LABELS: Record<InvoiceEventKind, string> = {
  created: 'Invoice created',
  edited: 'Invoice edited',
  sent: 'Invoice sent',
  viewed: 'Viewed by the client',
  payment_recorded: 'Payment recorded',
  payment_removed: 'Payment removed',
  payment_refunded: 'Payment refunded',
  reminder_sent: 'Reminder sent',
  voided: 'Invoice voided',
};

/** The invoice list, payments, history and details (spec section 6). */
export const INVOICES_ROUTE_ROLES: readonly Role[] = rolesForRoute('/invoices');

/** '{prefix}{number}', the number zero-padded to four digits: INV-0042. */
export function invoiceNumberText(prefix: string, number: number): string {
  return `${prefix}${String(number).padStart(4, '0')}`;
}

/**
 * A reminder step: days after the due date (positive) or before it (negative). Each step is
 * sent once per invoice; the step's key is what makes it once.
 */
export function reminderKey(offsetDays: number): string {
  return offsetDays < 0 ? `before:${-offsetDays}` : `after:${offsetDays}`;
}

/** The steps whose day has come for an open invoice due on `dueDate`, as of `today`. */
export function dueReminderOffsets(
  offsets: readonly number[],
  dueDate: string,
  today: string,
): number[] {
  const late = daysBetween(dueDate, today);
  return offsets.filter((offset) => late >= offset).sort((a, b) => a - b);
}

export const DEFAULT_INVOICE_PREFIX = 'INV-';
export const DEFAULT_REMINDER_OFFSETS: readonly number[] = [3, 7];

export const INVOICE_MESSAGES = {
  changedBySomeoneElse:
    'This invoice was changed by someone else while you were editing. Reload to see their changes; yours were not saved.',
  lockedPaidOrVoid: 'A paid or void invoice cannot be edited. Void it or refund a payment instead.',
  voidCannotTakePayments: 'A void invoice cannot take payments.',
  overpayment: (balance: string) =>
    `This payment is more than the balance due (${balance}). Record at most the balance; add the rest as a tip.`,
  nothingDue: 'This invoice has nothing left to pay.',
  idempotencyMismatch:
    'This Idempotency-Key was already used for a different request. Use a new key for a new payment.',
  idempotencyMissing: 'The Idempotency-Key header is required for payment changes.',
  jobNotCompleted: 'Only a completed job can be invoiced.',
  jobAlreadyInvoiced: 'This job already has an invoice.',
  requestNotAccepted: 'Only an accepted estimate or quote can be converted to an invoice.',
  alreadyVoid: 'This invoice is already void.',
  noClientEmail: "This invoice's client has no e-mail address. Add one to send it.",
  paymentAlreadyRefunded: 'This payment was already refunded.',
  paymentAlreadyRemoved: 'This payment was already removed.',
  onlinePaymentsOff: 'Online payment is not set up for this business.',
} as const;
