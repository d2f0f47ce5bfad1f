// Kept free of zod: the app's first screen reads these without loading the form schemas.

export const PHONE_NUMBER_MESSAGE = 'Please enter a valid phone number.';

/**
 * A phone number as sign-up and sign-in store and compare it: digits only, with a leading +
 * kept when given (an international number). Spaces, dots, dashes and brackets are dropped.
 * Null when it is not 10 to 15 digits.
 */
export function normalizePhoneNumber(input: string): string | null {
  const trimmed = input.trim();
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, '');
  if (digits.length < 10 || digits.length > 15) return null;
  return `${trimmed.startsWith('+') ? '+' : ''}${digits}`;
}

/** Whether what was typed in "Email or phone" is meant as a phone number. */
export function looksLikePhoneNumber(input: string): boolean {
  return !input.includes('@') && /\d/.test(input);
}

/**
 * A user who signed up with a phone number has no e-mail; better-auth needs one, so they get
 * this placeholder address, which never receives mail and is never shown.
 */
export const PHONE_ONLY_EMAIL_DOMAIN = 'phone.crewdesk.invalid';

export function phoneOnlyEmail(phoneNumber: string): string {
  return `${phoneNumber.replace(/\D/g, '')}@${PHONE_ONLY_EMAIL_DOMAIN}`;
}

export function isPhoneOnlyEmail(email: string): boolean {
  return email.toLowerCase().endsWith(`@${PHONE_ONLY_EMAIL_DOMAIN}`);
}
