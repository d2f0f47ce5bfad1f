import {
  emailFailedMessage,
  emailSentMessage,
  MESSAGES,
  requestSaveFailureMessage,
  saveCheckText,
  type SendEstimateEmailResponse,
  type ToastText,
} from '@crewdesk/domain';
import { toast } from 'sonner';
import { isApiError } from '@/lib/api-client';

/** The save checks of spec section 5, as the server also answers them ('Title: description'). */
const SAVE_CHECKS: readonly ToastText[] = [
  MESSAGES.missingCalculation,
  MESSAGES.missingClientName,
  MESSAGES.authenticationRequired,
  MESSAGES.noBusinessContext,
];

/**
 * What a failed save shows (spec section 8). A save check the server repeats reads as the
 * client-side one; an ended session is the 'Authentication required' check; anything else is
 * 'Error' with the catalogue's text for the server's message (duplicate key, foreign key,
 * column, or the default).
 */
export function saveFailureText(error: unknown): ToastText {
  if (isApiError(error) && error.status === 401) return MESSAGES.authenticationRequired;
  const message = isApiError(error) ? error.message : undefined;
  const check = SAVE_CHECKS.find((c) => message === saveCheckText(c));
  if (check) return check;
  return { title: 'Error', description: requestSaveFailureMessage(message) };
}

export type EmailOutcome =
  | { kind: 'sent'; recipientEmail: string; answer: SendEstimateEmailResponse }
  | { kind: 'not-sent'; recipientEmail: string; answer: SendEstimateEmailResponse }
  | { kind: 'failed'; recipientEmail: string; error: unknown };

/** Spec section 8: 'Email Sent', 'Email Not Sent' (destructive) or 'Email Failed'. */
export function emailOutcomeText(outcome: EmailOutcome, isQuote: boolean): ToastText {
  if (outcome.kind === 'sent') return emailSentMessage(outcome.recipientEmail);
  if (outcome.kind === 'not-sent') return MESSAGES.emailNotSent;
  return emailFailedMessage(isQuote);
}

export function toastEmailOutcome(outcome: EmailOutcome, isQuote: boolean): void {
  const text = emailOutcomeText(outcome, isQuote);
  const show = outcome.kind === 'sent' ? toast.success : toast.error;
  show(text.title, { description: text.description });
}

/** Spec section 8: loading or changing requests failed — the server's message, or the fallback. */
export function requestsFailureText(error: unknown): string {
  return isApiError(error) && error.message
    ? error.message
    : MESSAGES.requestsLoadFailed.description;
}
