import { z } from 'zod';

// The answers about a person's businesses: the server's response schemas and the web's types.

/** One business a person belongs to, with the settings every screen reads. */
export const businessAccountSchema = z.object({
  account_id: z.uuid(),
  account_name: z.string().nullable(),
  account_slug: z.string(),
  role: z.string(),
  business_name: z.string().nullable().optional(),
  business_address: z.string().nullable().optional(),
  business_phone: z.string().nullable().optional(),
  business_email: z.string().nullable().optional(),
  business_website: z.string().nullable().optional(),
  industry: z.string().nullable().optional(),
  employees_count: z.number().int().nullable().optional(),
  /** The business's time zone (IANA name), as its schedule is answered in. */
  time_zone: z.string().optional(),
  /** Whether an admin chose the zone; until then it is UTC and the admins are asked once. */
  time_zone_chosen: z.boolean().optional(),
  /** The business's currency (ISO 4217), as every amount of it is shown. */
  currency: z.string().optional(),
  /** How the business's dates and numbers are written (BCP 47). */
  locale: z.string().optional(),
  /** 0 = Sunday … 6 = Saturday: where its weeks start, on the schedule and the timesheets. */
  week_starts_on: z.number().int().min(0).max(6).optional(),
});
export type BusinessAccount = z.infer<typeof businessAccountSchema>;

/** Spec section 4, auth gate: where the user is in onboarding, as the server decides it. */
export const onboardingStateSchema = z.object({
  complete: z.boolean(),
  /** The last step done: profile (1), business (2), plan (3). */
  stepCompleted: z.number().int(),
  required: z.boolean(),
});
export type OnboardingState = z.infer<typeof onboardingStateSchema>;

/** The business onboarding's second step made, and anything to say about it. */
export const onboardingBusinessAnswerSchema = z.object({
  account: businessAccountSchema.pick({
    account_id: true,
    account_name: true,
    account_slug: true,
    role: true,
  }),
  warning: z.string().nullable(),
});
export type OnboardingBusinessAnswer = z.infer<typeof onboardingBusinessAnswerSchema>;
