import { apiRequest } from '@/lib/api-client';

/** better-auth: texts a new code to the number (the answer does not say whether it is known). */
export function sendPhoneCode(phoneNumber: string): Promise<unknown> {
  return apiRequest('/auth/phone-number/send-otp', { method: 'POST', body: { phoneNumber } });
}

/** better-auth: confirms the number with the texted code and signs the user in. */
export function verifyPhoneCode(phoneNumber: string, code: string): Promise<unknown> {
  return apiRequest('/auth/phone-number/verify', { method: 'POST', body: { phoneNumber, code } });
}
