import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ROLE_LABELS } from '@crewdesk/domain';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatDay } from '@/lib/format';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useCancelInvitation } from '../api/cancel-invitation';
import { invitationsQueryOptions, type TeamInvitation } from '../api/list-invitations';

/** An instant's day on the business's calendar, as 'Nov 21, 2026'. */
function day(iso: string): string {
  return Number.isNaN(new Date(iso).getTime()) ? '' : formatDay(iso);
}

function InvitationRow({ invitation }: { invitation: TeamInvitation }) {
  const cancel = useCancelInvitation();
  const expired = invitation.status === 'expired';
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="text-sm font-medium break-all">{invitation.email}</p>
        <p className="text-xs text-muted-foreground">
          {ROLE_LABELS[invitation.role]} ·{' '}
          <span className={cn(expired && 'font-medium text-destructive')}>
            {expired ? 'Expired' : `Expires ${day(invitation.expiresAt)}`}
          </span>
          {invitation.invitedBy ? ` · invited by ${invitation.invitedBy}` : ''}
        </p>
      </div>
      <Button
        variant="outline"
        size="sm"
        className="self-start sm:self-auto"
        disabled={cancel.isPending}
        aria-label={`Cancel invitation for ${invitation.email}`}
        onClick={() =>
          cancel.mutate(invitation.id, {
            onSuccess: () => toast.success('Invitation canceled'),
            onError: (error) =>
              toast.error('Could not cancel the invitation', {
                description: errorMessage(error, 'Please try again.'),
              }),
          })
        }
      >
        {cancel.isPending ? 'Canceling...' : 'Cancel'}
      </Button>
    </li>
  );
}

/** Invitations not answered yet; inviting the same address again sends a fresh link. */
export function InvitationsList() {
  const invitations = useQuery(invitationsQueryOptions());
  return (
    <section aria-labelledby="pending-invitations" className="mt-8">
      <h2 id="pending-invitations" className="mb-3 text-lg font-semibold">
        Pending invitations
      </h2>
      {invitations.isPending ? (
        <p className="text-sm text-muted-foreground">Loading...</p>
      ) : invitations.isError ? (
        <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
          <span>
            {errorMessage(invitations.error, 'Could not load the invitations. Please try again.')}
          </span>
          <Button variant="outline" size="sm" onClick={() => void invitations.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : invitations.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No pending invitations.</p>
      ) : (
        <Card className="px-4 sm:px-6">
          <ul aria-label="Pending invitations" className="divide-y">
            {invitations.data.map((invitation) => (
              <InvitationRow key={invitation.id} invitation={invitation} />
            ))}
          </ul>
        </Card>
      )}
    </section>
  );
}
