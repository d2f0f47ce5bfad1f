import { apiRequest } from '@/lib/api-client';

/** better-auth: texts a new code to the number (the answer does not say whether it is known). */
export function sendPhoneCode(phoneNumber: string): Promise<unknown> {
  return apiRequest('/auth/phone-number/send-otp', { method: 'POST', body: { phoneNumber } });
}

/** better-auth: confirms the number with the texted code and signs the user in. */
export function verifyPhoneCode(phoneNumber: string, code: string): Promise<unknown> {
  return apiRequest('/auth/phone-number/verify', { method: 'POST', body: { phoneNumber, code } });
}

/** better-auth: texts a password reset code (the same answer for a number without an account). */
export function requestPhonePasswordReset(phoneNumber: string): Promise<unknown> {
  return apiRequest('/auth/phone-number/request-password-reset', {
    method: 'POST',
    body: { phoneNumber },
  });
}

/** better-auth: sets the new password with the texted code; every session of the user ends. */
export function resetPasswordWithPhoneCode(input: {
  phoneNumber: string;
  otp: string;
  newPassword: string;
}): Promise<unknown> {
  return apiRequest('/auth/phone-number/reset-password', { method: 'POST', body: input });
}
