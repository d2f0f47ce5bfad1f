import { apiRequest } from '@/lib/api-client';

/** Signs one other device out; its next request finds no session. */
export function revokeSession(token: string): Promise<{ status: boolean }> {
  return apiRequest('/auth/revoke-session', { method: 'POST', body: { token } });
}
