import { apiRequest } from '@/lib/api-client';

/**
 * better-auth: e-mails a new confirmation link (it opens /auth/confirm). The answer is the same
 * whether or not the address has an account waiting for confirmation.
 */
export function sendConfirmationEmail(email: string): Promise<unknown> {
  return apiRequest('/auth/send-verification-email', { method: 'POST', body: { email } });
}
