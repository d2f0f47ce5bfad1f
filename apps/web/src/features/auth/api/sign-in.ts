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

/** better-auth: sets the HTTP-only session cookie on success. */
export function signIn(input: SignInInput): Promise<SignInResult | null> {
  return apiRequest('/auth/sign-in/email', { method: 'POST', body: input });
}
