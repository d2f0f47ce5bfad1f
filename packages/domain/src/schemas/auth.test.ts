import { describe, expect, it } from 'vitest';
import {
  isPhoneOnlyEmail,
  looksLikePhoneNumber,
  normalizePhoneNumber,
  phoneOnlyEmail,
} from '../auth/phone-numbers.ts';
import { credentialsSchema, phoneSignUpSchema, signUpSchema } from './auth.ts';

const NEED = 'You must provide either an email or phone number and a password';

describe('credentialsSchema', () => {
  it.each([
    [{ email: 'a@b.co', password: 'x' }, true],
    [{ phone: '5551234567', password: 'x' }, true],
    [{ email: 'a@b.co', phone: '555', password: 'x' }, true],
    [{ email: 'a@b.co' }, false],
    [{ phone: '555' }, false],
    [{ password: 'x' }, false],
    [{ email: '', phone: '', password: 'x' }, false],
    [{ email: '  ', password: 'x' }, false],
    [{ email: 'a@b.co', password: '' }, false],
    [{}, false],
  ])('when the credentials are %j, then valid is %s', (input, valid) => {
    const result = credentialsSchema.safeParse(input);
    expect(result.success).toBe(valid);
    if (!valid) expect(result.error?.issues.map((i) => i.message)).toEqual([NEED]);
  });
});

describe('signUpSchema', () => {
  const VALID = { email: 'jane@example.com', password: '12345678' };

  it('when names are padded, then they are trimmed', () => {
    expect(
      signUpSchema.parse({
        ...VALID,
        email: ' jane@example.com ',
        firstName: ' Jane ',
        lastName: ' Doe ',
        businessName: ' Acme ',
      }),
    ).toEqual({ ...VALID, firstName: 'Jane', lastName: 'Doe', businessName: 'Acme' });
  });

  it.each([
    ['email', 'jane', 'Please enter a valid email address.'],
    ['email', '', 'Please enter a valid email address.'],
    ['email', undefined, 'Please enter a valid email address.'],
    ['password', '1234567', 'Password must be at least 8 characters.'],
    ['password', 'x'.repeat(129), 'Password must be at most 128 characters.'],
  ])('when %s is %j, then the message is %j', (field, value, message) => {
    const result = signUpSchema.safeParse({ ...VALID, [field]: value });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      [field, message],
    ]);
  });

  it.each([
    ['password', '12345678'],
    ['password', 'x'.repeat(128)],
  ])('when %s is at the boundary %j, then it passes', (field, value) => {
    expect(signUpSchema.safeParse({ ...VALID, [field]: value }).success).toBe(true);
  });
});

describe('phone numbers', () => {
  it.each([
    ['+1 (555) 010-0199', '+15550100199'],
    ['555.010.0199', '5550100199'],
    ['  +44 20 7946 0958 ', '+442079460958'],
    ['555-0199', null],
    ['+1234567890123456', null],
    ['call me', null],
    ['555 010 0199 ext 2', null],
  ])('%j is stored as %j', (input, expected) => {
    expect(normalizePhoneNumber(input)).toBe(expected);
  });

  it.each([
    ['ada@example.com', false],
    ['+1 555 010 0199', true],
    ['5550100199', true],
    ['ada', false],
  ])('%j looks like a phone number: %s', (input, expected) => {
    expect(looksLikePhoneNumber(input)).toBe(expected);
  });

  it('gives a phone-only user a placeholder address that is recognised as such', () => {
    const email = phoneOnlyEmail('+1 555 010 0199');
    expect(email).toBe('15550100199@phone.crewdesk.invalid');
    expect(isPhoneOnlyEmail(email)).toBe(true);
    expect(isPhoneOnlyEmail('ada@example.com')).toBe(false);
  });

  it('signs up with a phone number and password, refusing a bad number with the spec message', () => {
    expect(
      phoneSignUpSchema.parse({ phoneNumber: '+1 555 010 0199', password: 'long enough' }),
    ).toMatchObject({ phoneNumber: '+15550100199' });
    const bad = phoneSignUpSchema.safeParse({ phoneNumber: '12', password: 'long enough' });
    expect(bad.error?.issues[0]?.message).toBe('Please enter a valid phone number.');
  });
});
