import { apiRequest } from '@/lib/api-client';

/**
 * better-auth: confirms the address in the link's token. The first time it also signs the user
 * in on this device (a session cookie); a link followed again answers without a session.
 */
export function confirmEmail(token: string): Promise<unknown> {
  return apiRequest(`/auth/verify-email?token=${encodeURIComponent(token)}`);
}
