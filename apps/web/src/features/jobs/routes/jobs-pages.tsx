import { canDispatchJobs, JOBS_HEADER, TASKS_HEADER, type JobKind } from '@crewdesk/domain';
import { Briefcase, ListChecks, Plus, SearchX } from 'lucide-react';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { LazyJobScheduleDialog } from '@/entities/job/ui/lazy-job-schedule-dialog';
import { ListFooter } from '@/components/list-footer';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { PageLoading } from '@/components/ui/page-loading';
import { filtersFromQuery } from '@/lib/query-filters';
import { useSession } from '@/lib/session/session-context';
import { hasJobFilters, NO_JOB_FILTERS, type JobListFilters } from '../api/keys';
import { useJobList } from '../api/list-jobs';
import { JobFilters } from '../components/job-filters';
import { jobPath, JobsTable } from '@/entities/job/ui/jobs-table';
import { MyVisitsToday } from '../components/my-visits';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';

const KIND_TEXT = {
  job: {
    ...JOBS_HEADER,
    plural: 'jobs',
    singular: 'job',
    newLabel: 'New job',
    icon: Briefcase,
    empty:
      'Schedule one-time, weekly, bi-weekly or monthly cleaning, inspection and maintenance jobs, assign them to your team and follow their status.',
    memberEmpty:
      'No jobs are assigned to you yet. Your visits show here once the office plans them.',
  },
  task: {
    ...TASKS_HEADER,
    plural: 'tasks',
    singular: 'task',
    newLabel: 'New task',
    icon: ListChecks,
    empty: 'Add a task for a team member, with a date if it has one. It opens like a job.',
    memberEmpty: 'No tasks are assigned to you.',
  },
} as const;

function VisitList({
  kind,
  filters,
  canCreate,
  onNew,
}: {
  kind: JobKind;
  filters: JobListFilters;
  canCreate: boolean;
  onNew: () => void;
}) {
  const list = useJobList(kind, filters);
  // The rows render in a pass React can interrupt: on a phone, a page of rows and cards drawn at
  // once is a long task that holds up taps. Until that pass, the list shows Loading...
  const data = useDeferredValue(list.data);
  const visits = useMemo(() => data?.pages.flatMap((p) => p.items) ?? [], [data]);
  const firstPage = data?.pages[0];
  const total = firstPage?.total ?? visits.length;
  // Above the server's cap the count is a lower bound: "of 10000+ jobs".
  const totalText = `${total}${firstPage?.totalCapped ? '+' : ''}`;
  const text = KIND_TEXT[kind];

  if (list.isPending || (data === undefined && !list.isError)) return <PageLoading />;
  if (list.isError) {
    return (
      <LoadErrorAlert
        title={`Could not load the ${text.plural}`}
        error={list.error}
        onRetry={() => void list.refetch()}
      />
    );
  }
  if (visits.length === 0) {
    return hasJobFilters(filters) ? (
      <EmptyState icon={SearchX} title={`No matching ${text.plural}`}>
        No {text.singular} matches this search and these filters.
      </EmptyState>
    ) : (
      <EmptyState
        icon={text.icon}
        title={`No ${text.plural} yet`}
        actions={
          canCreate ? (
            <Button onClick={onNew}>
              <Plus aria-hidden="true" />
              {text.newLabel}
            </Button>
          ) : undefined
        }
      >
        {canCreate ? text.empty : text.memberEmpty}
      </EmptyState>
    );
  }
  return (
    <Card className="p-4 sm:p-5" aria-busy={list.isPlaceholderData || undefined}>
      <JobsTable visits={visits} kind={kind} caption={text.title} />
      <ListFooter
        summary={`Showing ${visits.length} of ${totalText} ${total === 1 ? text.singular : text.plural}`}
        hasMore={list.hasNextPage}
        loadingMore={list.isFetchingNextPage}
        onLoadMore={() => void list.fetchNextPage()}
      />
    </Card>
  );
}

function VisitsScreen({
  kind,
  startWithNew = false,
  onNewClosed,
}: {
  kind: JobKind;
  startWithNew?: boolean;
  onNewClosed?: () => void;
}) {
  const { role } = useSession();
  const navigate = useNavigate();
  const canCreate = canDispatchJobs(role);
  // A link (Home's tiles) may name the filters: ?from=&to=&status=&assigneeId=.
  const [params] = useSearchParams();
  const [filters, setFilters] = useState<JobListFilters>(() =>
    filtersFromQuery(NO_JOB_FILTERS, params),
  );
  const [dialogOpen, setDialogOpen] = useState(startWithNew && canCreate);
  const onFiltersChange = useCallback((next: JobListFilters) => setFilters(next), []);
  const text = KIND_TEXT[kind];
  const openNew = () => setDialogOpen(true);

  return (
    <>
      <PageHeader
        title={text.title}
        description={text.description}
        actions={
          canCreate ? (
            <Button onClick={openNew}>
              <Plus aria-hidden="true" />
              {text.newLabel}
            </Button>
          ) : undefined
        }
      />
      {kind === 'job' && !canCreate ? <MyVisitsToday /> : null}
      {kind === 'job' && !canCreate ? (
        <h2 className="mb-3 text-lg font-semibold">All my jobs</h2>
      ) : null}
      <div className="mb-4">
        <JobFilters
          filters={filters}
          onChange={onFiltersChange}
          showType={kind === 'job'}
          showAssignee={canCreate}
        />
      </div>
      <VisitList kind={kind} filters={filters} canCreate={canCreate} onNew={openNew} />
      {canCreate ? (
        <LazyJobScheduleDialog
          open={dialogOpen}
          kind={kind}
          onOpenChange={(open) => {
            setDialogOpen(open);
            if (!open) onNewClosed?.();
          }}
          onSaved={(job) => void navigate(jobPath(job))}
        />
      ) : null}
    </>
  );
}

/** Spec section 2: /jobs. A team member starts with their visits of today. */
export function JobsPage() {
  return <VisitsScreen kind="job" />;
}

/** /tasks: the same list for tasks. */
export function TasksPage() {
  return <VisitsScreen kind="task" />;
}

/**
 * /jobs/new (the Create New menu): the list with the dialog open over it. Closing it goes back to
 * /jobs; saving opens the new job.
 */
export function NewJobPage() {
  const navigate = useNavigate();
  return (
    <VisitsScreen
      kind="job"
      startWithNew
      onNewClosed={() => void navigate('/jobs', { replace: true })}
    />
  );
}
