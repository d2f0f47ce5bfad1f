import { useMutation } from '@tanstack/react-query';
import type { ContactMessageValues } from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';

export interface ContactMessageReceipt {
  id: string;
  receivedAt: string;
}

export function sendContactMessage(values: ContactMessageValues): Promise<ContactMessageReceipt> {
  const subject = values.subject?.trim();
  return apiRequest('/contact-messages', {
    method: 'POST',
    body: { ...values, subject: subject ? subject : undefined },
  });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
