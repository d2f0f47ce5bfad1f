import type { InvitationSignUpInput } from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';
import type { AcceptedInvitation } from './accept-invitation';

/**
 * `POST /api/invitations/:id/sign-up`: creates the account for the invitation's e-mail, joins the
 * business and signs in (the session cookie comes with the answer). 409 when the address
 * already has an account; 400 weak_password with its reasons.
 */
export function signUpFromInvitation(
  id: string,
  input: InvitationSignUpInput,
): Promise<AcceptedInvitation> {
  return apiRequest(`/invitations/${encodeURIComponent(id)}/sign-up`, {
    method: 'POST',
    body: input,
  });
}
