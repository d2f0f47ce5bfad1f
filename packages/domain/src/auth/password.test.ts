import { describe, expect, it } from 'vitest';
import { PASSWORD_REASONS, passwordWeaknesses } from './password.ts';

const common = new Set(['password', 'qwertyuiop', '12345678']);
const isCommon = (p: string) => common.has(p);

describe('passwordWeaknesses', () => {
  it.each([
    ['', [PASSWORD_REASONS.tooShort]],
    ['seven77', [PASSWORD_REASONS.tooShort]],
    ['eight888', []],
    ['a'.repeat(64), []],
    ['a'.repeat(128), []],
    ['a'.repeat(129), [PASSWORD_REASONS.tooLong]],
    ['Password', [PASSWORD_REASONS.tooCommon]],
    ['QWERTYUIOP', [PASSWORD_REASONS.tooCommon]],
    ['12345678', [PASSWORD_REASONS.tooCommon]],
    ['correct horse battery staple', []],
    // Seven characters but more than eight UTF-16 units: still too short.
    ['😀😀😀😀😀😀😀', [PASSWORD_REASONS.tooShort]],
  ])('%j → %j', (password, reasons) => {
    expect(passwordWeaknesses(password, isCommon)).toEqual(reasons);
  });

  it('when a short password is also common, then both reasons are listed', () => {
    expect(passwordWeaknesses('1234', (p) => p === '1234')).toEqual([
      PASSWORD_REASONS.tooShort,
      PASSWORD_REASONS.tooCommon,
    ]);
  });

  it('when no common list is given, then only the length rules apply', () => {
    expect(passwordWeaknesses('password')).toEqual([]);
  });
});
