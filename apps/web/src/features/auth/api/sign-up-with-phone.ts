import type { PhoneSignUpValues } from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';

/**
 * Creates the user (and their business account) for a phone number and texts a code to
 * confirm it. The answer is the same for a number that already has an account.
 */
export function signUpWithPhone(values: PhoneSignUpValues): Promise<{ status: 'code-sent' }> {
  return apiRequest('/phone-sign-up', { method: 'POST', body: values });
}
