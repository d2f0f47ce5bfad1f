import { describe, expect, it } from 'vitest';
import {
  hasBusinessDetails,
  onboardingBusinessSchema,
  onboardingProfileSchema,
} from './onboarding.ts';

describe('onboarding profile step', () => {
  it.each([
    [
      { firstName: ' Ana ', lastName: 'Lopez' },
      { firstName: 'Ana', lastName: 'Lopez' },
    ],
    [
      { firstName: 'A', lastName: 'B' },
      { firstName: 'A', lastName: 'B' },
    ],
  ])('accepts %j as %j', (input, expected) => {
    expect(onboardingProfileSchema.parse(input)).toEqual(expected);
  });

  it.each([
    [{ firstName: '', lastName: 'Lopez' }, 'First name is required.'],
    [{ firstName: 'Ana', lastName: '   ' }, 'Last name is required.'],
    [
      { firstName: 'x'.repeat(101), lastName: 'Lopez' },
      'First name must be 100 characters or fewer.',
    ],
  ])('refuses %j with %j', (input, message) => {
    const result = onboardingProfileSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe('onboarding business step', () => {
  it('needs a business name', () => {
    const result = onboardingBusinessSchema.safeParse({ businessName: ' ' });
    expect(result.error?.issues[0]?.message).toBe('Business name is required.');
  });

  it.each([
    [{ businessName: 'Sparkle' }, false],
    [{ businessName: 'Sparkle', email: 'hi@sparkle.test', employeesCount: 4 }, false],
    [{ businessName: 'Sparkle', industry: 'Cleaning' }, true],
    [{ businessName: 'Sparkle', address: '1 Main St' }, true],
    [{ businessName: 'Sparkle', phone: '555 0100' }, true],
    [{ businessName: 'Sparkle', website: 'sparkle.test' }, true],
    [{ businessName: 'Sparkle', businessDetails: 'Homes and offices' }, true],
    [{ businessName: 'Sparkle', industry: '  ' }, false],
  ])('%j has details to store: %s (spec section 7)', (input, expected) => {
    expect(hasBusinessDetails(onboardingBusinessSchema.parse(input))).toBe(expected);
  });
});
