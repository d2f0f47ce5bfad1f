import { apiRequest } from '@/lib/api-client';

/**
 * Completes enrolment with a code from the authenticator app (`verify-totp`
 * with a session). The server then turns two-factor sign-in on and replaces
 * this browser's session with a fresh one; a wrong code answers 401.
 */
export function confirmTwoFactor(code: string): Promise<unknown> {
  return apiRequest('/auth/two-factor/verify-totp', { method: 'POST', body: { code } });
}
