import { SHARED_INSPECTION_NOT_FOUND_MESSAGE, type SharedInspection } from '@crewdesk/domain';
import { CheckCircle2, FileQuestion } from 'lucide-react';
import { useState, type FormEvent, lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { BusinessHeader } from '@/components/business-header';
import { DownloadPdfLink } from '@/components/public-links';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PageLoading } from '@/components/ui/page-loading';
import { SubmitButton } from '@/components/ui/submit-button';
import { answerText, formatScore } from '@/entities/inspection/model/inspection-text';
import { ScoreBadge } from '@/entities/inspection/ui/inspection-badges';
import { errorMessage, isApiError } from '@/lib/api-client';
import { formatDay, formatInstant } from '@/lib/format';
import { useAcceptFindings, useSharedInspectionReport } from '../api/shared-report';
import { formatAmount, showAmountsIn } from '@/lib/money';
import { showTimesIn } from '@/lib/time-zone';

// Fetched after the document: the way to the hub is not what the client opened the link for.
const HubEntryLink = lazy(() =>
  import('@/entities/client-hub/client-hub').then((module) => ({ default: module.HubEntryLink })),
);

function Sections({ report }: { report: SharedInspection }) {
  return (
    <>
      {report.sections.map((section) => {
        const part = report.score.sections.find((s) => s.key === section.key);
        return (
          <Card key={section.key} className="p-4 sm:p-5">
            <section aria-labelledby={`report-${section.key}`}>
              <div className="flex items-baseline justify-between gap-2">
                <h2 id={`report-${section.key}`} className="text-lg font-semibold">
                  {section.title}
                </h2>
                <span className="text-sm tabular-nums text-muted-foreground">
                  {formatScore(part?.percent ?? null)}
                </span>
              </div>
              <ul className="mt-2 divide-y">
                {section.items.map((item) => (
                  <li key={item.key} className="space-y-1 py-2.5 text-sm">
                    <div className="flex flex-wrap justify-between gap-x-3">
                      <span>{item.label}</span>
                      <span
                        className={
                          item.answer?.failed ? 'font-semibold text-destructive' : 'font-medium'
                        }
                      >
                        {answerText(item.answer, item.unit)}
                      </span>
                    </div>
                    {item.answer?.note ? (
                      <p className="text-muted-foreground">{item.answer.note}</p>
                    ) : null}
                    {item.answer?.photos.length ? (
                      <ul
                        className="flex flex-wrap gap-2 pt-1"
                        aria-label={`Photos of ${item.label}`}
                      >
                        {item.answer.photos.map((photo, index) => (
                          <li key={photo.id}>
                            <a href={photo.url} target="_blank" rel="noreferrer">
                              <img
                                src={photo.url}
                                alt={`${item.label}, photo ${index + 1}`}
                                className="size-24 rounded-md border object-cover"
                              />
                            </a>
                          </li>
                        ))}
                      </ul>
                    ) : null}
                  </li>
                ))}
              </ul>
            </section>
          </Card>
        );
      })}
    </>
  );
}

function Accepted({ report }: { report: SharedInspection }) {
  const accepted = report.accepted;
  if (!accepted) return null;
  const lines = report.findings.filter((f) => accepted.findingIds.includes(f.id));
  return (
    <Alert tone="success">
      <p className="flex items-center gap-2 font-semibold">
        <CheckCircle2 aria-hidden="true" className="size-4" />
        Accepted by {accepted.name} on {formatInstant(accepted.acceptedAt)}
      </p>
      <ul className="mt-2 space-y-1 text-foreground">
        {lines.map((line) => (
          <li key={line.id} className="flex justify-between gap-3">
            <span>{line.description}</span>
            <span className="tabular-nums">{formatAmount(line.priceCents)}</span>
          </li>
        ))}
      </ul>
      <p className="mt-2 flex justify-between gap-3 border-t pt-2 font-semibold text-foreground">
        <span>Total</span>
        <span className="tabular-nums">{formatAmount(accepted.amountCents)}</span>
      </p>
      <p className="mt-2 text-foreground">
        {report.business.name} has your acceptance and will be in touch to schedule the work.
      </p>
    </Alert>
  );
}

function ChooseFindings({ report, token }: { report: SharedInspection; token: string }) {
  const accept = useAcceptFindings(token);
  const [ticked, setTicked] = useState<string[]>([]);
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const total = report.findings
    .filter((f) => ticked.includes(f.id))
    .reduce((sum, f) => sum + f.priceCents, 0);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (ticked.length === 0) return setProblem('Tick at least one finding.');
    if (name.trim().length < 2) return setProblem('Type your full name to accept.');
    setProblem(null);
    // In the report's order, whatever order they were ticked in.
    const findingIds = report.findings.filter((f) => ticked.includes(f.id)).map((f) => f.id);
    accept.mutate({ findingIds, name: name.trim() });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <fieldset>
        <legend className="text-sm text-muted-foreground">
          Tick what you would like {report.business.name} to fix.
        </legend>
        <ul className="mt-2 divide-y">
          {report.findings.map((finding) => (
            <li key={finding.id}>
              <label className="flex min-h-12 cursor-pointer items-center gap-3 py-2 text-sm">
                <input
                  type="checkbox"
                  className="size-5 shrink-0"
                  checked={ticked.includes(finding.id)}
                  onChange={(e) =>
                    setTicked((current) =>
                      e.target.checked
                        ? [...current, finding.id]
                        : current.filter((id) => id !== finding.id),
                    )
                  }
                />
                <span className="min-w-0 flex-1">
                  {finding.description}
                  <span className="block text-xs text-muted-foreground">
                    {finding.sectionTitle} · {finding.itemLabel}
                  </span>
                </span>
                <span className="tabular-nums">{formatAmount(finding.priceCents)}</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <p className="flex justify-between border-t pt-3 text-base font-semibold" aria-live="polite">
        <span>Total</span>
        <span className="tabular-nums" data-testid="findings-total">
          {formatAmount(total)}
        </span>
      </p>
      <FormField label="Your full name" hint="Typing your name signs your acceptance.">
        <Input
          value={name}
          autoComplete="name"
          className="h-12 text-base"
          onChange={(e) => setName(e.target.value)}
        />
      </FormField>
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      {accept.isError ? (
        <Alert tone="error">
          {errorMessage(accept.error, 'Your acceptance could not be sent.')}
        </Alert>
      ) : null}
      <SubmitButton
        pending={accept.isPending}
        pendingLabel="Sending..."
        className="h-12 w-full text-base sm:w-auto"
      >
        Accept and sign
      </SubmitButton>
    </form>
  );
}

/**
 * /inspection-report/{token}: an inspection report a business shared, opened by its client
 * without signing in. The client may tick findings, sign with their name, and so accept a quote
 * for exactly those lines. Only what the client may see reaches this page.
 */
export function SharedInspectionReportPage() {
  const { token = '' } = useParams();
  const query = useSharedInspectionReport(token);

  if (query.isPending) return <PageLoading />;
  if (query.isError) {
    if (isApiError(query.error) && (query.error.status === 404 || query.error.status === 400)) {
      return (
        <EmptyState icon={FileQuestion} title="Report not found">
          {SHARED_INSPECTION_NOT_FOUND_MESSAGE}
        </EmptyState>
      );
    }
    return (
      <Alert tone="error">
        {errorMessage(query.error, 'This report could not be loaded. Please try again.')}
      </Alert>
    );
  }

  const report = query.data;
  showAmountsIn(report.business.currency, report.business.locale);
  showTimesIn(report.business.timeZone);
  const { overall } = report.score;
  return (
    <article
      className="mx-auto max-w-3xl space-y-5"
      aria-label={`Inspection report from ${report.business.name}`}
    >
      <BusinessHeader business={report.business} />
      <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="text-sm font-medium text-primary">Inspection report</p>
          <h1 className="text-2xl font-semibold">{report.templateName}</h1>
          <p className="text-sm text-muted-foreground">
            {[
              report.contactName ? `Prepared for ${report.contactName}` : null,
              report.siteAddress || null,
              formatDay(report.finishedAt ?? report.startedAt),
              report.inspectorName ? `Inspector: ${report.inspectorName}` : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        </div>
        <DownloadPdfLink href={report.pdfUrl} />
      </header>

      <Card className="p-4 sm:p-5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-semibold">Score</h2>
          <ScoreBadge percent={overall.percent} passed={overall.passed} className="text-sm" />
        </div>
        <p className="mt-1 text-sm text-muted-foreground">
          Pass mark {overall.passMarkPercent}% · {overall.failedCount}{' '}
          {overall.failedCount === 1 ? 'item' : 'items'} failed
          {report.signatureName ? ` · Signed by ${report.signatureName}` : ''}
        </p>
      </Card>

      <Sections report={report} />

      {report.notes ? (
        <Card className="p-4 sm:p-5">
          <h2 className="text-lg font-semibold">Notes</h2>
          <p className="mt-1 whitespace-pre-wrap text-sm">{report.notes}</p>
        </Card>
      ) : null}

      {report.findings.length > 0 ? (
        <Card className="p-4 sm:p-5">
          <section aria-labelledby="report-findings" className="space-y-3">
            <h2 id="report-findings" className="text-lg font-semibold">
              {report.accepted ? 'Accepted work' : 'Findings we can fix'}
            </h2>
            {report.accepted ? (
              <Accepted report={report} />
            ) : (
              <ChooseFindings report={report} token={token} />
            )}
          </section>
        </Card>
      ) : null}
      <Suspense fallback={null}>
        <HubEntryLink token={token} />
      </Suspense>
    </article>
  );
}
