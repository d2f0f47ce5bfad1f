import { z } from 'zod';
import { BUSINESS_MANAGER_ROLES } from '../auth/roles.ts';
import { PROPERTY_TYPES } from '../pricing/options.ts';
import { FIELD_LIMITS, outOfRangeMessage, tooLongMessage } from '../schemas/field-limits.ts';
import { REQUEST_FORM_SERVICES, sharedBusinessSchema } from '../requests/share-api.ts';
import { REQUEST_LIST_CATEGORIES } from '../requests/requests.ts';
import { STORED_INVOICE_STATUSES } from '../invoices/invoices.ts';

// The client's hub (issue 26): every link the business sends also opens, after a code sent to
// the contact's e-mail or phone on file, all of that contact's quotes, visits, invoices and
// reports. Each answer below lists only what the client may see: never cost, profit, margin,
// tools, staff notes, staff ids or pay rates (the same rule as the share pages).

const T = FIELD_LIMITS.text;

/** Who may preview a contact's hub and revoke its links, and set the links' lifetime. */
export const CLIENT_HUB_STAFF_ROLES = BUSINESS_MANAGER_ROLES;

export const CLIENT_HUB_CODE_LENGTH = 6;
export const CLIENT_HUB_CODE_MINUTES = 10;
export const CLIENT_HUB_CODE_ATTEMPTS = 5;
/** Codes a contact may be sent in CLIENT_HUB_CODE_WINDOW_MINUTES. */
export const CLIENT_HUB_CODES_PER_WINDOW = 5;
export const CLIENT_HUB_CODE_WINDOW_MINUTES = 15;
export const CLIENT_HUB_SESSION_MINUTES = 30;
export const CLIENT_HUB_LINK_LIFETIME = { min: 1, max: 3650, default: 90 } as const;

export const CLIENT_HUB_MESSAGES = {
  linkNotFound: 'This link is no longer valid. Ask the business to send you a new one.',
  noContactDetails:
    'We have no e-mail address or phone number on file to send you a code. Please contact the business.',
  noEmail: 'We have no e-mail address on file for you.',
  noPhone: 'We have no phone number on file for you.',
  tooManyCodes: 'Too many codes were asked for. Please wait a few minutes and try again.',
  codeFormat: `Enter the ${CLIENT_HUB_CODE_LENGTH}-digit code.`,
  wrongCode: 'That code is not right. Check it and try again.',
  expiredCode: 'This code has expired. Ask for a new one.',
  tooManyAttempts: 'Too many wrong codes. Ask for a new one.',
  signedOut: 'Your session has ended. Open your link again to continue.',
  requestSent: 'Thank you! Your request has been sent. The business will get back to you soon.',
  linksRevoked: 'All links sent to this contact have stopped working.',
} as const;

export const CLIENT_HUB_CHANNELS = ['email', 'sms'] as const;
export type ClientHubChannel = (typeof CLIENT_HUB_CHANNELS)[number];

export const CLIENT_HUB_DOCUMENT_KINDS = [
  'quote',
  'invoice',
  'inspection_report',
  'visit_proof',
] as const;

/** An e-mail address with most of its name hidden: d•••@example.com. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
}

/** A phone number with all but its last two digits hidden: •••• 42. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length < 2 ? '•••' : `•••• ${digits.slice(-2)}`;
}

// ---------------------------------------------------------------------------------------------
// Inputs

/** POST /api/public/hub/links/:token/code */
export const clientHubCodeRequestSchema = z.object({
  channel: z
    .enum(CLIENT_HUB_CHANNELS, { error: 'Choose e-mail or text message.' })
    .default('email'),
});
export type ClientHubCodeRequest = z.input<typeof clientHubCodeRequestSchema>;

/** POST /api/public/hub/links/:token/session */
export const clientHubVerifySchema = z.object({
  code: z
    .string(CLIENT_HUB_MESSAGES.codeFormat)
    .trim()
    .max(CLIENT_HUB_CODE_LENGTH, CLIENT_HUB_MESSAGES.codeFormat)
    .regex(new RegExp(`^\\d{${CLIENT_HUB_CODE_LENGTH}}$`), CLIENT_HUB_MESSAGES.codeFormat),
});
export type ClientHubVerifyInput = z.input<typeof clientHubVerifySchema>;

const REQUEST_FORM_SERVICE_IDS = REQUEST_FORM_SERVICES.map((s) => s.id) as [string, ...string[]];

/** POST /api/public/hub/request-work: the contact's own details come from the record on file. */
export const clientHubRequestWorkSchema = z.object({
  service: z.enum(REQUEST_FORM_SERVICE_IDS, { error: 'Choose a service.' }),
  address: z
    .string()
    .trim()
    .max(T.multilineAddress, tooLongMessage('Address', T.multilineAddress))
    .optional(),
  propertyType: z.enum(PROPERTY_TYPES).optional(),
  message: z.string().trim().max(T.longText, tooLongMessage('Message', T.longText)).optional(),
});
export type ClientHubRequestWorkInput = z.input<typeof clientHubRequestWorkSchema>;

/** PUT /api/client-hub/settings */
export const clientHubSettingsSchema = z.object({
  linkLifetimeDays: z
    .number(outOfRangeMessage('Link lifetime', CLIENT_HUB_LINK_LIFETIME))
    .int(outOfRangeMessage('Link lifetime', CLIENT_HUB_LINK_LIFETIME))
    .min(CLIENT_HUB_LINK_LIFETIME.min, outOfRangeMessage('Link lifetime', CLIENT_HUB_LINK_LIFETIME))
    .max(
      CLIENT_HUB_LINK_LIFETIME.max,
      outOfRangeMessage('Link lifetime', CLIENT_HUB_LINK_LIFETIME),
    ),
});
export type ClientHubSettings = z.output<typeof clientHubSettingsSchema>;

// ---------------------------------------------------------------------------------------------
// Answers: only what the client may see

/** GET /api/public/hub/links/:token: what a link opens before the code. */
export const clientHubLinkSchema = z.object({
  business: sharedBusinessSchema,
  document: z.object({
    kind: z.enum(CLIENT_HUB_DOCUMENT_KINDS),
    /** The document's own page (/pay/…, /shared/…, /inspection-report/…). */
    path: z.string(),
  }),
  // Nothing personal before the code: not even a first name (whoever holds the link sees this).
  /** Where a code can be sent, masked; null when nothing is on file for that channel. */
  emailHint: z.string().nullable(),
  phoneHint: z.string().nullable(),
  /** This browser already holds a live session for this link's contact. */
  signedIn: z.boolean(),
});
export type ClientHubLink = z.output<typeof clientHubLinkSchema>;

/**
 * GET /api/public/hub/links/:token/available: whether a share page should offer the way to the
 * hub. Always 200 (a 404 would be logged as an error on every page of a link without a contact).
 */
export const clientHubAvailabilitySchema = z.object({ available: z.boolean() });
export type ClientHubAvailability = z.output<typeof clientHubAvailabilitySchema>;

/** What a share link's token looks like (uuid, base64url or hex): anything else is refused. */
export const CLIENT_HUB_TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,100}$/;

export const clientHubCodeSentSchema = z.object({
  channel: z.enum(CLIENT_HUB_CHANNELS),
  sentTo: z.string(),
  expiresInMinutes: z.number(),
});
export type ClientHubCodeSent = z.output<typeof clientHubCodeSentSchema>;

export const clientHubQuoteSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  category: z.enum(REQUEST_LIST_CATEGORIES),
  /** As the share page says it: sent, viewed, accepted, declined, expired … */
  status: z.string(),
  amountCents: z.number(),
  date: z.string(),
  expiresAt: z.string(),
  /** The quote's own page, where it is accepted and signed. */
  path: z.string(),
  pdfUrl: z.string(),
});

export const clientHubVisitSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  location: z.string(),
  status: z.string(),
  /** An .ics file of this one visit, to add it to a calendar. */
  icsUrl: z.string(),
});
export type ClientHubVisit = z.output<typeof clientHubVisitSchema>;

export const clientHubInvoiceSchema = z.object({
  id: z.uuid(),
  number: z.string(),
  issueDate: z.string(),
  dueDate: z.string(),
  status: z.enum([...STORED_INVOICE_STATUSES, 'overdue']),
  totalCents: z.number(),
  balanceCents: z.number(),
  /** The invoice's own page, where it is paid. */
  path: z.string(),
  pdfUrl: z.string(),
});

export const clientHubReportSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  finishedAt: z.string().nullable(),
  passed: z.boolean().nullable(),
  path: z.string(),
});

/** A completed visit's proof of service: when it was, and its own page. */
export const clientHubProofSchema = z.object({
  title: z.string(),
  visitDate: z.string().nullable(),
  path: z.string(),
});

/** GET /api/public/hub: the whole hub of the signed-in contact (and the staff preview). */
export const clientHubSchema = z.object({
  business: sharedBusinessSchema,
  /** The business's time zone: visits are shown at its wall-clock times. */
  timeZone: z.string(),
  contact: z.object({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    address: z.string().nullable(),
  }),
  /** When the session ends; null for the staff preview. */
  sessionExpiresAt: z.string().nullable(),
  quotes: z.array(clientHubQuoteSchema),
  visits: z.object({
    upcoming: z.array(clientHubVisitSchema),
    past: z.array(clientHubVisitSchema),
  }),
  invoices: z.array(clientHubInvoiceSchema),
  reports: z.array(clientHubReportSchema),
  /** Proof of service of the completed visits, newest first. */
  proofs: z.array(clientHubProofSchema),
  services: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type ClientHub = z.output<typeof clientHubSchema>;

export const clientHubSettingsResponseSchema = clientHubSettingsSchema;

export const clientHubRevokeResponseSchema = z.object({
  revokedAt: z.string(),
  message: z.string(),
});
export type ClientHubRevokeResponse = z.output<typeof clientHubRevokeResponseSchema>;
