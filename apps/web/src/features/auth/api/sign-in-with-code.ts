import { apiRequest } from '@/lib/api-client';
import type { SignInResult } from './sign-in';

export interface SignInWithCodeInput {
  email: string;
  otp: string;
}

/**
 * better-auth: sets the HTTP-only session cookie on success. A wrong code
 * answers 400 INVALID_OTP, an old one OTP_EXPIRED, the fourth try 403
 * TOO_MANY_ATTEMPTS (the code is then void).
 */
export function signInWithCode(input: SignInWithCodeInput): Promise<SignInResult | null> {
  return apiRequest('/auth/sign-in/email-otp', { method: 'POST', body: input });
}
