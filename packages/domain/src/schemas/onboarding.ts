import { z } from 'zod';
import { businessProfileSchema, timeZoneSchema } from './business-profile.ts';
import { FIELD_LIMITS, tooLongMessage } from './field-limits.ts';

/** Industries offered in onboarding and Settings; anything else can be typed as "Other". */
export const INDUSTRIES = [
  'Cleaning',
  'Inspection',
  'Maintenance',
  'Landscaping',
  'Pest control',
  'Plumbing',
  'Electrical',
  'HVAC',
  'Other',
] as const;

const personName = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, { error: `${label} is required.` })
    .max(FIELD_LIMITS.text.personName, {
      error: tooLongMessage(label, FIELD_LIMITS.text.personName),
    });

/** Onboarding step 1: who the user is (the avatar is uploaded on its own). */
export const onboardingProfileSchema = z.object({
  firstName: personName('First name'),
  lastName: personName('Last name'),
});

/** Onboarding step 2: the business. Time zone and currency are set later in Settings. */
export const onboardingBusinessSchema = businessProfileSchema
  .pick({
    businessName: true,
    industry: true,
    employeesCount: true,
    address: true,
    phone: true,
    email: true,
    website: true,
    businessDetails: true,
  })
  .extend({
    /** The zone the owner chose (the browser's is proposed); without one the business is asked later. */
    timeZone: timeZoneSchema.optional(),
  });

export type OnboardingProfile = z.output<typeof onboardingProfileSchema>;
export type OnboardingBusinessInput = z.input<typeof onboardingBusinessSchema>;
export type OnboardingBusiness = z.output<typeof onboardingBusinessSchema>;

/**
 * Spec section 7: business details are written only when any of details, industry, address,
 * phone or website is given.
 */
export function hasBusinessDetails(business: OnboardingBusiness): boolean {
  return [
    // Not in the spec's list: the zone the owner chose must be kept (issue 42).
    business.timeZone,
    business.businessDetails,
    business.industry,
    business.address,
    business.phone,
    business.website,
  ].some((value) => value !== null && value !== undefined && value !== '');
}

/** Shown when the business was created but its details could not be stored (a warning only). */
export const BUSINESS_DETAILS_WARNING =
  'Your business was created, but its details could not be saved. You can add them later in Settings.';
