import { zodResolver } from '@hookform/resolvers/zod';
import {
  basisPointsToPercent,
  dueDateFor,
  invoiceFigures,
  invoiceInputSchema,
  percentToBasisPoints,
  REQUIRED_MESSAGE,
  type DiscountKind,
  type InvoiceDetail,
  type InvoiceFigures,
  type InvoiceInputBody,
  type InvoiceSettings,
  type PaymentTerms,
} from '@crewdesk/domain';
import { set, type FieldError, type FieldErrors, type Resolver } from 'react-hook-form';
import { centsToInput, parseMoneyToCents, parseQuantity, todayDate } from './invoice-text';

/** One line as typed: text fields, so '1.5' and '$12' stay as written until saved. */
export interface LineValues {
  /** React key only; never sent. */
  key: string;
  description: string;
  quantity: string;
  unitPrice: string;
  taxable: boolean;
}

export interface InvoiceFormValues {
  customerId: string | null;
  clientName: string;
  clientEmail: string;
  billingAddress: string;
  issueDate: string;
  paymentTerms: PaymentTerms;
  /** Only used with custom terms. */
  dueDate: string;
  lines: LineValues[];
  discountKind: DiscountKind;
  /** Dollars for an amount, percent for a percentage. */
  discount: string;
  /** Percent: '8.25'. */
  taxRate: string;
  notes: string;
  terms: string;
}

let nextKey = 0;
function lineKey(): string {
  nextKey += 1;
  return `line-${nextKey}`;
}

export function blankLine(): LineValues {
  return { key: lineKey(), description: '', quantity: '1', unitPrice: '', taxable: true };
}

type Defaults = Pick<
  InvoiceSettings,
  'defaultPaymentTerms' | 'defaultTaxRateBasisPoints' | 'defaultTerms'
>;

const FALLBACK_DEFAULTS: Defaults = {
  defaultPaymentTerms: 'net_30',
  defaultTaxRateBasisPoints: 0,
  defaultTerms: '',
};

/** A new invoice: today, the business's default terms and tax, one empty line. */
export function newInvoiceValues(settings: Defaults | null | undefined): InvoiceFormValues {
  const defaults = settings ?? FALLBACK_DEFAULTS;
  return {
    customerId: null,
    clientName: '',
    clientEmail: '',
    billingAddress: '',
    issueDate: todayDate(),
    paymentTerms: defaults.defaultPaymentTerms,
    dueDate: '',
    lines: [blankLine()],
    discountKind: 'amount',
    discount: '',
    taxRate:
      defaults.defaultTaxRateBasisPoints > 0
        ? basisPointsToPercent(defaults.defaultTaxRateBasisPoints)
        : '',
    notes: '',
    terms: defaults.defaultTerms,
  };
}

/** The editor of a saved invoice starts from it as saved. */
export function invoiceFormValues(invoice: InvoiceDetail): InvoiceFormValues {
  return {
    customerId: invoice.customerId,
    clientName: invoice.clientName,
    clientEmail: invoice.clientEmail,
    billingAddress: invoice.billingAddress,
    issueDate: invoice.issueDate,
    paymentTerms: invoice.paymentTerms,
    dueDate: invoice.paymentTerms === 'custom' ? invoice.dueDate : '',
    lines: invoice.lineItems.map((line) => ({
      key: lineKey(),
      description: line.description,
      quantity: String(line.quantity),
      unitPrice: centsToInput(line.unitPriceCents),
      taxable: line.taxable,
    })),
    discountKind: invoice.discountKind,
    discount:
      invoice.discountValue === 0
        ? ''
        : invoice.discountKind === 'percent'
          ? basisPointsToPercent(invoice.discountValue)
          : centsToInput(invoice.discountValue),
    taxRate:
      invoice.taxRateBasisPoints === 0 ? '' : basisPointsToPercent(invoice.taxRateBasisPoints),
    notes: invoice.notes,
    terms: invoice.terms,
  };
}

function percentText(text: string): number {
  if (text.trim() === '') return 0;
  return percentToBasisPoints(text.replace('%', '')) ?? Number.NaN;
}

function discountValueOf(values: InvoiceFormValues): number {
  return values.discountKind === 'percent'
    ? percentText(values.discount)
    : parseMoneyToCents(values.discount, 0);
}

/** The POST/PUT body as the domain schema reads it. */
export function invoiceInputOf(values: InvoiceFormValues): InvoiceInputBody {
  return {
    customerId: values.customerId,
    clientName: values.clientName,
    clientEmail: values.clientEmail,
    billingAddress: values.billingAddress,
    issueDate: values.issueDate,
    paymentTerms: values.paymentTerms,
    dueDate: values.paymentTerms === 'custom' ? values.dueDate || null : null,
    lineItems: values.lines.map((line) => ({
      description: line.description,
      quantity: parseQuantity(line.quantity),
      unitPriceCents: parseMoneyToCents(line.unitPrice),
      taxable: line.taxable,
    })),
    discountKind: values.discountKind,
    discountValue: discountValueOf(values),
    taxRateBasisPoints: percentText(values.taxRate),
    notes: values.notes,
    terms: values.terms,
  };
}

/** The due date the form shows: computed from the terms, or the picked one for custom terms. */
export function shownDueDate(values: InvoiceFormValues): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.issueDate)) return '';
  return dueDateFor(values.issueDate, values.paymentTerms, values.dueDate || null);
}

const finiteOr0 = (n: number) => (Number.isFinite(n) ? n : 0);

/** Live totals while typing: a field that is not a number yet counts as 0. */
export function liveFigures(values: InvoiceFormValues): InvoiceFigures {
  const input = invoiceInputOf(values);
  return invoiceFigures({
    lineItems: input.lineItems.map((line) => ({
      quantity: finiteOr0(line.quantity),
      unitPriceCents: finiteOr0(line.unitPriceCents),
      taxable: line.taxable ?? true,
    })),
    discountKind: values.discountKind,
    discountValue: Math.max(0, finiteOr0(input.discountValue ?? 0)),
    taxRateBasisPoints: Math.max(0, finiteOr0(input.taxRateBasisPoints ?? 0)),
  });
}

/** Field path ('clientName', 'lineItems.0.quantity') → the first message for it. */
export type FormErrors = Record<string, string>;

function isFieldError(value: unknown): value is FieldError {
  return typeof value === 'object' && value !== null && 'type' in value && 'message' in value;
}

/** react-hook-form's nested errors as path → message, in the order they were found. */
export function errorMessages(errors: FieldErrors | object, prefix = ''): FormErrors {
  const messages: FormErrors = {};
  for (const [key, value] of Object.entries(errors)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isFieldError(value)) {
      if (typeof value.message === 'string') messages[path] = value.message;
    } else if (typeof value === 'object' && value !== null) {
      Object.assign(messages, errorMessages(value, path));
    }
  }
  return messages;
}

/** Plain words for what is not a number yet: zod's own text for NaN is not for people. */
function notANumberMessages(values: InvoiceFormValues, input: InvoiceInputBody): FormErrors {
  const messages: FormErrors = {};
  input.lineItems.forEach((line, i) => {
    if (Number.isNaN(line.quantity))
      messages[`lineItems.${i}.quantity`] = 'Quantity must be a number';
    if (Number.isNaN(line.unitPriceCents))
      messages[`lineItems.${i}.unitPriceCents`] =
        values.lines[i]?.unitPrice.trim() === '' ? REQUIRED_MESSAGE : 'Unit price must be a number';
  });
  if (Number.isNaN(input.discountValue)) messages.discountValue = 'Discount must be a number';
  if (Number.isNaN(input.taxRateBasisPoints))
    messages.taxRateBasisPoints = 'Tax rate must be a number';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.issueDate)) messages.issueDate = 'Pick the issue date';
  return messages;
}

const validateInvoiceInput = zodResolver(invoiceInputSchema);

/**
 * Checks the body the form would send with the domain's invoiceInputSchema (the server checks
 * the same). Errors are kept under the body's paths ('lineItems.0.quantity'), which the form's
 * fields are named after.
 */
export const invoiceFormResolver: Resolver<InvoiceFormValues> = async (
  values,
  context,
  options,
) => {
  const input = invoiceInputOf(values);
  const result = await validateInvoiceInput(input, context, {
    fields: {},
    criteriaMode: options.criteriaMode,
    shouldUseNativeValidation: false,
  });
  const messages = { ...errorMessages(result.errors), ...notANumberMessages(values, input) };
  if (Object.keys(messages).length === 0) return { values, errors: {} };
  const errors: FieldErrors<InvoiceFormValues> = {};
  for (const [path, message] of Object.entries(messages)) {
    set(errors, path, { type: 'invalid', message });
  }
  return { values: {}, errors };
};
