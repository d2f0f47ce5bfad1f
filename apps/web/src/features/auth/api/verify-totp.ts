import { apiRequest } from '@/lib/api-client';

/**
 * Second sign-in step: the code from the authenticator app. The two-factor
 * cookie set by the password step names the user; success sets the session
 * cookie, a wrong or expired code answers 401.
 */
export function verifyTotp(code: string): Promise<unknown> {
  return apiRequest('/auth/two-factor/verify-totp', { method: 'POST', body: { code } });
}
