import type { BusinessAccount, OnboardingBusinessInput, OnboardingProfile } from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';
import type { OnboardingState } from '@/lib/session/types';

export function saveOnboardingProfile(profile: OnboardingProfile): Promise<OnboardingState> {
  return apiRequest('/onboarding/profile', { method: 'PUT', body: profile });
}

export interface SavedBusiness {
  account: BusinessAccount;
  /** The business exists but its details could not be stored (spec section 7: a warning). */
  warning: string | null;
}

export function saveOnboardingBusiness(business: OnboardingBusinessInput): Promise<SavedBusiness> {
  return apiRequest('/onboarding/business', { method: 'PUT', body: business });
}

/** Step 3: the self-hosted plan, active at once. */
export function finishOnboarding(): Promise<OnboardingState> {
  return apiRequest('/onboarding/complete', { method: 'POST', body: { plan: 'Free' } });
}
