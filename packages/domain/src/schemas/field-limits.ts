/**
 * The size of everything a person can type or send (issue 16): every text field of an input
 * schema has a maximum length, every list a maximum count, every number a range. The server
 * refuses more with the field's message (400); the web forms show the same message and set
 * `maxLength` on inputs from the same numbers. Lengths are in UTF-16 units, as zod and the
 * browser's maxLength count them.
 */
export const FIELD_LIMITS = {
  text: {
    /** A first or last name. */
    personName: 100,
    /** A whole name in one field: a client's name, a typed signature. */
    fullName: 200,
    businessName: 120,
    teamName: 120,
    /** RFC 5321's limit for a deliverable address. */
    email: 254,
    /** Room for a formatted international number with an extension. */
    phone: 32,
    company: 200,
    address: 200,
    /** A job's location or an invoice's billing address: several lines. */
    multilineAddress: 500,
    city: 100,
    state: 100,
    zip: 20,
    /** A WhatsApp number, or a Facebook or Instagram handle or profile link. */
    socialHandle: 200,
    website: 200,
    industry: 80,
    /** An id or a person picked from a list (an assignee, a contact id). */
    reference: 100,
    title: 200,
    /** A checklist item, a job's line item. */
    label: 200,
    /** An invoice's line item. */
    lineItemDescription: 500,
    /** One entry of a calculator list: an area, an accessibility factor, a preference. */
    listEntry: 100,
    /** A time as the forms write it ('9:00 AM'), a date, a proposal type. */
    shortCode: 50,
    subject: 200,
    /** A payment's reference (cheque number, transfer id). */
    paymentReference: 200,
    description: 5000,
    notes: 5000,
    /** A contact's notes: the running record of a client. */
    customerNotes: 10_000,
    /** Business details, a decline reason, payment instructions, an e-mail's message. */
    longText: 2000,
    paymentNotes: 1000,
    /** Default terms and an invoice's terms. */
    terms: 5000,
    message: 5000,
    search: 100,
    timeZone: 100,
    /** An invoice number's prefix ('INV-'). */
    invoicePrefix: 12,
    /** The column headers of a CSV import. */
    csvHeader: 200,
  },
  items: {
    /** Additional services, specific areas, accessibility and preferences of the calculator. */
    calculatorChoices: 50,
    toolRequirements: 100,
    lineItems: 100,
    checklist: 100,
    assignees: 20,
    reminderOffsets: 5,
    invoiceBatch: 50,
    routeStops: 100,
  },
  range: {
    latitude: { min: -90, max: 90 },
    longitude: { min: -180, max: 180 },
    /** Any amount in cents: up to $1,000,000.00. */
    moneyCents: { min: 0, max: 100_000_000 },
    /** The calculator's dollar figures (the form works in dollars). */
    moneyDollars: { min: 0, max: 1_000_000 },
    /** Profit can be negative: as far below zero as a cost can be above it. */
    profitDollars: { min: -1_000_000, max: 1_000_000 },
    /** A margin in percent: at most 100, and a loss can be many times the price. */
    profitMarginPercent: { min: -1_000_000, max: 100 },
    quantity: { min: 0, max: 100_000 },
    squareFootage: { min: 0, max: 1_000_000 },
    roomCount: { min: 0, max: 1000 },
    hours: { min: 0, max: 10_000 },
    /** A record's edit counter (optimistic locking). */
    version: { min: 1, max: 2_147_483_647 },
  },
} as const;

export type TextLimit = keyof typeof FIELD_LIMITS.text;

/**
 * 1000000 as "1,000,000" (en-US grouping). The messages are built while the schemas are, at
 * module load: a first `toLocaleString` there loads the number formatter's locale data, which
 * cost a phone ~50 ms of blocked main thread on the sign-in screen (issue 17, item 8).
 */
export function groupThousands(value: number): string {
  if (!Number.isSafeInteger(value)) return value.toLocaleString('en-US');
  return String(value).replace(/\B(?=(\d{3})+$)/g, ',');
}

/** "First name must be 100 characters or fewer." */
export function tooLongMessage(label: string, max: number): string {
  return `${label} must be ${groupThousands(max)} characters or fewer.`;
}

/** "Specific areas can have at most 50 entries." */
export function tooManyMessage(label: string, max: number): string {
  return `${label} can have at most ${groupThousands(max)} entries.`;
}

/** "Latitude must be between -90 and 90." */
export function outOfRangeMessage(label: string, range: { min: number; max: number }): string {
  return `${label} must be between ${groupThousands(range.min)} and ${groupThousands(range.max)}.`;
}

/** "Square footage must be 1,000,000 or less." */
export function tooLargeMessage(label: string, max: number): string {
  return `${label} must be ${groupThousands(max)} or less.`;
}
