import type { JobStatus, VisitSummary } from '@crewdesk/domain';
import { CalendarCheck, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageLoading } from '@/components/ui/page-loading';
import { errorMessage } from '@/lib/api-client';
import { useChangeJobStatus } from '../api/change-status';
import { useMyVisits } from '../api/get-my-visits';
import { formatLocalDay, formatLocalEnd, formatLocalTime } from '@/entities/job/model/job-text';
import { CallAndNavigate } from '@/entities/job/ui/call-and-navigate';
import { JobStatusBadge } from '@/entities/job/ui/job-status-badge';
import { jobPath } from '@/entities/job/ui/jobs-table';
import { statusActionsFor, StatusActions } from './status-actions';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { useVisitTimerPunch } from '@/entities/time/api/punch-queue';

function VisitCard({
  visit,
  pending,
  onStatus,
}: {
  visit: VisitSummary;
  pending: JobStatus | null;
  onStatus: (status: JobStatus) => void;
}) {
  const actions = statusActionsFor(visit.status, { canWork: true, canEdit: false }).slice(0, 1);
  const headingId = `visit-${visit.id}`;
  return (
    <li>
      <Card className="p-4" aria-labelledby={headingId} role="article">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="text-lg font-semibold tabular-nums">
              {visit.localStartsAt ? (
                <time dateTime={visit.localStartsAt}>
                  {formatLocalTime(visit.localStartsAt)}
                  <span className="text-sm font-normal text-muted-foreground">
                    {' '}
                    – {formatLocalEnd(visit.localStartsAt, visit.durationMinutes)}
                  </span>
                </time>
              ) : (
                'Any time'
              )}
            </p>
            <h3 id={headingId} className="mt-0.5 break-words font-medium">
              <Link to={jobPath(visit)} className="underline-offset-2 hover:underline">
                {visit.title}
              </Link>
            </h3>
          </div>
          <JobStatusBadge status={visit.status} className="shrink-0" />
        </div>
        {visit.customerName ? <p className="mt-2 text-sm">{visit.customerName}</p> : null}
        {visit.location ? (
          <p className="mt-0.5 break-words text-sm text-muted-foreground">{visit.location}</p>
        ) : null}
        <CallAndNavigate
          className="mt-3"
          customerName={visit.customerName}
          customerPhone={visit.customerPhone}
          address={visit.location}
        />
        {actions.length > 0 ? (
          <StatusActions className="mt-2" actions={actions} pending={pending} onChoose={onStatus} />
        ) : (
          <Button variant="ghost" className="mt-2 w-full" asChild>
            <Link to={jobPath(visit)}>
              Open visit
              <ChevronRight aria-hidden="true" />
            </Link>
          </Button>
        )}
      </Card>
    </li>
  );
}

/** A team member's day: their visits of today in time order, with one-tap call and directions. */
export function MyVisitsToday() {
  const visits = useMyVisits();
  const changeStatus = useChangeJobStatus();
  const punchVisitTimer = useVisitTimerPunch();
  const [pending, setPending] = useState<{ id: string; status: JobStatus } | null>(null);

  function onStatus(visit: VisitSummary, status: JobStatus) {
    setPending({ id: visit.id, status });
    changeStatus.mutate(
      { id: visit.id, status },
      {
        // These are the person's own visits: each step also times it (entities/time).
        onSuccess: () => punchVisitTimer(status, visit.id),
        onError: (error) =>
          toast.error('Error', {
            description: errorMessage(error, 'Could not change the status.'),
          }),
        onSettled: () => setPending(null),
      },
    );
  }

  return (
    <section aria-labelledby="my-visits-heading" className="mb-8">
      <div className="mb-3 flex items-baseline justify-between gap-2">
        <h2 id="my-visits-heading" className="text-lg font-semibold">
          My visits today
        </h2>
        {visits.data ? (
          <span className="text-sm text-muted-foreground">{formatLocalDay(visits.data.date)}</span>
        ) : null}
      </div>
      {visits.isPending ? (
        <PageLoading className="p-6" />
      ) : visits.isError ? (
        <LoadErrorAlert
          title="Could not load your visits"
          error={visits.error}
          onRetry={() => void visits.refetch()}
          fallback="Try again in a moment."
        />
      ) : visits.data.visits.length === 0 ? (
        <div className="flex items-center gap-3 rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
          <CalendarCheck aria-hidden="true" className="size-5 shrink-0 text-primary" />
          No visits for you today.
        </div>
      ) : (
        <ol className="grid gap-3 md:grid-cols-2 xl:grid-cols-3" aria-label="My visits today">
          {visits.data.visits.map((visit) => (
            <VisitCard
              key={visit.id}
              visit={visit}
              pending={pending?.id === visit.id ? pending.status : null}
              onStatus={(status) => onStatus(visit, status)}
            />
          ))}
        </ol>
      )}
    </section>
  );
}
