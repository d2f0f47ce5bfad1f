/**
 * How long sign-in secrets live, and their shape. The server configures better-auth with these
 * and the e-mails and screens quote them, so the texts never drift from the behaviour.
 */
export const ONE_TIME_CODE_LENGTH = 6;
export const SIGN_IN_CODE_MINUTES = 10;
export const PASSWORD_RESET_LINK_HOURS = 1;
export const EMAIL_CONFIRMATION_LINK_HOURS = 24;

/** '10 minutes', '1 hour', '2 hours': for texts that quote a limit. */
export function durationText(amount: number, unit: 'minute' | 'hour'): string {
  if (unit === 'hour' && amount === 1) return 'one hour';
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}
