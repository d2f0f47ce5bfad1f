import type { BusinessAccount } from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';

/**
 * `POST /api/accounts` (201): a team account owned by the user. The server
 * has already switched this session to it when the answer arrives.
 */
export function createTeam(name: string): Promise<BusinessAccount> {
  return apiRequest('/accounts', { method: 'POST', body: { name } });
}
