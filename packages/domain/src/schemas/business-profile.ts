import { z } from 'zod';
import { EMAIL_MESSAGE } from './contact-form.ts';

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

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Must be at most ${max} characters.` })
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

/** Business details as onboarding and Settings edit them (spec section 3, Business account). */
export const businessProfileSchema = z.object({
  businessName: z
    .string()
    .trim()
    .min(1, { error: 'Business name is required.' })
    .max(120, { error: 'Business name must be at most 120 characters.' }),
  businessDetails: optionalText(2000),
  industry: optionalText(80),
  employeesCount: z
    .number({ error: 'Number of employees must be a whole number.' })
    .int({ error: 'Number of employees must be a whole number.' })
    .min(0, { error: 'Number of employees cannot be negative.' })
    .max(100000, { error: 'Number of employees is too large.' })
    .nullable()
    .optional(),
  address: optionalText(200),
  city: optionalText(100),
  state: optionalText(100),
  zip: optionalText(20),
  phone: optionalText(40),
  email: z
    .string()
    .trim()
    .transform((v) => (v === '' ? null : v))
    .pipe(z.email({ error: EMAIL_MESSAGE }).nullable())
    .nullable()
    .optional(),
  website: optionalText(200),
  timeZone: z
    .string()
    .refine(isValidTimeZone, { error: 'Choose a time zone from the list.' })
    .default('UTC'),
  currency: z.literal('USD', { error: 'Amounts are shown in US dollars.' }).default('USD'),
});

export type BusinessProfileInput = z.input<typeof businessProfileSchema>;
export type BusinessProfile = z.output<typeof businessProfileSchema>;
