import { Building2, CreditCard, Mail, UsersRound } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';

/**
 * Sections whose data arrives with onboarding, team invitations and e-mail
 * sending: what each will hold, and nothing pretending to be data.
 */
export function BusinessProfileSection() {
  return (
    <EmptyState
      icon={Building2}
      title="The business profile arrives with onboarding"
      upcoming={[
        'Business name, address, phone, e-mail and website',
        'Industry and number of employees',
        'The details estimates, quotes and invoices print for your clients',
      ]}
    >
      Onboarding will ask for these details once and keep them here, where you can change them
      later.
    </EmptyState>
  );
}

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

export function PlanSection() {
  return (
    <EmptyState
      icon={CreditCard}
      title="Plans arrive with onboarding"
      upcoming={[
        'The plan this business account is on, and whether it is active',
        'What the plan includes',
      ]}
    >
      Nothing is billed on this installation. Onboarding will record the plan each business account
      is on, and this section will show it.
    </EmptyState>
  );
}

export function EmailOutboxSection() {
  return (
    <EmptyState
      icon={Mail}
      title="The e-mail outbox arrives with e-mail sending"
      upcoming={[
        'Every e-mail Crewdesk sends for this account: invitations, estimates, quotes',
        'Whether each one was delivered, or why it failed',
        'Sending a failed e-mail again',
      ]}
    >
      This version of Crewdesk sends no e-mail yet, so there is nothing to list.
    </EmptyState>
  );
}
