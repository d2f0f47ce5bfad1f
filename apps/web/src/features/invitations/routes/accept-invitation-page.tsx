import { MailOpen } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

/** Spec section 2: /accept-invitation and /auth/accept-invitation. */
export function AcceptInvitationPage() {
  return (
    <EmptyState
      icon={MailOpen}
      title="Team invitations"
      actions={
        <>
          <Button asChild>
            <Link to="/auth">Sign in</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/help-center">Help Center</Link>
          </Button>
        </>
      }
    >
      When a business invites you to its team by e-mail, the link opens this page so you can accept
      and join their account. Invitations are not part of this version of Crewdesk yet, so there is
      nothing to accept here.
    </EmptyState>
  );
}
