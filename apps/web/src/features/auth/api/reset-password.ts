import { apiRequest } from '@/lib/api-client';

export interface ResetPasswordInput {
  newPassword: string;
  token: string;
}

/**
 * Sets the new password and ends every session of the user. 400 with code
 * INVALID_TOKEN when the link has expired or was used; 400 weak_password with
 * its reasons when the password is refused.
 */
export function resetPassword(input: ResetPasswordInput): Promise<unknown> {
  return apiRequest('/auth/reset-password', { method: 'POST', body: input });
}
