import { apiRequest } from '@/lib/api-client';

/** Turns two-factor sign-in off (400 "Invalid password"); the session is replaced by a fresh one. */
export function disableTwoFactor(password: string): Promise<{ status: boolean }> {
  return apiRequest('/auth/two-factor/disable', { method: 'POST', body: { password } });
}
