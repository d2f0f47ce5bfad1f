import { UsersRound } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';

/** Team and roles arrive with team invitations: what it will hold, and nothing pretending to be data. */
export function TeamSection() {
  return (
    <EmptyState
      icon={UsersRound}
      title="Team and roles arrive with team invitations"
      upcoming={[
        'Invite people to this account by e-mail, each with a role',
        'Pending invitations, to send again or cancel',
        'Change a member’s role or remove them from the account',
      ]}
    >
      Until then nobody can be invited from Crewdesk. Roles already decide what each person may
      open; the Support pages explain each role.
    </EmptyState>
  );
}
