import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../schemas/auth.ts';

export const PASSWORD_REASONS = {
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  tooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`,
  tooCommon:
    'This password is one of the most commonly used passwords. Choose one that is harder to guess.',
  /** The server's strength estimate is too low; its warning and suggestions follow this reason. */
  tooGuessable: 'This password is too easy to guess.',
} as const;

/**
 * What a new-password field says under it, in step with the server: the length the web checks
 * at once, and what the server's strength check refuses (common words and patterns, the user's
 * own name, e-mail or business name).
 */
export const PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters. A few uncommon words work well; avoid your name, e-mail address and common passwords.`;

/** The error code a weak password is refused with; its reasons come with it as a list. */
export const WEAK_PASSWORD_CODE = 'weak_password';

/**
 * Why a password is refused (spec section 5: a weak password error carries a list of reasons).
 * Length counts characters, not bytes, so a passphrase in any script is measured fairly. The
 * common-password list is large data, so the caller passes the lookup (the server has the list).
 */
export function passwordWeaknesses(
  password: string,
  isCommon: (password: string) => boolean = () => false,
): string[] {
  const length = [...password].length;
  const reasons: string[] = [];
  if (length < PASSWORD_MIN_LENGTH) reasons.push(PASSWORD_REASONS.tooShort);
  if (length > PASSWORD_MAX_LENGTH) reasons.push(PASSWORD_REASONS.tooLong);
  if (isCommon(password.toLowerCase())) reasons.push(PASSWORD_REASONS.tooCommon);
  return reasons;
}
