import { UserRound, UsersRound } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

export function TeamPage() {
  return (
    <>
      <PageHeader title="Team" description="The people who work in this business account." />
      <EmptyState
        icon={UsersRound}
        title="No team members yet"
        upcoming={[
          'Invite people by e-mail and give each a role',
          'Employees who do not sign in, with employment status and pay rate',
          'Each member’s profile, jobs and hours',
        ]}
        actions={
          <Button asChild variant="outline">
            <Link to="/help?article=team-roles">What each role can open</Link>
          </Button>
        }
      >
        Your team will live here — invitations and employee records arrive with the Team module.
      </EmptyState>
    </>
  );
}

export function TeamMemberPage() {
  return (
    <>
      <PageHeader title="Team Member Details" />
      <EmptyState icon={UserRound} title="Member profiles arrive with the Team module">
        This page will show the member’s role, contact details, assigned jobs and hours. There are
        no team records in this version yet.
      </EmptyState>
    </>
  );
}
