import { useState } from 'react';
import { Link } from 'react-router';
import type { Proposal } from '@crewdesk/domain';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-client';
import { useDecideProposal } from '../api/assistant-api';

const STATUS_TEXT = {
  pending: 'Waiting for your confirmation',
  confirmed: 'Confirmed',
  failed: 'Could not be done',
  dismissed: 'Dismissed',
} as const;

/**
 * What a draft tool would create or change, with its figures. Nothing is written until the person
 * confirms; the server checks their rights again then.
 */
export function ProposalCard({
  proposal,
  conversationId,
}: {
  proposal: Proposal;
  conversationId: string | null;
}) {
  const decide = useDecideProposal(conversationId);
  const [answer, setAnswer] = useState<Proposal | null>(null);
  const [error, setError] = useState<string | null>(null);
  const shown = answer ?? proposal;
  const headingId = `proposal-${shown.id}`;

  const run = (decision: 'confirm' | 'dismiss') => {
    setError(null);
    decide.mutate(
      { id: shown.id, decision },
      {
        onSuccess: setAnswer,
        onError: (err) =>
          setError(
            errorMessage(
              err,
              decision === 'confirm' ? 'Could not confirm this.' : 'Could not dismiss this.',
            ),
          ),
      },
    );
  };

  return (
    <Card className="p-4" aria-labelledby={headingId} role="group">
      <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
        Proposal · {STATUS_TEXT[shown.status]}
      </p>
      <h3 id={headingId} className="mt-1 font-semibold">
        {shown.title}
      </h3>
      {shown.lines.length > 0 ? (
        <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
          {shown.lines.map((line, index) => (
            <div key={`${line.label}-${index}`} className="contents">
              <dt className="text-muted-foreground">{line.label}</dt>
              <dd className="break-words">{line.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {shown.status === 'pending' ? (
        <>
          <p className="mt-3 text-xs text-muted-foreground">Nothing is saved until you confirm.</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button size="sm" disabled={decide.isPending} onClick={() => run('confirm')}>
              {decide.isPending && decide.variables.decision === 'confirm'
                ? 'Confirming...'
                : 'Confirm'}
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={decide.isPending}
              onClick={() => run('dismiss')}
            >
              Dismiss
            </Button>
          </div>
        </>
      ) : null}
      {shown.status === 'confirmed' && shown.outcome ? (
        <Alert tone="success" className="mt-3">
          {shown.outcome.message}
          {shown.outcome.path ? (
            <>
              {' '}
              <Link to={shown.outcome.path} className="font-medium underline underline-offset-4">
                Open it
              </Link>
            </>
          ) : null}
        </Alert>
      ) : null}
      {shown.status === 'failed' ? (
        <Alert tone="error" className="mt-3">
          {shown.outcome?.message ?? 'This could not be done.'}
        </Alert>
      ) : null}
      {error ? (
        <Alert tone="error" className="mt-3">
          {error}
        </Alert>
      ) : null}
    </Card>
  );
}
