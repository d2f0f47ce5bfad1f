import type { Role } from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';

/** What joining gives: the business (now the session's active account) and the role in it. */
export interface AcceptedInvitation {
  accountId: string;
  businessName: string;
  role: Role;
}

/** `POST /api/invitations/:id/accept`: the signed-in user's e-mail must be the invitation's (403). */
export function acceptInvitation(id: string): Promise<AcceptedInvitation> {
  return apiRequest(`/invitations/${encodeURIComponent(id)}/accept`, { method: 'POST' });
}
