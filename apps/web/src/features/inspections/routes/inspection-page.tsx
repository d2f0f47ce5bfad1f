import {
  hasBusinessManagerRights,
  inspectionScore,
  missingRequired,
  MISSING_REASON_TEXT,
  type GivenAnswer,
  type InspectionAnswerInput,
  type InspectionAnswerValue,
  type InspectionDetail,
  type InspectionScore,
  type MissingItem,
} from '@crewdesk/domain';
import { CloudOff, FileQuestion, MapPin, UserRound } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { BackLink } from '@/components/back-link';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Label, Textarea } from '@/components/ui/input';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { PageLoading } from '@/components/ui/page-loading';
import { useInspection, useSaveInspectionNotes } from '@/entities/inspection/api/inspection-api';
import { formatScore, givenAnswerOf } from '@/entities/inspection/model/inspection-text';
import { InspectionStatusBadge, ScoreBadge } from '@/entities/inspection/ui/inspection-badges';
import { errorMessage, isApiError } from '@/lib/api-client';
import { formatDay, formatInstant } from '@/lib/format';
import { useSession } from '@/lib/session/session-context';
import { useAnswerQueue, type PendingAnswers } from '../api/answer-queue';
import { FinishDialog } from '../components/finish-dialog';
import { ItemAnswer } from '../components/item-answer';
import { ReportActions } from '../components/report-actions';
import { formatAmount } from '@/lib/money';

function valueOfInput(input: InspectionAnswerInput): InspectionAnswerValue {
  const { note: _note, internalNote: _internal, ...value } = input;
  return value as InspectionAnswerValue;
}

/** The answers as the rules read them: the server's, with those still being saved on top. */
function givenAnswers(detail: InspectionDetail, pending: PendingAnswers): Map<string, GivenAnswer> {
  const given = new Map<string, GivenAnswer>();
  for (const answer of detail.answers) given.set(answer.itemKey, givenAnswerOf(answer));
  for (const [key, entry] of Object.entries(pending)) {
    if (entry.state === 'refused') continue;
    given.set(key, {
      value: valueOfInput(entry.input),
      photoCount: given.get(key)?.photoCount ?? 0,
    });
  }
  return given;
}

function ScoreSummary({ score, finished }: { score: InspectionScore; finished: boolean }) {
  return (
    <Card className="p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">{finished ? 'Score' : 'Score so far'}</h2>
        {finished ? (
          <ScoreBadge
            percent={score.overall.percent}
            passed={score.overall.passed}
            className="text-sm"
          />
        ) : (
          <span className="text-base font-semibold tabular-nums">
            {formatScore(score.overall.percent)}
          </span>
        )}
      </div>
      <p className="mt-1 text-sm text-muted-foreground">
        Pass mark {score.overall.passMarkPercent}% · N.A. and unanswered items do not count ·{' '}
        {score.overall.failedCount} failed
      </p>
      <ul className="mt-3 divide-y text-sm">
        {score.sections.map((section) => (
          <li key={section.key} className="flex justify-between gap-2 py-1.5">
            <span>{section.title}</span>
            <span className="tabular-nums">
              {formatScore(section.percent)}
              {section.failedCount > 0 ? (
                <span className="text-destructive"> · {section.failedCount} failed</span>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function MissingList({ missing }: { missing: readonly MissingItem[] }) {
  return (
    <Alert tone="warning" className="mb-4">
      <p className="font-semibold">
        {missing.length === 1
          ? '1 item must be done before finishing:'
          : `${missing.length} items must be done before finishing:`}
      </p>
      <ul className="mt-1 list-inside list-disc">
        {missing.map((m) => (
          <li key={m.itemKey}>
            <a className="underline" href={`#item-${m.itemKey}`}>
              {m.label}
            </a>{' '}
            ({MISSING_REASON_TEXT[m.reason]})
          </li>
        ))}
      </ul>
    </Alert>
  );
}

function NotesCard({ inspection, readOnly }: { inspection: InspectionDetail; readOnly: boolean }) {
  const save = useSaveInspectionNotes(inspection.id);
  const [notes, setNotes] = useState(inspection.notes);
  const [internal, setInternal] = useState(inspection.internalNotes);
  const onError = (error: unknown) =>
    toast.error('Error', { description: errorMessage(error, 'Could not save the notes.') });
  if (readOnly) {
    if (!inspection.notes && !inspection.internalNotes) return null;
    return (
      <Card className="space-y-2 p-4 text-sm sm:p-5">
        <h2 className="text-lg font-semibold">Notes</h2>
        {inspection.notes ? <p className="whitespace-pre-wrap">{inspection.notes}</p> : null}
        {inspection.internalNotes ? (
          <p className="whitespace-pre-wrap text-muted-foreground">
            Internal: {inspection.internalNotes}
          </p>
        ) : null}
      </Card>
    );
  }
  return (
    <Card className="space-y-3 p-4 sm:p-5">
      <h2 className="text-lg font-semibold">Notes</h2>
      <div className="space-y-1">
        <Label htmlFor="inspection-notes">Notes on the report</Label>
        <Textarea
          id="inspection-notes"
          rows={3}
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
          onBlur={() => {
            if (notes !== inspection.notes) save.mutate({ notes }, { onError });
          }}
        />
      </div>
      <div className="space-y-1">
        <Label htmlFor="inspection-internal-notes">
          Internal notes (never shown to the client)
        </Label>
        <Textarea
          id="inspection-internal-notes"
          rows={2}
          value={internal}
          onChange={(e) => setInternal(e.target.value)}
          onBlur={() => {
            if (internal !== inspection.internalNotes)
              save.mutate({ internalNotes: internal }, { onError });
          }}
        />
      </div>
    </Card>
  );
}

function Findings({ inspection }: { inspection: InspectionDetail }) {
  if (inspection.findings.length === 0) return null;
  return (
    <Card className="p-4 sm:p-5">
      <h2 className="text-lg font-semibold">Findings</h2>
      <ul className="mt-2 divide-y text-sm">
        {inspection.findings.map((finding) => (
          <li key={finding.id} className="flex justify-between gap-3 py-2">
            <span>
              {finding.description}
              <span className="block text-xs text-muted-foreground">
                {finding.sectionTitle} · {finding.itemLabel}
              </span>
            </span>
            <span className="tabular-nums">{formatAmount(finding.priceCents)}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function Inspect({ inspection }: { inspection: InspectionDetail }) {
  const { user, role } = useSession();
  // Managers see the findings in the report's quote list; the others in their own card.
  const manages = hasBusinessManagerRights(role);
  const queue = useAnswerQueue(inspection.id);
  const finished = inspection.status === 'finished';
  const [showMissing, setShowMissing] = useState(false);
  const [signing, setSigning] = useState(false);
  const top = useRef<HTMLDivElement>(null);

  const given = useMemo(() => givenAnswers(inspection, queue.pending), [inspection, queue.pending]);
  const score = finished ? inspection.score : inspectionScore(inspection.snapshot, given);
  const missing = useMemo(
    () => (finished ? [] : missingRequired(inspection.snapshot, given)),
    [finished, inspection.snapshot, given],
  );
  const missingByKey = new Map(missing.map((m) => [m.itemKey, MISSING_REASON_TEXT[m.reason]]));
  const answers = new Map(inspection.answers.map((a) => [a.itemKey, a]));

  function onFinish() {
    if (queue.unsavedCount > 0) {
      queue.retryNow();
      toast.error('Answers are still being saved', {
        description: 'Finish once every answer is saved.',
      });
      return;
    }
    if (missing.length > 0) {
      setShowMissing(true);
      top.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
      return;
    }
    setSigning(true);
  }

  return (
    <div ref={top} className="mx-auto max-w-3xl scroll-mt-24 pb-40 md:pb-0">
      <BackLink to="/inspections">Back to inspections</BackLink>
      <div className="mb-4">
        <h1 className="break-words text-2xl font-semibold tracking-tight">
          {inspection.templateName}
        </h1>
        <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
          <InspectionStatusBadge status={inspection.status} />
          <span>Started {formatDay(inspection.startedAt)}</span>
          {inspection.inspector ? (
            <span className="inline-flex items-center gap-1">
              <UserRound aria-hidden="true" className="size-3.5" />
              {inspection.inspector.name}
            </span>
          ) : null}
        </div>
        {inspection.contact || inspection.siteAddress ? (
          <p className="mt-1 flex items-center gap-1 text-sm">
            <MapPin aria-hidden="true" className="size-3.5 shrink-0 text-muted-foreground" />
            {[inspection.contact?.name, inspection.siteAddress].filter(Boolean).join(' · ')}
          </p>
        ) : null}
        {inspection.job ? (
          <p className="mt-1 text-sm">
            Visit:{' '}
            <Link className="text-primary underline" to={`/jobs/${inspection.job.id}`}>
              {inspection.job.title}
            </Link>
          </p>
        ) : null}
      </div>

      {showMissing && missing.length > 0 ? <MissingList missing={missing} /> : null}

      {finished ? (
        <div className="mb-4 space-y-4">
          <Alert tone={inspection.score.overall.passed === false ? 'error' : 'success'}>
            <p className="font-semibold">
              Finished{inspection.finishedAt ? ` ${formatInstant(inspection.finishedAt)}` : ''}
              {inspection.score.overall.passed === null
                ? ''
                : inspection.score.overall.passed
                  ? ' · Passed'
                  : ' · Failed'}
            </p>
            {inspection.signature ? <p>Signed by {inspection.signature.name}</p> : null}
          </Alert>
          <ReportActions inspection={inspection} />
        </div>
      ) : null}

      <div className="space-y-4">
        <ScoreSummary score={score} finished={finished} />
        {inspection.snapshot.sections.map((section) => {
          const part = score.sections.find((s) => s.key === section.key);
          return (
            <Card key={section.key} className="p-4 sm:p-5">
              <section aria-labelledby={`section-${section.key}`}>
                <div className="flex items-baseline justify-between gap-2">
                  <h3 id={`section-${section.key}`} className="text-lg font-semibold">
                    {section.title}
                  </h3>
                  <span className="text-sm tabular-nums text-muted-foreground">
                    {formatScore(part?.percent ?? null)}
                  </span>
                </div>
                <ul>
                  {section.items.map((item) => (
                    <ItemAnswer
                      key={item.key}
                      inspectionId={inspection.id}
                      item={item}
                      answer={answers.get(item.key)}
                      pending={queue.pending[item.key]}
                      readOnly={finished}
                      missingReason={showMissing ? (missingByKey.get(item.key) ?? null) : null}
                      onAnswer={(input) => queue.answer(item.key, input)}
                    />
                  ))}
                </ul>
              </section>
            </Card>
          );
        })}
        <NotesCard inspection={inspection} readOnly={finished} />
        {finished && !manages ? <Findings inspection={inspection} /> : null}
      </div>

      {finished ? null : (
        <div className="fixed inset-x-0 bottom-0 z-20 border-t bg-background/95 p-3 backdrop-blur md:sticky md:mt-6 md:rounded-lg md:border">
          {/* Beside the thumb, where it is seen whatever part of the list is on screen. */}
          {queue.offline && queue.unsavedCount > 0 ? (
            <Alert
              tone="warning"
              className="mx-auto mb-2 flex max-w-3xl flex-wrap items-center gap-2 bg-background"
            >
              <CloudOff aria-hidden="true" className="size-4" />
              <span className="flex-1">
                {queue.unsavedCount === 1
                  ? '1 answer not saved yet — retrying'
                  : `${queue.unsavedCount} answers not saved yet — retrying`}
                . They are kept on this device.
              </span>
              <Button size="sm" variant="outline" onClick={queue.retryNow}>
                Retry now
              </Button>
            </Alert>
          ) : null}
          <div className="mx-auto flex max-w-3xl items-center gap-3">
            <p className="min-w-0 flex-1 text-sm">
              <span className="font-semibold">{formatScore(score.overall.percent)}</span>
              <span className="text-muted-foreground">
                {' '}
                · {missing.length === 0 ? 'ready to finish' : `${missing.length} to do`}
              </span>
            </p>
            <Button className="h-12 px-6 text-base" onClick={onFinish}>
              Finish inspection
            </Button>
          </div>
        </div>
      )}
      <FinishDialog
        open={signing}
        onOpenChange={setSigning}
        inspectionId={inspection.id}
        defaultName={user.name}
        onFinished={() => toast.success('Inspection finished')}
      />
    </div>
  );
}

/** /inspections/:id: fill in the checklist on a phone, then the finished report. */
export function InspectionPage() {
  const { id = '' } = useParams();
  const inspection = useInspection(id);
  if (inspection.isPending) return <PageLoading />;
  if (inspection.isError) {
    const status = isApiError(inspection.error) ? inspection.error.status : 0;
    return (
      <>
        <h1 className="sr-only">Inspection</h1>
        {status === 404 || status === 400 ? (
          <EmptyState
            icon={FileQuestion}
            title="Inspection not found"
            actions={
              <Button asChild>
                <Link to="/inspections">Back to inspections</Link>
              </Button>
            }
          >
            This inspection does not exist in this business account, or it is not yours to see.
          </EmptyState>
        ) : (
          <LoadErrorAlert
            title="Could not load this inspection"
            error={inspection.error}
            onRetry={() => void inspection.refetch()}
          />
        )}
      </>
    );
  }
  return <Inspect inspection={inspection.data} />;
}
