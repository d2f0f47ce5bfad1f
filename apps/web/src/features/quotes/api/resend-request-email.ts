import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RequestRecord } from '@crewdesk/domain';
import type { EmailOutcome } from '../lib/save-feedback';
import { requestsQueryKey } from './keys';
import { sendEstimateEmail, sendEstimateEmailInput } from './send-estimate-email';

/** Mails a saved request to its client again; the outcome says which toast to show. */
export async function emailRequest(
  request: RequestRecord,
  recipientEmail: string,
): Promise<EmailOutcome> {
  try {
    const answer = await sendEstimateEmail(sendEstimateEmailInput(request, recipientEmail));
    return { kind: answer.sent ? 'sent' : 'not-sent', recipientEmail, answer };
  } catch (error) {
    return { kind: 'failed', recipientEmail, error };
  }
}

export function useResendRequestEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, recipientEmail }: { request: RequestRecord; recipientEmail: string }) =>
      emailRequest(request, recipientEmail),
    // Sent or not, the request's status and history may have changed.
    onSettled: () => queryClient.invalidateQueries({ queryKey: requestsQueryKey }),
  });
}
