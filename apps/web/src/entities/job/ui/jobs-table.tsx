import { type JobKind, type VisitSummary } from '@crewdesk/domain';
import { MapPin, Repeat } from 'lucide-react';
import { DataList, type DataColumn } from '@/components/ui/data-list';
import { teamMemberName } from '@/entities/team-member/model/team-member';
import { formatLocalDay, formatLocalTime, typeLabel } from '../model/job-text';
import { jobPath } from '../model/job-path';
import { JobStatusBadge } from './job-status-badge';
import { formatAmount } from '@/lib/money';

export { jobPath };

function assigneeText(visit: VisitSummary): string {
  return visit.assignees.length === 0
    ? 'Unassigned'
    : visit.assignees.map(teamMemberName).join(', ');
}

function When({ visit }: { visit: VisitSummary }) {
  if (!visit.localStartsAt) return <span className="text-muted-foreground">Not scheduled</span>;
  return (
    <time dateTime={visit.localStartsAt}>
      {formatLocalDay(visit.localStartsAt)}
      <span className="text-muted-foreground"> · {formatLocalTime(visit.localStartsAt)}</span>
    </time>
  );
}

function Title({ visit }: { visit: VisitSummary }) {
  return (
    <>
      <span className="truncate">{visit.title}</span>
      {visit.recurring ? (
        <Repeat aria-label="Recurring" className="size-3.5 shrink-0 text-muted-foreground" />
      ) : null}
    </>
  );
}

const STATUS: DataColumn<VisitSummary> = {
  header: 'Status',
  cell: (v) => <JobStatusBadge status={v.status} />,
};

/** A task has no type or price: its columns stop at the assignee. */
const TASK_COLUMNS: readonly DataColumn<VisitSummary>[] = [
  {
    header: 'Title',
    cell: (v) => <Title visit={v} />,
    className: 'max-w-[16rem]',
    link: 'flex items-center gap-1.5 font-medium text-foreground underline-offset-2 hover:underline',
  },
  { header: 'Client', cell: (v) => v.customerName ?? '—', className: 'max-w-[12rem] truncate' },
  { header: 'When', cell: (v) => <When visit={v} />, className: 'whitespace-nowrap' },
  { header: 'Assignee', cell: assigneeText, className: 'max-w-[10rem] truncate' },
];

const JOB_COLUMNS: readonly DataColumn<VisitSummary>[] = [
  ...TASK_COLUMNS,
  { header: 'Type', cell: (v) => typeLabel(v.type) },
  {
    header: 'Price',
    cell: (v) => formatAmount(v.priceCents),
    className: 'whitespace-nowrap pr-4 font-medium tabular-nums',
    alignEnd: true,
  },
  STATUS,
];

function VisitCard({ visit, isJob }: { visit: VisitSummary; isJob: boolean }) {
  return (
    <>
      <div className="flex items-start justify-between gap-2">
        <span className="truncate font-medium">{visit.title}</span>
        <JobStatusBadge status={visit.status} className="shrink-0" />
      </div>
      <p className="truncate text-muted-foreground">
        {[visit.customerName, assigneeText(visit)].filter(Boolean).join(' · ')}
      </p>
      <p className="text-xs">
        <When visit={visit} />
        {isJob && visit.priceCents > 0 ? (
          <span className="text-muted-foreground"> · {formatAmount(visit.priceCents)}</span>
        ) : null}
      </p>
      {visit.location ? (
        <p className="flex items-center gap-1 truncate text-xs text-muted-foreground">
          <MapPin aria-hidden="true" className="size-3 shrink-0" />
          <span className="truncate">{visit.location}</span>
        </p>
      ) : null}
    </>
  );
}

/** Jobs or tasks, soonest first as the list answers them; the title is the row's link. */
export function JobsTable({
  visits,
  caption,
  kind,
}: {
  visits: readonly VisitSummary[];
  caption: string;
  kind: JobKind;
}) {
  const isJob = kind === 'job';
  return (
    <DataList
      rows={visits}
      rowKey={(v) => v.id}
      rowHref={jobPath}
      columns={isJob ? JOB_COLUMNS : [...TASK_COLUMNS, STATUS]}
      card={(visit) => <VisitCard visit={visit} isJob={isJob} />}
      label={caption}
    />
  );
}
