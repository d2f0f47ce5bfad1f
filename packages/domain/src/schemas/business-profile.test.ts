import { describe, expect, it } from 'vitest';
import { businessProfileSchema, DEFAULT_PLAN, isValidTimeZone } from './business-profile.ts';

const message = (input: unknown) =>
  businessProfileSchema
    .safeParse(input)
    .error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);

describe('businessProfileSchema', () => {
  it('when only the name is given, then the rest defaults (UTC, US dollars, en-US) and blanks are null', () => {
    expect(
      businessProfileSchema.parse({ businessName: ' Sparkle ', phone: '  ', email: '' }),
    ).toEqual({
      businessName: 'Sparkle',
      phone: null,
      email: null,
      timeZone: 'UTC',
      currency: 'USD',
      locale: 'en-US',
    });
  });

  it.each([
    [{ businessName: '' }, ['businessName: Business name is required.']],
    [
      { businessName: 'x'.repeat(121) },
      ['businessName: Business name must be 120 characters or fewer.'],
    ],
    [{ businessName: 'A', email: 'nope' }, ['email: Please enter a valid email address.']],
    [
      { businessName: 'A', employeesCount: 2.5 },
      ['employeesCount: Number of employees must be a whole number.'],
    ],
    [
      { businessName: 'A', employeesCount: -1 },
      ['employeesCount: Number of employees cannot be negative.'],
    ],
    [
      { businessName: 'A', timeZone: 'Mars/Olympus' },
      ['timeZone: Choose a time zone from the list.'],
    ],
    [
      { businessName: 'A', currency: 'XYZ' },
      ['currency: Choose a currency by its ISO 4217 code, such as USD, EUR or JPY.'],
    ],
  ])('%o → %j', (input, expected) => {
    expect(message(input)).toEqual(expected);
  });

  it.each([
    ['America/Chicago', true],
    ['Europe/Berlin', true],
    ['UTC', true],
    ['Not/AZone', false],
  ])('isValidTimeZone(%s) is %s', (zone, valid) => {
    expect(isValidTimeZone(zone)).toBe(valid);
  });

  it('the default plan is Free and active', () => {
    expect(DEFAULT_PLAN).toEqual({ plan: 'Free', status: 'active' });
  });
});
