import { describe, expect, it } from 'vitest';
import {
  clientHubRequestWorkSchema,
  clientHubSettingsSchema,
  clientHubVerifySchema,
  maskEmail,
  maskPhone,
} from './client-hub-api.ts';

describe('masking where a code goes', () => {
  it.each([
    ['dana@example.test', 'd•••@example.test'],
    ['a@b.co', 'a•••@b.co'],
    ['not-an-address', '•••'],
  ])('when the e-mail is %s, then it shows %s', (email, shown) => {
    expect(maskEmail(email)).toBe(shown);
  });

  it.each([
    ['(512) 555-0142', '•••• 42'],
    ['+44 20 7946 0958', '•••• 58'],
    ['1', '•••'],
  ])('when the phone is %s, then it shows %s', (phone, shown) => {
    expect(maskPhone(phone)).toBe(shown);
  });
});

describe('client hub inputs', () => {
  it.each([
    ['123456', true],
    [' 123456 ', true],
    ['12345', false],
    ['12345a', false],
    ['1234567', false],
  ])('when the code is %j, then valid is %s', (code, valid) => {
    expect(clientHubVerifySchema.safeParse({ code }).success).toBe(valid);
  });

  it.each([
    [1, true],
    [3650, true],
    [0, false],
    [3651, false],
    [1.5, false],
  ])('when the link lifetime is %s days, then valid is %s', (days, valid) => {
    expect(clientHubSettingsSchema.safeParse({ linkLifetimeDays: days }).success).toBe(valid);
  });

  it('when work is requested, then the service must be one offered and the message bounded', () => {
    expect(clientHubRequestWorkSchema.safeParse({ service: 'window-cleaning' }).success).toBe(true);
    expect(clientHubRequestWorkSchema.safeParse({ service: 'gardening' }).success).toBe(false);
    expect(
      clientHubRequestWorkSchema.safeParse({
        service: 'window-cleaning',
        message: 'x'.repeat(2001),
      }).success,
    ).toBe(false);
  });
});
