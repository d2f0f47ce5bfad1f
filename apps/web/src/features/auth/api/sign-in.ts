import { looksLikePhoneNumber, normalizePhoneNumber } from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';

export interface SignInInput {
  email: string;
  password: string;
}

/**
 * better-auth's answer: a user with two-factor sign-in gets `twoFactorRedirect`
 * and a short-lived two-factor cookie instead of a session.
 */
export interface SignInResult {
  twoFactorRedirect?: boolean;
}

/**
 * better-auth: sets the HTTP-only session cookie on success. `email` is what was typed in
 * "Email or phone": a phone number signs in through the phone-number endpoint.
 */
export function signIn(input: SignInInput): Promise<SignInResult | null> {
  const phoneNumber = looksLikePhoneNumber(input.email) ? normalizePhoneNumber(input.email) : null;
  if (phoneNumber) {
    return apiRequest('/auth/sign-in/phone-number', {
      method: 'POST',
      body: { phoneNumber, password: input.password },
    });
  }
  return apiRequest('/auth/sign-in/email', { method: 'POST', body: input });
}
