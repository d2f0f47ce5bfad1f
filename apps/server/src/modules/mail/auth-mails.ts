import { durationText, PASSWORD_RESET_LINK_HOURS, SIGN_IN_CODE_MINUTES } from '@crewdesk/domain';
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
