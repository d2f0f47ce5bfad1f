/** The last onboarding step: profile (1), business (2), plan (3). */
export const ONBOARDING_FINAL_STEP = 3;

export interface OnboardingFacts {
  onboardingComplete: boolean;
  /** The user joined someone else's business through an invitation. */
  isInvitedMember: boolean;
  firstName?: string | null;
  lastName?: string | null;
  businessName?: string | null;
  hasActiveSubscription: boolean;
}

export type OnboardingDecision =
  /** onboarding_complete is set. */
  | 'complete'
  /** An invited member skips onboarding; the flag is then set with step 3. */
  | 'skip-invited'
  /** Everything onboarding would ask for already exists. */
  | 'not-needed'
  | 'required';

const present = (value: string | null | undefined) => (value ?? '').trim() !== '';

/** Spec section 4, auth gate: whether a signed-in user must go to /onboarding. */
export function onboardingDecision(facts: OnboardingFacts): OnboardingDecision {
  if (facts.onboardingComplete) return 'complete';
  if (facts.isInvitedMember) return 'skip-invited';
  const hasEverything =
    present(facts.firstName) &&
    present(facts.lastName) &&
    present(facts.businessName) &&
    facts.hasActiveSubscription;
  return hasEverything ? 'not-needed' : 'required';
}

export function isOnboardingRequired(facts: OnboardingFacts): boolean {
  return onboardingDecision(facts) === 'required';
}
