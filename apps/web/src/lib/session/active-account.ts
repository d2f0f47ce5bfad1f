import { apiRequest } from '@/lib/api-client';

/** `PUT /api/me/active-account`; 404 when the user is not a member. */
export function switchActiveAccount(accountId: string): Promise<{ activeAccountId: string }> {
  return apiRequest('/me/active-account', { method: 'PUT', body: { accountId } });
}
