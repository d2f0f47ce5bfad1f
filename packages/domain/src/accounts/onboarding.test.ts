import { describe, expect, it } from 'vitest';
import { isOnboardingRequired, onboardingDecision, type OnboardingFacts } from './onboarding.ts';

const everything: OnboardingFacts = {
  onboardingComplete: false,
  isInvitedMember: false,
  firstName: 'Ada',
  lastName: 'Lee',
  businessName: 'Sparkle Cleaning',
  hasActiveSubscription: true,
};

describe('onboardingDecision', () => {
  it.each<[string, Partial<OnboardingFacts>, ReturnType<typeof onboardingDecision>]>([
    [
      'flag set, nothing else',
      { onboardingComplete: true, firstName: null, hasActiveSubscription: false },
      'complete',
    ],
    [
      'invited member with nothing',
      { isInvitedMember: true, firstName: null, businessName: null, hasActiveSubscription: false },
      'skip-invited',
    ],
    [
      'flag set and invited: the flag wins',
      { onboardingComplete: true, isInvitedMember: true },
      'complete',
    ],
    ['all four exist', {}, 'not-needed'],
    ['no first name', { firstName: null }, 'required'],
    ['blank first name', { firstName: '   ' }, 'required'],
    ['no last name', { lastName: '' }, 'required'],
    ['no business name', { businessName: undefined }, 'required'],
    ['no active subscription', { hasActiveSubscription: false }, 'required'],
  ])('%s → %s', (_case, overrides, expected) => {
    expect(onboardingDecision({ ...everything, ...overrides })).toBe(expected);
  });

  it.each([
    [{}, false],
    [{ hasActiveSubscription: false }, true],
    [{ isInvitedMember: true, hasActiveSubscription: false }, false],
  ])('isOnboardingRequired(%o) is %s', (overrides, expected) => {
    expect(isOnboardingRequired({ ...everything, ...overrides })).toBe(expected);
  });
});
