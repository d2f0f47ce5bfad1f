import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDistanceToNow } from 'date-fns';
import { Monitor, Smartphone } from 'lucide-react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageLoading } from '@/components/ui/page-loading';
import { formatInstant } from '@/lib/format';
import { errorMessage } from '@/lib/api-client';
import { describeUserAgent } from '@/lib/user-agent';
import { currentSessionQueryOptions } from '../api/current-session';
import { sessionsQueryKey, sessionsQueryOptions, type UserSession } from '../api/list-sessions';
import { revokeOtherSessions } from '../api/revoke-other-sessions';
import { revokeSession } from '../api/revoke-session';

function lastSeen(updatedAt: string): { relative: string; exact: string } {
  const date = new Date(updatedAt);
  if (Number.isNaN(date.getTime())) return { relative: 'unknown', exact: '' };
  return {
    relative: formatDistanceToNow(date, { addSuffix: true }),
    exact: formatInstant(updatedAt),
  };
}

interface SessionRowProps {
  session: UserSession;
  isCurrent: boolean;
  onRevoke: (session: UserSession) => void;
  revoking: boolean;
}

function SessionRow({ session, isCurrent, onRevoke, revoking }: SessionRowProps) {
  const device = describeUserAgent(session.userAgent);
  const Icon = device.mobile ? Smartphone : Monitor;
  const seen = lastSeen(session.updatedAt);
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <Icon aria-hidden="true" className="size-4" />
        </span>
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
            {device.label}
            {isCurrent ? (
              <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-medium text-accent-foreground">
                This device
              </span>
            ) : null}
          </p>
          <p className="mt-0.5 text-xs text-muted-foreground">
            {session.ipAddress ? session.ipAddress : 'Unknown address'} · Last seen{' '}
            <time dateTime={session.updatedAt} title={seen.exact}>
              {seen.relative}
            </time>
          </p>
        </div>
      </div>
      {isCurrent ? null : (
        <Button
          variant="outline"
          size="sm"
          className="self-start sm:self-center"
          onClick={() => onRevoke(session)}
          disabled={revoking}
          aria-label={`Revoke ${device.label}, last seen ${seen.relative}`}
        >
          {revoking ? 'Revoking...' : 'Revoke'}
        </Button>
      )}
    </li>
  );
}

/** The browsers and devices signed in to this user, with a way to sign each one out. */
export function ActiveSessions() {
  const queryClient = useQueryClient();
  const sessions = useQuery(sessionsQueryOptions());
  const current = useQuery(currentSessionQueryOptions());
  const currentId = current.data?.session.id ?? null;

  const refresh = () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey });
  const revokeOne = useMutation({
    mutationFn: (session: UserSession) => revokeSession(session.token),
    onSuccess: async (_result, session) => {
      await refresh();
      toast.success('Session revoked', {
        description: `${describeUserAgent(session.userAgent).label} has been signed out.`,
      });
    },
    onError: (error) => {
      toast.error('Could not revoke the session', {
        description: errorMessage(error, 'Please try again.'),
      });
    },
  });
  const revokeOthers = useMutation({
    mutationFn: revokeOtherSessions,
    onSuccess: async () => {
      await refresh();
      toast.success('Signed out everywhere else', {
        description: 'Only this device is still signed in.',
      });
    },
    onError: (error) => {
      toast.error('Could not sign out the other devices', {
        description: errorMessage(error, 'Please try again.'),
      });
    },
  });

  const list = [...(sessions.data ?? [])].sort((a, b) => {
    if (a.id === currentId) return -1;
    if (b.id === currentId) return 1;
    return b.updatedAt.localeCompare(a.updatedAt);
  });
  const others = list.filter((session) => session.id !== currentId);

  return (
    <Card className="p-5 sm:p-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h3 className="text-base font-semibold">Active sessions</h3>
          <p className="mt-1 text-sm text-muted-foreground">
            The browsers and devices signed in to your account. Revoke any you do not recognise.
          </p>
        </div>
        {others.length > 0 ? (
          <Button
            variant="outline"
            size="sm"
            className="self-start"
            onClick={() => revokeOthers.mutate()}
            disabled={revokeOthers.isPending}
          >
            {revokeOthers.isPending ? 'Signing out...' : 'Sign out everywhere else'}
          </Button>
        ) : null}
      </div>
      {/* "This device" needs both answers, or every row would offer Revoke for a moment. */}
      {sessions.isPending || current.isPending ? (
        <PageLoading className="p-6" />
      ) : sessions.isError ? (
        <Alert tone="error" className="mt-4">
          {errorMessage(sessions.error, 'Could not load your sessions. Please try again.')}
        </Alert>
      ) : (
        <>
          <ul aria-label="Active sessions" className="mt-2 divide-y">
            {list.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                isCurrent={session.id === currentId}
                onRevoke={(target) => revokeOne.mutate(target)}
                revoking={revokeOne.isPending && revokeOne.variables.id === session.id}
              />
            ))}
          </ul>
          {others.length === 0 ? (
            <p className="mt-2 text-sm text-muted-foreground">
              No other device is signed in to your account.
            </p>
          ) : null}
        </>
      )}
    </Card>
  );
}
