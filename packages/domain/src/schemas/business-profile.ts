import { z } from 'zod';
import { EMAIL_MESSAGE } from '../messages.ts';
import { FIELD_LIMITS, tooLongMessage } from './field-limits.ts';
import { currencySchema } from '../money/currency-schema.ts';
import { DEFAULT_CURRENCY } from '../money/money.ts';
import { DEFAULT_LOCALE } from '../locale/business-locale.ts';
import { localeSchema } from '../locale/locale-schema.ts';

/** The self-hosted default plan: active at once, nothing to pay (PRODUCT.md: no paid core). */
export const DEFAULT_PLAN = { plan: 'Free', status: 'active' } as const;

export function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const T = FIELD_LIMITS.text;

/** A business's time zone: an IANA name this runtime knows. */
export const timeZoneSchema = z
  .string()
  .max(T.timeZone, { error: 'Choose a time zone from the list.' })
  .refine(isValidTimeZone, { error: 'Choose a time zone from the list.' });

/** PUT /api/business-profile/time-zone: the zone an admin chose when asked (issue 42). */
export const chooseTimeZoneSchema = z.object({ timeZone: timeZoneSchema });
export type ChooseTimeZone = z.output<typeof chooseTimeZoneSchema>;

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: tooLongMessage(label, max) })
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

/** Business details as onboarding and Settings edit them (spec section 3, Business account). */
export const businessProfileSchema = z.object({
  businessName: z
    .string()
    .trim()
    .min(1, { error: 'Business name is required.' })
    .max(T.businessName, { error: tooLongMessage('Business name', T.businessName) }),
  businessDetails: optionalText('Business details', T.longText),
  industry: optionalText('Industry', T.industry),
  employeesCount: z
    .number({ error: 'Number of employees must be a whole number.' })
    .int({ error: 'Number of employees must be a whole number.' })
    .min(0, { error: 'Number of employees cannot be negative.' })
    .max(100000, { error: 'Number of employees is too large.' })
    .nullable()
    .optional(),
  address: optionalText('Address', T.address),
  city: optionalText('City', T.city),
  state: optionalText('State', T.state),
  zip: optionalText('Zip', T.zip),
  phone: optionalText('Phone', T.phone),
  email: z
    .string()
    .trim()
    .transform((v) => (v === '' ? null : v))
    .pipe(
      z
        .email({ error: EMAIL_MESSAGE })
        .max(T.email, { error: tooLongMessage('Email', T.email) })
        .nullable(),
    )
    .nullable()
    .optional(),
  website: optionalText('Website', T.website),
  timeZone: timeZoneSchema.default('UTC'),
  /** ISO 4217: how every amount of the business is shown (they stay in its minor units). */
  currency: currencySchema.default(DEFAULT_CURRENCY),
  /** BCP 47: how the business's dates and numbers are written ('21 Nov 2026', '1.234,50'). */
  locale: localeSchema.default(DEFAULT_LOCALE),
});

export type BusinessProfileInput = z.input<typeof businessProfileSchema>;
export type BusinessProfile = z.output<typeof businessProfileSchema>;

/**
 * GET and PUT /api/business-profile: the active business's details; unsaved fields are null,
 * `updatedAt` too until the first save.
 */
export const businessProfileResponseSchema = z.object({
  businessName: z.string(),
  businessDetails: z.string().nullable(),
  industry: z.string().nullable(),
  employeesCount: z.number().int().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  timeZone: z.string(),
  currency: z.string(),
  locale: z.string(),
  /** The business logo (GET /api/logos/:file, for the business's members), null without one. */
  logoUrl: z.string().nullable(),
  updatedAt: z.iso.datetime().nullable(),
});
export type BusinessProfileResponse = z.output<typeof businessProfileResponseSchema>;
