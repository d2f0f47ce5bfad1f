import { PROOF_NOT_FOUND_MESSAGE, PROOF_PROBLEM_MAX, type SharedProof } from '@crewdesk/domain';
import { CheckCircle2, Circle, FileQuestion, MessageSquareWarning } from 'lucide-react';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/input';
import { PageLoading } from '@/components/ui/page-loading';
import { RequestErrorAlert } from '@/components/ui/request-error-alert';
import { SubmitButton } from '@/components/ui/submit-button';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useAnswerProof, useSharedProof } from '../api/visit-proof';

// The way into the client's hub (issue 26): loaded after the page, as on the other shared pages.
const HubEntryLink = lazy(() =>
  import('@/entities/client-hub/client-hub').then((module) => ({ default: module.HubEntryLink })),
);

function timeIn(iso: string | null, timeZone: string): string {
  if (!iso) return '—';
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));
}

function Answer({ proof, token }: { proof: SharedProof; token: string }) {
  const answer = useAnswerProof(token);
  const [reporting, setReporting] = useState(false);
  const [problem, setProblem] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const tz = proof.visit.timeZone;

  if (proof.answer)
    return (
      <Alert tone={proof.answer.answer === 'confirmed' ? 'success' : 'info'}>
        <p className="font-semibold">
          {proof.answer.answer === 'confirmed'
            ? `You confirmed this visit on ${timeIn(proof.answer.answeredAt, tz)}.`
            : `You reported a problem on ${timeIn(proof.answer.answeredAt, tz)}.`}
        </p>
        <p className="mt-1 text-foreground">
          {proof.answer.answer === 'confirmed'
            ? `Thank you. ${proof.business.name} has your confirmation.`
            : `${proof.business.name} has your report and will be in touch.`}
        </p>
      </Alert>
    );
  if (!proof.canAnswer)
    return (
      <Alert>
        The time to answer for this visit ended on {timeIn(proof.answerBy, tz)}. Please contact{' '}
        {proof.business.name} directly.
      </Alert>
    );

  function report(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (problem.trim() === '') return;
    answer.mutate({ answer: 'problem', problem });
  }

  return (
    <div className="space-y-3">
      <p className="text-sm text-muted-foreground">
        Please confirm the visit or tell {proof.business.name} about a problem by{' '}
        {timeIn(proof.answerBy, tz)}.
      </p>
      <RequestErrorAlert
        request={answer}
        fallback="Your answer could not be sent. Please try again."
      />
      {reporting ? (
        <form onSubmit={report} noValidate className="space-y-3">
          <FormField
            label="What went wrong?"
            error={submitted && problem.trim() === '' ? 'Describe the problem.' : undefined}
            hint={`Up to ${PROOF_PROBLEM_MAX} characters.`}
          >
            <Textarea
              value={problem}
              maxLength={PROOF_PROBLEM_MAX}
              rows={4}
              onChange={(e) => setProblem(e.target.value)}
            />
          </FormField>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button
              variant="outline"
              onClick={() => setReporting(false)}
              disabled={answer.isPending}
            >
              Cancel
            </Button>
            <SubmitButton pending={answer.isPending} pendingLabel="Sending...">
              Send the report
            </SubmitButton>
          </div>
        </form>
      ) : (
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button
            className="h-11"
            disabled={answer.isPending}
            onClick={() => answer.mutate({ answer: 'confirmed' })}
          >
            <CheckCircle2 aria-hidden="true" />
            Confirm the visit
          </Button>
          <Button
            variant="outline"
            className="h-11"
            disabled={answer.isPending}
            onClick={() => setReporting(true)}
          >
            <MessageSquareWarning aria-hidden="true" />
            Report a problem
          </Button>
        </div>
      )}
    </div>
  );
}

/** The client's proof of service page (/proof/{token}): no session, the token is the key. */
export function VisitProofPage() {
  const { token = '' } = useParams();
  const query = useSharedProof(token);

  if (query.isPending) return <PageLoading />;
  if (query.isError) {
    if (isApiError(query.error) && [400, 404, 414].includes(query.error.status))
      return (
        <EmptyState icon={FileQuestion} title="Visit not found">
          {PROOF_NOT_FOUND_MESSAGE}
        </EmptyState>
      );
    return (
      <Alert tone="error">
        {errorMessage(query.error, 'This page could not be loaded. Please try again.')}{' '}
        <Button variant="link" className="h-auto p-0" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }

  const proof = query.data;
  const tz = proof.visit.timeZone;
  return (
    <article
      className="mx-auto max-w-3xl space-y-5"
      aria-label={`Visit completed by ${proof.business.name}`}
    >
      <header>
        <p className="text-sm font-medium text-primary">{proof.business.name}</p>
        <h1 className="text-2xl font-semibold">{proof.visit.title}</h1>
        <p className="text-sm text-muted-foreground">Proof of service</p>
      </header>

      <Card className="p-4 sm:p-5">
        <h2 className="text-lg font-semibold">Times</h2>
        <dl className="mt-2 grid grid-cols-[8rem_1fr] gap-y-1 text-sm">
          <dt className="text-muted-foreground">Scheduled</dt>
          <dd>{timeIn(proof.visit.scheduledAt, tz)}</dd>
          <dt className="text-muted-foreground">Arrived</dt>
          <dd>{timeIn(proof.visit.arrivedAt, tz)}</dd>
          <dt className="text-muted-foreground">Left</dt>
          <dd>{timeIn(proof.visit.departedAt, tz)}</dd>
        </dl>
      </Card>

      {proof.checklist.length > 0 ? (
        <Card className="p-4 sm:p-5">
          <h2 className="text-lg font-semibold">Checklist</h2>
          <ul className="mt-2 space-y-1 text-sm">
            {proof.checklist.map((item, i) => (
              <li key={i} className="flex items-center gap-2">
                {item.done ? (
                  <CheckCircle2 aria-hidden="true" className="size-4 text-success" />
                ) : (
                  <Circle aria-hidden="true" className="size-4 text-muted-foreground" />
                )}
                <span>{item.label}</span>
                <span className="sr-only">{item.done ? '(done)' : '(not done)'}</span>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}

      {proof.photos.length > 0 ? (
        <Card className="p-4 sm:p-5">
          <h2 className="text-lg font-semibold">Photos</h2>
          <ul
            className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3"
            aria-label="Photos of the visit"
          >
            {proof.photos.map((photo, i) => (
              <li key={photo.url}>
                <a href={photo.url} target="_blank" rel="noreferrer">
                  <img
                    src={photo.url}
                    alt={`${photo.label === 'before' ? 'Before' : photo.label === 'after' ? 'After' : 'Photo'} ${i + 1}`}
                    className="aspect-square w-full rounded-md border object-cover"
                  />
                </a>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}

      {proof.inspection ? (
        <Card className="p-4 sm:p-5">
          <h2 className="text-lg font-semibold">Inspection</h2>
          <p className="mt-1 text-sm">
            {proof.inspection.scorePercent === null
              ? 'Inspected'
              : `Score ${Math.round(proof.inspection.scorePercent)}%`}
            {proof.inspection.passed === null
              ? ''
              : proof.inspection.passed
                ? ' · Passed'
                : ' · Not passed'}
          </p>
        </Card>
      ) : null}

      <Card className="p-4 sm:p-5">
        <section aria-labelledby="proof-answer" className="space-y-3">
          <h2 id="proof-answer" className="text-lg font-semibold">
            Your answer
          </h2>
          <Answer proof={proof} token={token} />
        </section>
      </Card>
      <Suspense fallback={null}>
        <HubEntryLink token={token} />
      </Suspense>
    </article>
  );
}
