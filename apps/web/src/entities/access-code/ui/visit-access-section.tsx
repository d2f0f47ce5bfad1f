import { type AccessReveal, type VisitAccess } from '@crewdesk/domain';
import { Eye, KeyRound } from 'lucide-react';
import { useCallback, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { RequestErrorAlert } from '@/components/ui/request-error-alert';
import { formatInstant } from '@/lib/format';
import { useRevealAccessCode, useVisitAccess } from '../api/access-code-api';
import { RevealedCode } from './revealed-code';

/** Why the Reveal buttons are off, or null when they work. */
function closedNote(access: VisitAccess): string | null {
  switch (access.state) {
    case 'open':
    case 'admin':
      return null;
    case 'not-yet':
      return `The codes open at ${formatInstant(access.opensAt)}, an hour before the visit.`;
    case 'ended':
      return 'This visit has ended: its access codes are no longer shown.';
    case 'unscheduled':
      return 'The codes open an hour before the visit, once it has a date.';
    case 'not-assigned':
      return 'Access codes are shown only to the crew assigned to this visit.';
  }
}

/**
 * A visit's Access panel: the labels of its client's gate, lockbox and alarm codes, and a Reveal
 * button that works for its crew from an hour before the visit until it ends (admins always).
 */
export function VisitAccessSection({ jobId }: { jobId: string }) {
  const headingId = useId();
  const access = useVisitAccess(jobId);
  const reveal = useRevealAccessCode();
  const [shown, setShown] = useState<AccessReveal | null>(null);
  const hide = useCallback(() => setShown(null), []);

  let body;
  if (access.isPending) body = <p className="text-sm text-muted-foreground">Loading…</p>;
  else if (access.isError)
    body = (
      <LoadErrorAlert
        title="Could not load the access codes"
        error={access.error}
        onRetry={() => void access.refetch()}
      />
    );
  else {
    const data = access.data;
    const note = closedNote(data);
    body =
      data.state === 'not-assigned' ? (
        <p className="text-sm text-muted-foreground">{note}</p>
      ) : data.entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">No access codes for this client.</p>
      ) : (
        <>
          {note ? <p className="mb-2 text-sm text-muted-foreground">{note}</p> : null}
          <RequestErrorAlert request={reveal} fallback="Could not reveal the code." />
          <ul className="divide-y">
            {data.entries.map((entry) => (
              <li key={entry.id} className="py-2">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="min-w-0 break-words font-medium">{entry.label}</span>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={note !== null || reveal.isPending}
                    onClick={() =>
                      reveal.mutate(
                        { entryId: entry.id, jobId },
                        { onSuccess: setShown, onError: () => void access.refetch() },
                      )
                    }
                    aria-label={`Reveal ${entry.label}`}
                  >
                    <Eye aria-hidden="true" />
                    Reveal
                  </Button>
                </div>
                {shown?.entryId === entry.id && note === null ? (
                  <RevealedCode
                    label={shown.label}
                    secret={shown.secret}
                    hideAt={data.state === 'admin' ? null : data.closesAt}
                    onHide={hide}
                  />
                ) : null}
              </li>
            ))}
          </ul>
          {note === null ? (
            <p className="mt-2 text-xs text-muted-foreground">Each reveal is logged.</p>
          ) : null}
        </>
      );
  }

  return (
    <Card className="p-4 sm:p-5" role="region" aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-3 flex items-center gap-2 text-base font-semibold">
        <KeyRound aria-hidden="true" className="size-4 text-primary" />
        Access
      </h2>
      {body}
    </Card>
  );
}
