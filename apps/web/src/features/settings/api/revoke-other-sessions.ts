import { apiRequest } from '@/lib/api-client';

/** Signs out every device but this one. */
export function revokeOtherSessions(): Promise<{ status: boolean }> {
  return apiRequest('/auth/revoke-other-sessions', { method: 'POST', body: {} });
}
