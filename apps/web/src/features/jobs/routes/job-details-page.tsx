import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  customerLabel,
  INVOICES_ROUTE_ROLES,
  isRoleAllowed,
  NOT_YOUR_VISIT_MESSAGE,
  type JobDetail,
  type JobStatus,
  type SeriesScope,
  PROOF_LINK_ROLES,
  VAULT_CREW_ROLES,
} from '@crewdesk/domain';
import {
  CalendarX,
  FileQuestion,
  Mail,
  MapPin,
  Pencil,
  Phone,
  Repeat,
  SkipForward,
  Trash2,
} from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { VisitInspectionAction } from '@/entities/inspection/ui/visit-inspection-action';
import { deleteJob } from '@/entities/job/api/job-api';
import { jobQueryKey, refreshVisitQueries } from '@/entities/job/api/job-keys';
import { FREQUENCY_LABELS } from '@/entities/job/model/job-labels';
import { JobScheduleDialog } from '@/entities/job/ui/job-schedule-dialog';
import { SeriesScopeDialog } from '@/entities/job/ui/series-scope-dialog';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CreateInvoiceButton, ViewInvoiceLink } from '@/entities/invoice/ui/create-invoice-button';
import { LocationMap } from '@/entities/location/ui/location-map';
import { EmptyState } from '@/components/ui/empty-state';
import { PageLoading } from '@/components/ui/page-loading';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useSession } from '@/lib/session/session-context';
import { useVisitTimerPunch } from '@/entities/time/api/punch-queue';
import { teamMemberName } from '@/entities/team-member/model/team-member';
import { useChangeJobStatus } from '../api/change-status';
import { useEndSeries } from '../api/end-series';
import { useJob } from '../api/get-job';
import { useSkipVisit } from '../api/skip-visit';
import { AssigneesEditor } from '../components/job-assignees';
import { LineItemsSection } from '../components/job-line-items';
import { MaterialsSection } from '../components/materials-section';
import { NavigateButton } from '@/entities/job/ui/navigate-button';
import { JobStatusBadge } from '@/entities/job/ui/job-status-badge';
import {
  ChecklistSection,
  Detail,
  detailListClass,
  HistorySection,
  NotesSection,
  PhotosSection,
  PriceSection,
  Section,
  StatusTimesSection,
} from '../components/job-sections';
import { statusActionsFor, StatusActions } from '../components/status-actions';
import {
  formatLocalDay,
  formatLocalEnd,
  formatLocalTime,
  telUrl,
  typeLabel,
} from '@/entities/job/model/job-text';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { VisitAccessSection } from '@/entities/access-code/ui/visit-access-section';
import { VisitProofSection } from '@/entities/visit-proof/ui/visit-proof-section';
import { BackLink } from '@/components/back-link';

function ClientSection({ job }: { job: JobDetail }) {
  const customer = job.customer;
  return (
    <Section title="Client">
      {customer ? (
        <>
          <p className="break-words font-medium">{customerLabel(customer)}</p>
          <div className="mt-3 grid gap-2 sm:grid-cols-2">
            {customer.phone ? (
              <Button variant="outline" className="h-12 min-w-0 justify-start sm:h-10" asChild>
                <a href={telUrl(customer.phone)} aria-label={`Call ${customer.phone}`}>
                  <Phone aria-hidden="true" />
                  <span className="truncate">{customer.phone}</span>
                </a>
              </Button>
            ) : null}
            {customer.email ? (
              <Button variant="outline" className="h-12 min-w-0 justify-start sm:h-10" asChild>
                <a href={`mailto:${customer.email}`} aria-label={`E-mail ${customer.email}`}>
                  <Mail aria-hidden="true" />
                  <span className="truncate">{customer.email}</span>
                </a>
              </Button>
            ) : null}
          </div>
          {!customer.phone && !customer.email ? (
            <p className="mt-1 text-sm text-muted-foreground">No phone or e-mail on file.</p>
          ) : null}
        </>
      ) : (
        <p className="text-sm text-muted-foreground">No client for this {job.kind}.</p>
      )}
    </Section>
  );
}

function LocationSection({ job }: { job: JobDetail }) {
  return (
    <Section title="Location">
      {job.location ? (
        <>
          <p className="flex items-start gap-2 break-words text-sm">
            <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
            {job.location}
          </p>
          <NavigateButton location={job.location} className="mt-3 h-12 w-full sm:h-10 sm:w-auto" />
        </>
      ) : (
        <p className="text-sm text-muted-foreground">No location.</p>
      )}
      <LocationMap
        latitude={job.latitude}
        longitude={job.longitude}
        label={job.location}
        className="mt-3"
      />
    </Section>
  );
}

function ScheduleSection({ job }: { job: JobDetail }) {
  const start = job.localStartsAt;
  return (
    <Section title="Schedule">
      <dl className={detailListClass}>
        <Detail label="Date">{start ? formatLocalDay(start) : 'Not scheduled'}</Detail>
        <Detail label="Time">
          {start ? `${formatLocalTime(start)} – ${formatLocalEnd(start, job.durationMinutes)}` : ''}
        </Detail>
        <Detail label="Duration">{`${job.durationMinutes} min`}</Detail>
        {job.canEdit ? null : (
          <Detail label="Assignees">
            {job.assignees.length === 0
              ? 'Unassigned'
              : job.assignees.map(teamMemberName).join(', ')}
          </Detail>
        )}
        {job.kind === 'job' ? <Detail label="Type">{typeLabel(job.type)}</Detail> : null}
        <Detail label="Frequency">{FREQUENCY_LABELS[job.frequency]}</Detail>
      </dl>
      {/* A dispatcher changes the team here: the full width leaves room for the picker. */}
      {job.canEdit ? <AssigneesEditor job={job} className="mt-4 border-t pt-4" /> : null}
    </Section>
  );
}

function SeriesSection({ job }: { job: JobDetail }) {
  const skip = useSkipVisit();
  const endSeries = useEndSeries();
  const [confirm, setConfirm] = useState<'skip' | 'end' | null>(null);
  if (!job.seriesId) return null;
  const pending = skip.isPending || endSeries.isPending;
  const onError = (error: unknown) =>
    toast.error('Error', { description: errorMessage(error, 'Could not change the series.') });
  const ended = job.series?.untilDate
    ? `Ends after ${formatLocalDay(job.series.untilDate)}.`
    : 'Repeats with no end date.';
  return (
    <Section title="Series">
      <p className="flex items-center gap-2 text-sm">
        <Repeat aria-hidden="true" className="size-4 text-muted-foreground" />
        {FREQUENCY_LABELS[job.frequency]} visits. {ended}
      </p>
      {job.canEdit ? (
        <div className="mt-3 grid gap-2 sm:flex">
          <Button
            variant="outline"
            className="h-11"
            disabled={pending || job.status === 'cancelled'}
            onClick={() => setConfirm('skip')}
          >
            <SkipForward aria-hidden="true" />
            Skip this visit
          </Button>
          <Button
            variant="outline"
            className="h-11 text-destructive"
            disabled={pending}
            onClick={() => setConfirm('end')}
          >
            <CalendarX aria-hidden="true" />
            End series
          </Button>
        </div>
      ) : null}
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => {
          if (!open && !pending) setConfirm(null);
        }}
        title={confirm === 'end' ? 'End this series?' : 'Skip this visit?'}
        description={
          confirm === 'end'
            ? 'No visits of the series are planned after this one; later visits are removed.'
            : 'This visit is cancelled; the rest of the series stays planned.'
        }
        cancelLabel="Go back"
        confirmLabel={pending ? 'Saving...' : confirm === 'end' ? 'End series' : 'Skip visit'}
        destructive={confirm === 'end'}
        pending={pending}
        onConfirm={() => {
          const options = {
            onSuccess: () => {
              toast.success(confirm === 'end' ? 'Series ended' : 'Visit skipped');
              setConfirm(null);
            },
            onError,
          };
          if (confirm === 'end') endSeries.mutate({ id: job.id }, options);
          else skip.mutate({ id: job.id }, options);
        }}
      />
    </Section>
  );
}

/** A completed job is billed in one click; once billed, its invoice opens instead. */
function InvoiceAction({ job }: { job: JobDetail }) {
  const { role, activeAccountId } = useSession();
  if (job.kind !== 'job' || !isRoleAllowed(role, activeAccountId, INVOICES_ROUTE_ROLES))
    return null;
  if (job.invoiceId)
    return (
      <ViewInvoiceLink invoiceId={job.invoiceId} className="mb-4 h-11 w-full sm:h-10 sm:w-auto" />
    );
  if (job.status !== 'completed') return null;
  return (
    <CreateInvoiceButton
      source={{ kind: 'job', id: job.id }}
      className="mb-4 h-11 w-full sm:h-10 sm:w-auto"
    />
  );
}

function JobDetails({ job }: { job: JobDetail }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const changeStatus = useChangeJobStatus();
  const punchVisitTimer = useVisitTimerPunch();
  const { user, role, activeAccountId } = useSession();
  const showsProof =
    job.status === 'completed' && isRoleAllowed(role, activeAccountId, PROOF_LINK_ROLES);
  const showsAccess =
    job.customer !== null && isRoleAllowed(role, activeAccountId, VAULT_CREW_ROLES);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState<'confirm' | 'scope' | null>(null);
  const listPath = job.kind === 'task' ? '/tasks' : '/jobs';
  const noun = job.kind === 'task' ? 'task' : 'visit';
  const readOnly = !job.canWork && !job.canEdit;
  // A dispatcher edits the lines of a job (or of a task that has some) in their own section.
  const editsLines = job.canEdit && (job.kind === 'job' || job.lineItems.length > 0);
  const actions = statusActionsFor(job.status, { canWork: job.canWork, canEdit: job.canEdit });

  const remove = useMutation({
    mutationFn: (scope: SeriesScope | null) => deleteJob(job.id, scope),
    onSuccess: async () => {
      toast.success(job.kind === 'task' ? 'Task deleted' : 'Job deleted', {
        description: job.title,
      });
      setDeleting(null);
      await queryClient.cancelQueries({ queryKey: jobQueryKey(job.id) });
      queryClient.removeQueries({ queryKey: jobQueryKey(job.id) });
      void navigate(listPath, { replace: true });
      await refreshVisitQueries(queryClient);
    },
    onError: (error) =>
      toast.error('Error', { description: errorMessage(error, `Could not delete the ${noun}.`) }),
  });

  function onStatus(status: JobStatus) {
    changeStatus.mutate(
      { id: job.id, status },
      {
        // An assignee's own step times their visit; a dispatcher's change from the office does not.
        onSuccess: () => {
          if (job.assignees.some((person) => person.userId === user.id)) {
            punchVisitTimer(status, job.id);
          }
        },
        onError: (error) =>
          toast.error('Error', {
            description: errorMessage(error, 'Could not change the status.'),
          }),
      },
    );
  }

  return (
    <>
      <BackLink to={listPath}>Back to {job.kind === 'task' ? 'tasks' : 'jobs'}</BackLink>
      <div className="mb-4">
        <h1 className="break-words text-2xl font-semibold tracking-tight">{job.title}</h1>
        <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <JobStatusBadge status={job.status} />
          {job.localStartsAt ? (
            <span>
              {formatLocalDay(job.localStartsAt)} · {formatLocalTime(job.localStartsAt)}
            </span>
          ) : (
            <span>Not scheduled</span>
          )}
          {job.recurring ? (
            <span className="inline-flex items-center gap-1">
              <Repeat aria-hidden="true" className="size-3.5" />
              {FREQUENCY_LABELS[job.frequency]}
            </span>
          ) : null}
        </div>
      </div>

      <InvoiceAction job={job} />
      {job.status !== 'cancelled' && job.kind === 'job' && (job.canWork || job.canEdit) ? (
        <VisitInspectionAction jobId={job.id} primary={job.type === 'inspection'} />
      ) : null}
      {readOnly ? (
        <Alert tone="warning" className="mb-4">
          {NOT_YOUR_VISIT_MESSAGE}
        </Alert>
      ) : (
        <StatusActions
          className="mb-4"
          actions={actions}
          pending={changeStatus.isPending ? changeStatus.variables.status : null}
          onChoose={onStatus}
        />
      )}

      {job.canEdit ? (
        <div role="toolbar" aria-label="Actions" className="mb-4 grid grid-cols-2 gap-2 sm:flex">
          <Button variant="outline" className="h-11 sm:h-10" onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" />
            Edit
          </Button>
          <Button
            variant="outline"
            className="h-11 text-destructive sm:h-10"
            onClick={() => setDeleting(job.seriesId ? 'scope' : 'confirm')}
            disabled={remove.isPending}
          >
            <Trash2 aria-hidden="true" />
            {remove.isPending ? 'Deleting...' : 'Delete'}
          </Button>
        </div>
      ) : null}

      <div className="grid gap-4 lg:grid-cols-[3fr_2fr]">
        <div className="min-w-0 space-y-4">
          <ClientSection job={job} />
          <LocationSection job={job} />
          {showsAccess ? <VisitAccessSection jobId={job.id} /> : null}
          <ScheduleSection job={job} />
          {editsLines ? <LineItemsSection job={job} /> : null}
          <ChecklistSection job={job} canWork={job.canWork} />
          {job.status === 'cancelled' ? null : <MaterialsSection job={job} />}
          <PhotosSection job={job} canWork={job.canWork} />
          <NotesSection job={job} canWork={job.canWork} />
        </div>
        <div className="min-w-0 space-y-4">
          <StatusTimesSection job={job} />
          {showsProof ? <VisitProofSection jobId={job.id} /> : null}
          {job.kind === 'job' || job.priceCents > 0 || job.request ? (
            <PriceSection job={job} showLines={!editsLines} />
          ) : null}
          <SeriesSection job={job} />
          <HistorySection job={job} />
        </div>
      </div>

      {job.canEdit ? (
        <JobScheduleDialog
          open={editing}
          onOpenChange={setEditing}
          job={job}
          onSaved={(saved) => {
            if (saved.id !== job.id) void navigate(`${listPath}/${saved.id}`);
          }}
          onDeleted={() => void navigate(listPath, { replace: true })}
        />
      ) : null}
      <ConfirmDialog
        open={deleting === 'confirm'}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setDeleting(null);
        }}
        title={`Delete this ${noun}?`}
        description="It is removed from the schedule with its checklist, photos and history."
        cancelLabel={`Keep ${noun}`}
        confirmLabel={remove.isPending ? 'Deleting...' : 'Delete'}
        destructive
        pending={remove.isPending}
        onConfirm={() => remove.mutate(null)}
      />
      <SeriesScopeDialog
        action={deleting === 'scope' ? 'delete' : null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        onChoose={(scope) => {
          setDeleting(null);
          remove.mutate(scope);
        }}
      />
    </>
  );
}

/** Spec section 2: /jobs/{id} and /tasks/{id} share this page. */
export function JobDetailsPage() {
  const { id = '' } = useParams();
  const { pathname } = useLocation();
  const job = useJob(id);
  const isTask = pathname.startsWith('/tasks');

  if (job.isPending) return <PageLoading />;
  if (job.isError) {
    const status = isApiError(job.error) ? job.error.status : 0;
    if (status === 404 || status === 400) {
      return (
        <>
          <h1 className="sr-only">{isTask ? 'Task Details' : 'Job Details'}</h1>
          <EmptyState
            icon={FileQuestion}
            title={isTask ? 'Task not found' : 'Job not found'}
            actions={
              <Button asChild>
                <Link to={isTask ? '/tasks' : '/jobs'}>Back to {isTask ? 'tasks' : 'jobs'}</Link>
              </Button>
            }
          >
            This {isTask ? 'task' : 'job'} does not exist in this business account. It may have been
            deleted.
          </EmptyState>
        </>
      );
    }
    return (
      <>
        <h1 className="sr-only">{isTask ? 'Task Details' : 'Job Details'}</h1>
        <LoadErrorAlert
          title={`Could not load this ${isTask ? 'task' : 'job'}`}
          error={job.error}
          onRetry={() => void job.refetch()}
        />
      </>
    );
  }
  return <JobDetails job={job.data} />;
}
