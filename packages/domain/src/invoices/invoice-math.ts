/**
 * An invoice's figures in exact integer cents. Quantities carry at most two decimals and are
 * counted in hundredths, rates in basis points (1 % = 100), so every product is an integer and
 * only the final division rounds (half away from zero, as a bookkeeper rounds a cent).
 */

export interface InvoiceLineFigures {
  /** At most two decimals (1.5 hours); counted in hundredths. */
  quantity: number;
  unitPriceCents: number;
  taxable: boolean;
}

export const DISCOUNT_KINDS = ['amount', 'percent'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

export interface InvoiceFiguresInput {
  lineItems: readonly InvoiceLineFigures[];
  discountKind: DiscountKind;
  /** Cents for 'amount', basis points for 'percent' (1000 = 10 %). */
  discountValue: number;
  /** Basis points: 825 = 8.25 %. */
  taxRateBasisPoints: number;
}

export interface InvoiceFigures {
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
  totalCents: number;
}

export interface InvoiceBalance extends InvoiceFigures {
  amountPaidCents: number;
  balanceCents: number;
}

const BASIS_POINTS = 10_000;

/** numerator / denominator, rounded half away from zero; both integers, denominator > 0. */
export function divideRounded(numerator: number, denominator: number): number {
  const sign = numerator < 0 ? -1 : 1;
  const magnitude = Math.abs(numerator);
  const quotient = Math.floor(magnitude / denominator);
  const remainder = magnitude - quotient * denominator;
  return sign * (remainder * 2 >= denominator ? quotient + 1 : quotient);
}

/** 1.5 → 150. Rounds away float noise (0.1 + 0.2); the schema allows two decimals only. */
export function quantityHundredths(quantity: number): number {
  return Math.round(quantity * 100);
}

type PricedLine = Pick<InvoiceLineFigures, 'quantity' | 'unitPriceCents'>;

/**
 * One line's amount: quantity in hundredths times the unit price, rounded half away from zero
 * once. The one rule for every priced line (a job's, an invoice's), so a job invoices at exactly
 * the total it was stored with.
 */
export function lineTotalCents(line: PricedLine): number {
  return divideRounded(quantityHundredths(line.quantity) * line.unitPriceCents, 100);
}

/** The sum of the lines' amounts, each rounded on its own (as an invoice shows them). */
export function lineItemsTotalCents(lines: readonly PricedLine[]): number {
  return lines.reduce((sum, line) => sum + lineTotalCents(line), 0);
}

function discountOf(subtotalCents: number, kind: DiscountKind, value: number): number {
  const discount =
    kind === 'percent' ? divideRounded(subtotalCents * value, BASIS_POINTS) : Math.trunc(value);
  return Math.min(Math.max(discount, 0), subtotalCents);
}

/**
 * Subtotal, discount, tax and total. The discount is spread over the lines in proportion, so
 * tax falls on the taxable lines' share of the discounted subtotal.
 */
export function invoiceFigures(input: InvoiceFiguresInput): InvoiceFigures {
  let subtotalCents = 0;
  let taxableCents = 0;
  for (const line of input.lineItems) {
    const total = lineTotalCents(line);
    subtotalCents += total;
    if (line.taxable) taxableCents += total;
  }
  const discountCents = discountOf(subtotalCents, input.discountKind, input.discountValue);
  const taxableDiscount =
    subtotalCents === 0 ? 0 : divideRounded(discountCents * taxableCents, subtotalCents);
  const taxCents = divideRounded(
    (taxableCents - taxableDiscount) * input.taxRateBasisPoints,
    BASIS_POINTS,
  );
  return {
    subtotalCents,
    discountCents,
    taxCents,
    totalCents: subtotalCents - discountCents + taxCents,
  };
}

/** The figures with what was paid (tips apart: they never count against the balance). */
export function invoiceBalance(
  input: InvoiceFiguresInput,
  amountPaidCents: number,
): InvoiceBalance {
  const figures = invoiceFigures(input);
  return { ...figures, amountPaidCents, balanceCents: figures.totalCents - amountPaidCents };
}

/** '8.25' → 825; the form's percentage text in basis points (null when not a number). */
export function percentToBasisPoints(text: string): number | null {
  const value = Number(text.trim());
  if (text.trim() === '' || !Number.isFinite(value)) return null;
  return Math.round(value * 100);
}

/** 825 → '8.25'. */
export function basisPointsToPercent(basisPoints: number): string {
  return String(basisPoints / 100);
}
