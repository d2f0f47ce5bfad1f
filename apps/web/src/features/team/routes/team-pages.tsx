import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { EmployeeDialog } from '../components/employee-dialog';
import { InvitationsList } from '../components/invitations-list';
import { InviteMemberDialog } from '../components/invite-member-dialog';
import { MemberProfile } from '../components/member-profile';
import { TeamList } from '../components/team-list';

/** Spec section 2: /team, the business's people and the invitations to join it. */
export function TeamPage() {
  const [dialog, setDialog] = useState<'invite' | 'employee' | null>(null);
  return (
    <>
      <PageHeader
        title="Team"
        description="The people who work in this business account."
        actions={
          <>
            <Button variant="outline" onClick={() => setDialog('employee')}>
              Add employee
            </Button>
            <Button onClick={() => setDialog('invite')}>
              <UserPlus aria-hidden="true" />
              Invite member
            </Button>
          </>
        }
      />
      <TeamList />
      <InvitationsList />
      <InviteMemberDialog
        open={dialog === 'invite'}
        onOpenChange={(open) => setDialog(open ? 'invite' : null)}
      />
      <EmployeeDialog
        open={dialog === 'employee'}
        onOpenChange={(open) => setDialog(open ? 'employee' : null)}
      />
    </>
  );
}

/** Spec section 2: /team/{id}, a member's profile. */
export function TeamMemberPage() {
  const { id = '' } = useParams();
  return <MemberProfile key={id} id={id} />;
}
