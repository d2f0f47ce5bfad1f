import { z } from 'zod';
import { CONTACT_FORM_MESSAGES, EMAIL_MESSAGE } from '../messages.ts';
import { calculateEstimate, type EstimateInput } from '../pricing/calculator.ts';
import { ADDITIONAL_SERVICES, PROPERTY_TYPES } from '../pricing/options.ts';
import { FIELD_LIMITS, outOfRangeMessage, tooLongMessage } from '../schemas/field-limits.ts';

const T = FIELD_LIMITS.text;
const R = FIELD_LIMITS.range;
import { REQUEST_LIST_CATEGORIES } from './requests.ts';

// ---------------------------------------------------------------------------------------------
// Proposals: one request, several options the client chooses from.

export const PROPOSAL_OPTION_IDS = ['basic', 'standard', 'deep'] as const;
export type ProposalOptionId = (typeof PROPOSAL_OPTION_IDS)[number];

export interface ProposalOption {
  id: ProposalOptionId;
  name: string;
  description: string;
  /** The services priced into this option (ids of ADDITIONAL_SERVICES). */
  additionalServices: string[];
  priceCents: number;
}

const DEEP_CLEANING = 'deep-cleaning';

/**
 * A proposal's options, derived from the calculator form so every price comes from the one
 * calculator: Basic is the visit without extra services, Standard is the form as entered, Deep
 * adds Deep Cleaning to it. An option that would only repeat the one before it is left out
 * (Standard without any service is Basic; Deep when Deep Cleaning is already in is Standard),
 * so the client always chooses between different offers — two or three of them.
 */
export function proposalOptionsFor(input: EstimateInput): ProposalOption[] {
  const options = allProposalTiers(input);
  return options.filter((option, i) => {
    const previous = options[i - 1];
    return !previous || !sameServices(previous.additionalServices, option.additionalServices);
  });
}

function sameServices(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((s) => b.includes(s));
}

function allProposalTiers(input: EstimateInput): ProposalOption[] {
  const entered = [...input.additionalServices];
  const deep = entered.includes(DEEP_CLEANING) ? entered : [...entered, DEEP_CLEANING];
  const priced = (services: string[]) =>
    calculateEstimate({ ...input, additionalServices: services }).priceCents;
  return [
    {
      id: 'basic',
      name: 'Basic clean',
      description: 'The regular visit, without extra services.',
      additionalServices: [],
      priceCents: priced([]),
    },
    {
      id: 'standard',
      name: 'Standard clean',
      description: 'The visit with the services you asked for.',
      additionalServices: entered,
      priceCents: priced(entered),
    },
    {
      id: 'deep',
      name: 'Deep clean',
      description: 'Everything in Standard, plus a deep clean of every area.',
      additionalServices: deep,
      priceCents: priced(deep),
    },
  ];
}

export const proposalOptionSchema = z.object({
  id: z.enum(PROPOSAL_OPTION_IDS),
  name: z.string(),
  description: z.string(),
  additionalServices: z.array(z.string()),
  priceCents: z.number(),
});

// ---------------------------------------------------------------------------------------------
// The client's answer

export const ACCEPT_NAME_MESSAGE = 'Type your full name to accept.';
export const DECLINE_REASON_MESSAGE = 'Tell the business why you are declining.';
export const CHOOSE_OPTION_MESSAGE = 'Choose one of the options.';
export const REQUEST_EXPIRED_MESSAGE = 'This estimate has expired. Ask the business for a new one.';
export const REQUEST_ALREADY_ANSWERED_MESSAGE = 'This estimate has already been answered.';
export const SHARED_REQUEST_NOT_FOUND_MESSAGE =
  'This link is not valid. It may have been removed by the business.';

/** POST /api/public/shared/:token/accept — the typed name is the signature. */
export const acceptSharedRequestSchema = z.object({
  name: z
    .string(ACCEPT_NAME_MESSAGE)
    .trim()
    .min(2, ACCEPT_NAME_MESSAGE)
    .max(T.fullName, tooLongMessage('Your name', T.fullName)),
  /** Required for a proposal, refused otherwise. */
  optionId: z.enum(PROPOSAL_OPTION_IDS, { error: CHOOSE_OPTION_MESSAGE }).optional(),
});
export type AcceptSharedRequestInput = z.output<typeof acceptSharedRequestSchema>;

/** POST /api/public/shared/:token/decline */
export const declineSharedRequestSchema = z.object({
  reason: z
    .string(DECLINE_REASON_MESSAGE)
    .trim()
    .min(1, DECLINE_REASON_MESSAGE)
    .max(T.longText, tooLongMessage('The reason', T.longText)),
});

export const requestAcceptanceSchema = z.object({
  name: z.string(),
  acceptedAt: z.string(),
  optionId: z.enum(PROPOSAL_OPTION_IDS).nullable(),
});
export const requestDeclineSchema = z.object({
  reason: z.string(),
  declinedAt: z.string(),
});

// ---------------------------------------------------------------------------------------------
// The shared page: what anyone with the link sees. Never cost, profit, margin, tools or notes.

export const sharedBusinessSchema = z.object({
  name: z.string(),
  logoUrl: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  address: z.string().nullable(),
  /** ISO 4217: the client reads the amounts in the business's currency. */
  currency: z.string(),
  /** BCP 47: and its dates and numbers as the business writes them. */
  locale: z.string(),
  /** IANA: and its dates and times on the business's clock, wherever the client is. */
  timeZone: z.string(),
});

export const sharedRequestSchema = z.object({
  shareToken: z.string(),
  category: z.enum(REQUEST_LIST_CATEGORIES),
  title: z.string(),
  client: z.string(),
  date: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** The status as the business sees it (viewed, accepted, declined, expired …). */
  status: z.string(),
  expired: z.boolean(),
  amountCents: z.number(),
  business: sharedBusinessSchema,
  property: z.object({
    propertyType: z.string().nullable(),
    squareFootage: z.number().nullable(),
    numberOfRooms: z.number().nullable(),
    numberOfBathrooms: z.number().nullable(),
    frequency: z.string().nullable(),
    condition: z.string().nullable(),
    preferredTime: z.object({ startTime: z.string(), endTime: z.string() }).nullable(),
  }),
  /** Names of the additional services, the areas, accessibility and preferences (labels). */
  services: z.array(z.string()),
  specificAreas: z.array(z.string()),
  accessibility: z.array(z.string()),
  clientPreferences: z.array(z.string()),
  /** A proposal's options; null for estimates and quotes. */
  options: z.array(proposalOptionSchema).nullable(),
  acceptance: requestAcceptanceSchema.nullable(),
  decline: requestDeclineSchema.nullable(),
});
export type SharedRequest = z.output<typeof sharedRequestSchema>;

// ---------------------------------------------------------------------------------------------
// E-mail to the client: the spec's send-estimate-email call (section 7).

/**
 * POST /api/functions/send-estimate-email. The server checks the estimate is the caller's and the
 * share token matches; the amount and expiry in the mail are the stored ones, whatever is sent.
 */
export const sendEstimateEmailSchema = z.object({
  recipientEmail: z.email(EMAIL_MESSAGE).max(T.email, tooLongMessage('Email', T.email)),
  estimateId: z.uuid('estimateId must be a UUID'),
  clientName: z
    .string()
    .trim()
    .min(1, 'clientName is required')
    .max(T.fullName, tooLongMessage('Client name', T.fullName)),
  shareToken: z
    .string()
    .max(T.reference, tooLongMessage('Share token', T.reference))
    .regex(/^[\w-]+$/, 'shareToken is not a link token of this estimate'),
  /** In dollars; the mail shows the stored amount whatever is sent. */
  amount: z
    .number()
    .min(R.moneyDollars.min, outOfRangeMessage('Amount', R.moneyDollars))
    .max(R.moneyDollars.max, outOfRangeMessage('Amount', R.moneyDollars)),
  expirationDate: z.string().max(T.shortCode, tooLongMessage('Expiration date', T.shortCode)),
  isQuote: z.boolean(),
});
export type SendEstimateEmailInput = z.output<typeof sendEstimateEmailSchema>;

/** sent false: the message could not be delivered ('Email Not Sent'); the request is kept. */
export const sendEstimateEmailResponseSchema = z.object({
  sent: z.boolean(),
  message: z.string().nullable(),
  emailSent: z.boolean(),
  sharedAt: z.string().nullable(),
});
export type SendEstimateEmailResponse = z.output<typeof sendEstimateEmailResponseSchema>;

// ---------------------------------------------------------------------------------------------
// The public request form: /request/{account_slug}

export const REQUEST_FORM_SERVICES = [
  { id: 'standard-cleaning', name: 'Standard Cleaning' },
  ...ADDITIONAL_SERVICES.map((s) => ({ id: s.id, name: s.name })),
] as const;
const REQUEST_FORM_SERVICE_IDS = REQUEST_FORM_SERVICES.map((s) => s.id) as [string, ...string[]];

export const REQUEST_FORM_SENT_MESSAGE =
  'Thank you! Your request has been sent. The business will get back to you soon.';

/** POST /api/public/request-form/:slug. `website` is a honeypot: people leave it empty. */
export const publicRequestFormSchema = z.object({
  firstName: z
    .string()
    .trim()
    .min(2, CONTACT_FORM_MESSAGES.firstName)
    .max(T.personName, tooLongMessage('First name', T.personName)),
  lastName: z
    .string()
    .trim()
    .min(2, CONTACT_FORM_MESSAGES.lastName)
    .max(T.personName, tooLongMessage('Last name', T.personName)),
  email: z.email(CONTACT_FORM_MESSAGES.email).max(T.email, tooLongMessage('Email', T.email)),
  phone: z
    .string()
    .trim()
    .max(T.phone, tooLongMessage('Phone', T.phone))
    .refine((v) => v === '' || v.length >= 10, CONTACT_FORM_MESSAGES.phone)
    .optional(),
  // One line with street, city and zip: more room than a contact's street line.
  address: z
    .string()
    .trim()
    .max(T.multilineAddress, tooLongMessage('Address', T.multilineAddress))
    .optional(),
  propertyType: z.enum(PROPERTY_TYPES).optional(),
  service: z.enum(REQUEST_FORM_SERVICE_IDS, { error: 'Choose a service.' }),
  message: z.string().trim().max(T.longText, tooLongMessage('Message', T.longText)).optional(),
  website: z.string().max(T.website, tooLongMessage('Website', T.website)).optional(),
});
export type PublicRequestFormInput = z.output<typeof publicRequestFormSchema>;

/** GET /api/public/request-form/:slug */
export const publicRequestFormInfoSchema = z.object({
  business: sharedBusinessSchema,
  services: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type PublicRequestFormInfo = z.output<typeof publicRequestFormInfoSchema>;
