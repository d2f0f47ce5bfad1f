import { INVITATION_DAYS, ROLE_LABELS, type Role } from '@crewdesk/domain';
import { renderMail, type MailContent } from '../mail/index.ts';

/** Where the invitation link lands: the web app's public accept page. */
export function invitationLink(publicUrl: string, invitationId: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/accept-invitation?id=${encodeURIComponent(invitationId)}`;
}

export function invitationMail(input: {
  businessName: string;
  inviterName: string;
  role: Role;
  url: string;
}): MailContent {
  const role = ROLE_LABELS[input.role];
  return renderMail({
    subject: `${input.inviterName} invited you to join ${input.businessName} on Crewdesk`,
    heading: `Join ${input.businessName} on Crewdesk`,
    paragraphs: [
      `${input.inviterName} invited you to join ${input.businessName} as ${role}.`,
      `Open the link to accept. If you have no Crewdesk account yet, you can create one there with this e-mail address. The invitation works for ${INVITATION_DAYS} days.`,
    ],
    action: { label: 'Accept invitation', url: input.url },
    footer: 'If you did not expect this invitation, you can ignore this e-mail: nothing changes.',
  });
}
