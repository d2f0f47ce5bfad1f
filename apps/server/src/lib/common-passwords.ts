import { dictionary } from '@zxcvbn-ts/language-common';

let common: Set<string> | undefined;

/**
 * Whether a (lower-cased) password is on the list of ~49,000 most used passwords that ships
 * with zxcvbn-ts (MIT). Built on first use so start-up does not pay for it.
 */
export function isCommonPassword(lowerCasedPassword: string): boolean {
  common ??= new Set(dictionary['passwords-common']);
  return common.has(lowerCasedPassword);
}
