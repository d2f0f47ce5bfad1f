import {
  INVOICE_EVENT_LABELS,
  PAYMENT_METHOD_LABELS,
  type InvoiceEvent,
  type PaymentMethod,
} from '@crewdesk/domain';
import { formatInstant } from '@/lib/format';
import { businessToday } from '@/lib/business-today';
import { amountText, formatAmount, toMinor } from '@/lib/money';

/** An instant (an event's time) on the business's clock: 'Nov 21, 2026, 3:04 PM'. */
export function formatMoment(iso: string | null | undefined): string {
  return formatInstant(iso);
}

/** Today on the business's calendar, 'YYYY-MM-DD' (the default issue and payment date). */
export function todayDate(): string {
  return businessToday();
}

/**
 * What a money field holds ('1,234.5', '$12') in cents; NaN when it is not an amount. Empty is
 * `empty` (0 for an optional amount, NaN where one is needed).
 */
export function parseMoneyToCents(text: string, empty = Number.NaN): number {
  const cleaned = text.replace(/[$,\s]/g, '');
  if (cleaned === '') return empty;
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(cleaned)) return Number.NaN;
  return toMinor(Number(cleaned));
}

/** Cents as a money field's text: 12345 → '123.45' (no symbol, no thousands commas). */
export function centsToInput(cents: number): string {
  return amountText(cents);
}

/** A quantity field's text as a number; NaN when it is not one. */
export function parseQuantity(text: string): number {
  const cleaned = text.replace(/[,\s]/g, '');
  if (cleaned === '' || !/^-?(\d+\.?\d*|\.\d+)$/.test(cleaned)) return Number.NaN;
  return Number(cleaned);
}

export function methodLabel(method: PaymentMethod): string {
  return PAYMENT_METHOD_LABELS[method];
}

function numberOf(detail: InvoiceEvent['detail'], key: string): number | null {
  const value = detail?.[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function textOf(detail: InvoiceEvent['detail'], key: string): string | null {
  const value = detail?.[key];
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** One line of an invoice's history: its label, then what the event carries ($50.00 by Cash). */
export function eventText(event: InvoiceEvent): { label: string; detail: string | null } {
  const label = INVOICE_EVENT_LABELS[event.kind] ?? event.kind;
  const { detail } = event;
  switch (event.kind) {
    case 'payment_recorded':
    case 'payment_removed':
    case 'payment_refunded': {
      const amount = numberOf(detail, 'amountCents');
      const tip = numberOf(detail, 'tipCents');
      const method = textOf(detail, 'method');
      const parts = [
        amount === null ? null : formatAmount(amount),
        tip ? `tip ${formatAmount(tip)}` : null,
        method && method in PAYMENT_METHOD_LABELS
          ? PAYMENT_METHOD_LABELS[method as PaymentMethod]
          : null,
      ].filter(Boolean);
      return { label, detail: parts.length > 0 ? parts.join(' · ') : null };
    }
    case 'sent': {
      const to = textOf(detail, 'to');
      const delivery = textOf(detail, 'delivery');
      const note =
        delivery === 'kept' ? ' (kept in the outbox)' : delivery === 'failed' ? ' (not sent)' : '';
      return { label, detail: to ? `To ${to}${note}` : null };
    }
    case 'created': {
      const total = numberOf(detail, 'totalCents');
      return { label, detail: total === null ? null : `Total ${formatAmount(total)}` };
    }
    case 'edited': {
      const from = numberOf(detail, 'fromTotalCents');
      const to = numberOf(detail, 'toTotalCents');
      return {
        label,
        detail:
          from !== null && to !== null && from !== to
            ? `Total ${formatAmount(from)} → ${formatAmount(to)}`
            : null,
      };
    }
    default:
      return { label, detail: null };
  }
}
