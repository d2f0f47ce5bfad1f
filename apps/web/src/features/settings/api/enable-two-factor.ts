import { apiRequest } from '@/lib/api-client';

export interface TwoFactorSetup {
  /** otpauth:// URI for the authenticator app; its `secret` parameter is for manual entry. */
  totpURI: string;
  backupCodes: string[];
}

/**
 * Starts enrolment (400 "Invalid password" for a wrong password). Two-factor
 * sign-in is only on once a code from the app is confirmed.
 */
export function enableTwoFactor(password: string): Promise<TwoFactorSetup> {
  return apiRequest('/auth/two-factor/enable', { method: 'POST', body: { password } });
}
