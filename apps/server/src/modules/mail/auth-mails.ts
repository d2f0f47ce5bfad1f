import {
  durationText,
  EMAIL_CONFIRMATION_LINK_HOURS,
  PASSWORD_RESET_LINK_HOURS,
  SIGN_IN_CODE_MINUTES,
} from '@crewdesk/domain';
import { renderMail, type MailContent } from './mail.templates.ts';

/** Sign-in mail belongs to no business yet: it is sent in the product's name. */
export const AUTH_SENDER_NAME = 'Crewdesk';

const FOOTER = 'If you did not ask for this, you can ignore this e-mail: nothing changes.';

export function passwordResetMail(url: string): MailContent {
  return renderMail({
    subject: 'Reset your Crewdesk password',
    heading: 'Reset your password',
    paragraphs: [
      `Someone asked to reset the password of your Crewdesk account. The link works for ${durationText(PASSWORD_RESET_LINK_HOURS, 'hour')}.`,
    ],
    action: { label: 'Choose a new password', url },
    footer: FOOTER,
  });
}

export function oneTimeCodeMail(
  code: string,
  purpose: 'sign-in' | 'email-verification' | 'forget-password' | string,
): MailContent {
  const what =
    purpose === 'sign-in'
      ? 'sign in to Crewdesk'
      : purpose === 'email-verification'
        ? 'confirm your e-mail address'
        : 'reset your password';
  return renderMail({
    subject: `Your Crewdesk code: ${code}`,
    heading: 'Your one-time code',
    paragraphs: [
      `Use this code to ${what}. It works once, for ${durationText(SIGN_IN_CODE_MINUTES, 'minute')}.`,
    ],
    code,
    footer: FOOTER,
  });
}

/** Sent instead of a code to a user with two-factor sign-in: a code alone must not let them in. */
export function twoFactorCodeRefusedMail(): MailContent {
  return renderMail({
    subject: 'Sign in to Crewdesk with your password',
    heading: 'Use your password and authenticator app',
    paragraphs: [
      'Someone asked for a sign-in code for your Crewdesk account. Your account uses two-factor sign-in, so codes by e-mail are turned off for it.',
      'Sign in with your password and the code from your authenticator app (or a backup code).',
    ],
    footer: FOOTER,
  });
}

/** The link that confirms a new account's address; it opens /auth/confirm. */
export function emailConfirmationMail(url: string): MailContent {
  return renderMail({
    subject: 'Confirm your e-mail address for Crewdesk',
    heading: 'Confirm your e-mail address',
    paragraphs: [
      `Welcome to Crewdesk. Confirm this address to finish creating your account. The link works for ${durationText(EMAIL_CONFIRMATION_LINK_HOURS, 'hour')}.`,
    ],
    action: { label: 'Confirm my e-mail', url },
    footer:
      'If you did not create a Crewdesk account, you can ignore this e-mail: nothing happens.',
  });
}

/**
 * Sent when someone signs up with an address that already has an account. The sign-up answer is
 * the same as for a new address, so only the owner of the mailbox learns that it is registered.
 */
export function alreadyRegisteredMail(signInUrl: string): MailContent {
  return renderMail({
    subject: 'You already have a Crewdesk account',
    heading: 'You already have an account',
    paragraphs: [
      'Someone tried to create a Crewdesk account with this e-mail address, which already has one. Sign in instead; if you forgot the password, you can reset it from the sign-in page.',
    ],
    action: { label: 'Sign in', url: signInUrl },
    footer: FOOTER,
  });
}
