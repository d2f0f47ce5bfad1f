import type {
  RequestRecord,
  SendEstimateEmailInput,
  SendEstimateEmailResponse,
} from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';

/** Spec section 7: the send-estimate-email function, `POST /api/functions/send-estimate-email`. */
export function sendEstimateEmail(
  input: SendEstimateEmailInput,
): Promise<SendEstimateEmailResponse> {
  return apiRequest('/functions/send-estimate-email', { method: 'POST', body: input });
}

/** The call's body for a saved request; the server mails its own stored amount and expiry. */
export function sendEstimateEmailInput(
  request: Pick<
    RequestRecord,
    'id' | 'client' | 'shareToken' | 'amountCents' | 'expiresAt' | 'category'
  >,
  recipientEmail: string,
): SendEstimateEmailInput {
  return {
    recipientEmail,
    estimateId: request.id,
    clientName: request.client,
    shareToken: request.shareToken,
    amount: request.amountCents / 100,
    expirationDate: request.expiresAt,
    isQuote: request.category !== 'estimates',
  };
}
