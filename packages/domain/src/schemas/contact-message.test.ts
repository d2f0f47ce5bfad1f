import { describe, expect, it } from 'vitest';
import { contactMessageSchema } from './contact-message.ts';

const VALID = { name: 'Jo', email: 'jo@example.com', message: '0123456789' };

function errorsOf(input: unknown): Record<string, string> {
  const result = contactMessageSchema.safeParse(input);
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

describe('contactMessageSchema', () => {
  it('when the minimum is given, then it passes unchanged', () => {
    expect(contactMessageSchema.parse(VALID)).toEqual(VALID);
  });

  it.each([
    ['name', 'J', 'Please enter your name.'],
    ['name', ' J ', 'Please enter your name.'],
    ['name', undefined, 'Please enter your name.'],
    ['email', 'jo@', 'Please enter a valid email address.'],
    ['message', '012345678', 'Please write at least 10 characters.'],
    ['message', '   012345678   ', 'Please write at least 10 characters.'],
  ])('when %s is %j, then the message is %j', (field, value, message) => {
    expect(errorsOf({ ...VALID, [field]: value })).toEqual({ [field]: message });
  });

  it.each([
    ['subject', 'x'.repeat(200), true],
    ['subject', 'x'.repeat(201), false],
    ['subject', undefined, true],
    ['message', 'x'.repeat(5000), true],
    ['message', 'x'.repeat(5001), false],
    ['name', 'Jo', true],
  ])('when %s has %j, then valid is %s', (field, value, valid) => {
    expect(contactMessageSchema.safeParse({ ...VALID, [field]: value }).success).toBe(valid);
  });
});
