import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MailOpen, MailX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ROLE_LABELS } from '@crewdesk/domain';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageLoading } from '@/components/ui/page-loading';
import { errorMessage, isApiError } from '@/lib/api-client';
import { authPathWithReturn } from '@/lib/return-path';
import { useMe } from '@/lib/session/get-me';
import { forgetLocalSession, signOut } from '@/lib/session/sign-out';
import { acceptInvitation } from '../api/accept-invitation';
import { invitationQueryOptions, type PublicInvitation } from '../api/get-invitation';
import { useFinishJoining } from '../api/use-join';
import { InvitationSignUpForm } from '../components/invitation-sign-up-form';
import { RequestErrorAlert } from '@/components/ui/request-error-alert';

function Unavailable({
  title,
  children,
  signedIn,
}: {
  title: string;
  children: ReactNode;
  signedIn: boolean;
}) {
  return (
    <EmptyState
      icon={MailX}
      title={title}
      actions={
        <Button asChild variant="outline">
          <Link to={signedIn ? '/' : '/auth'}>{signedIn ? 'Open Crewdesk' : 'Sign in'}</Link>
        </Button>
      }
    >
      {children}
    </EmptyState>
  );
}

function AcceptButton({ invitation }: { invitation: PublicInvitation }) {
  const finish = useFinishJoining();
  const accept = useMutation({
    mutationFn: () => acceptInvitation(invitation.id),
    onSuccess: finish,
  });
  const busy = accept.isPending || accept.isSuccess;
  return (
    <div className="space-y-3">
      <RequestErrorAlert
        request={accept}
        fallback="Could not accept the invitation. Please try again."
      />
      <Button className="w-full" onClick={() => accept.mutate()} disabled={busy}>
        {busy ? 'Joining...' : 'Accept invitation'}
      </Button>
    </div>
  );
}

function SignedInAsSomeoneElse({
  email,
  invitation,
}: {
  email: string;
  invitation: PublicInvitation;
}) {
  const queryClient = useQueryClient();
  const leave = useMutation({
    mutationFn: signOut,
    onSuccess: () => forgetLocalSession(queryClient),
  });
  return (
    <div className="space-y-3">
      <Alert>
        You are signed in as <strong className="break-all">{email}</strong>. This invitation is for{' '}
        <strong className="break-all">{invitation.email}</strong>: sign out, then sign in or create
        an account with that address.
      </Alert>
      <RequestErrorAlert request={leave} fallback="Could not sign out. Please try again." />
      <Button
        className="w-full"
        variant="outline"
        onClick={() => leave.mutate()}
        disabled={leave.isPending}
      >
        {leave.isPending ? 'Signing out...' : 'Sign out'}
      </Button>
    </div>
  );
}

function PendingInvitation({ invitation }: { invitation: PublicInvitation }) {
  const me = useMe();
  const signInPath = authPathWithReturn(
    `/accept-invitation?id=${encodeURIComponent(invitation.id)}`,
  );
  let answer: ReactNode;
  if (me.isPending) {
    answer = <PageLoading />;
  } else if (me.data) {
    answer =
      me.data.user.email.toLowerCase() === invitation.email.toLowerCase() ? (
        <AcceptButton invitation={invitation} />
      ) : (
        <SignedInAsSomeoneElse email={me.data.user.email} invitation={invitation} />
      );
  } else {
    answer = (
      <div className="space-y-4">
        <InvitationSignUpForm invitationId={invitation.id} email={invitation.email} />
        <p className="text-center text-sm text-muted-foreground">
          Already have an account?{' '}
          <Link
            to={signInPath}
            className="font-medium text-primary underline-offset-2 hover:underline"
          >
            Sign in
          </Link>
        </p>
      </div>
    );
  }

  return (
    <Card className="mx-auto w-full max-w-lg p-5 sm:p-8">
      <span className="mb-4 flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <MailOpen aria-hidden="true" className="size-6" />
      </span>
      <h1 className="text-2xl font-semibold tracking-tight">Join {invitation.businessName}</h1>
      <p className="mt-2 text-sm text-muted-foreground">
        {invitation.invitedBy ? `${invitation.invitedBy} invited you` : 'You are invited'} to join{' '}
        <strong className="text-foreground">{invitation.businessName}</strong> as{' '}
        <strong className="text-foreground">{ROLE_LABELS[invitation.role]}</strong>.
      </p>
      <p className="mt-1 text-sm text-muted-foreground">
        Invitation for <span className="break-all text-foreground">{invitation.email}</span>
      </p>
      <div className="mt-6">{answer}</div>
    </Card>
  );
}

function InvitationById({ id }: { id: string }) {
  const invitation = useQuery(invitationQueryOptions(id));
  const me = useMe();
  const signedIn = Boolean(me.data);

  if (invitation.isPending) return <PageLoading />;
  if (invitation.isError) {
    if (isApiError(invitation.error) && [400, 404].includes(invitation.error.status)) {
      return (
        <Unavailable title="Invitation not found" signedIn={signedIn}>
          This invitation link is not valid. Check that you opened the whole link from the e-mail,
          or ask the business to invite you again.
        </Unavailable>
      );
    }
    return (
      <Alert
        tone="error"
        className="mx-auto flex max-w-lg flex-wrap items-center justify-between gap-3"
      >
        <span>
          {errorMessage(invitation.error, 'Could not load the invitation. Please try again.')}
        </span>
        <Button variant="outline" size="sm" onClick={() => void invitation.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  const data = invitation.data;
  switch (data.status) {
    case 'expired':
      return (
        <Unavailable title="This invitation has expired" signedIn={signedIn}>
          Invitations work for 7 days. Ask {data.businessName} to send you a new one.
        </Unavailable>
      );
    case 'canceled':
      return (
        <Unavailable title="This invitation was canceled" signedIn={signedIn}>
          {data.businessName} canceled it. Ask them to invite you again if you should be on the
          team.
        </Unavailable>
      );
    case 'accepted':
      return (
        <Unavailable title="This invitation has already been accepted" signedIn={signedIn}>
          {signedIn
            ? `Open Crewdesk to work in ${data.businessName}.`
            : `Sign in to work in ${data.businessName}.`}
        </Unavailable>
      );
    default:
      return <PendingInvitation invitation={data} />;
  }
}

/** Spec section 2: /accept-invitation and /auth/accept-invitation, the invitation e-mail's link. */
export function AcceptInvitationPage() {
  const [params] = useSearchParams();
  const id = params.get('id')?.trim() ?? '';
  const me = useMe();
  if (id === '') {
    return (
      <Unavailable title="Invitation not found" signedIn={Boolean(me.data)}>
        This link has no invitation in it. Open the link from the invitation e-mail again.
      </Unavailable>
    );
  }
  return <InvitationById id={id} />;
}
