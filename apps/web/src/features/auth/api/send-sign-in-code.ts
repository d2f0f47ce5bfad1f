import { apiRequest } from '@/lib/api-client';

/**
 * E-mails a one-time sign-in code. Always 200: the answer never tells whether
 * the e-mail belongs to an account (none is created by a code).
 */
export function sendSignInCode(email: string): Promise<unknown> {
  return apiRequest('/auth/email-otp/send-verification-otp', {
    method: 'POST',
    body: { email, type: 'sign-in' },
  });
}
