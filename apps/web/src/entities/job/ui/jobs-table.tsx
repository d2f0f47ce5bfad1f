import { formatUsd, type JobKind, type VisitSummary } from '@crewdesk/domain';
import { ChevronRight, MapPin, Repeat } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { teamMemberName } from '@/entities/team-member/model/team-member';
import { formatLocalDay, formatLocalTime, typeLabel } from '../model/job-text';
import { JobStatusBadge } from './job-status-badge';

export function jobPath(visit: Pick<VisitSummary, 'id' | 'kind'>): string {
  return `/${visit.kind === 'task' ? 'tasks' : 'jobs'}/${visit.id}`;
}

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

/**
 * A table on wide screens (a click anywhere on a row opens it; the title link is the keyboard
 * way in), one card per visit on phones.
 */
export function JobsTable({
  visits,
  caption,
  kind,
}: {
  visits: readonly VisitSummary[];
  caption: string;
  kind: JobKind;
}) {
  const navigate = useNavigate();
  const isJob = kind === 'job';
  const headings = isJob
    ? ['Title', 'Client', 'When', 'Assignee', 'Type', 'Price', 'Status']
    : ['Title', 'Client', 'When', 'Assignee', 'Status'];
  return (
    <>
      <table className="hidden w-full text-left text-sm md:table">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b text-xs text-muted-foreground">
          <tr>
            {headings.map((h) => (
              <th
                key={h}
                scope="col"
                className={
                  h === 'Price' ? 'py-2 pr-4 text-right font-medium' : 'py-2 pr-3 font-medium'
                }
              >
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">
          {visits.map((visit) => (
            <tr
              key={visit.id}
              onClick={() => void navigate(jobPath(visit))}
              className="cursor-pointer align-middle hover:bg-muted/60"
            >
              <td className="max-w-[16rem] py-2.5 pr-3">
                <Link
                  to={jobPath(visit)}
                  onClick={(event) => event.stopPropagation()}
                  className="flex items-center gap-1.5 font-medium text-foreground underline-offset-2 hover:underline"
                >
                  <span className="truncate">{visit.title}</span>
                  {visit.recurring ? (
                    <Repeat
                      aria-label="Recurring"
                      className="size-3.5 shrink-0 text-muted-foreground"
                    />
                  ) : null}
                </Link>
              </td>
              <td className="max-w-[12rem] truncate py-2.5 pr-3">{visit.customerName ?? '—'}</td>
              <td className="whitespace-nowrap py-2.5 pr-3">
                <When visit={visit} />
              </td>
              <td className="max-w-[10rem] truncate py-2.5 pr-3">{assigneeText(visit)}</td>
              {isJob ? (
                <>
                  <td className="py-2.5 pr-3">{typeLabel(visit.type)}</td>
                  <td className="whitespace-nowrap py-2.5 pr-4 text-right font-medium tabular-nums">
                    {formatUsd(visit.priceCents)}
                  </td>
                </>
              ) : null}
              <td className="py-2.5 pr-3">
                <JobStatusBadge status={visit.status} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="divide-y md:hidden" aria-label={caption}>
        {visits.map((visit) => (
          <li key={visit.id}>
            <Link
              to={jobPath(visit)}
              className="flex min-h-16 items-center gap-3 py-3 text-sm focus-visible:outline-offset-0"
            >
              <div className="min-w-0 flex-1 space-y-1">
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
                    <span className="text-muted-foreground"> · {formatUsd(visit.priceCents)}</span>
                  ) : null}
                </p>
                {visit.location ? (
                  <p className="flex items-center gap-1 truncate text-xs text-muted-foreground">
                    <MapPin aria-hidden="true" className="size-3 shrink-0" />
                    <span className="truncate">{visit.location}</span>
                  </p>
                ) : null}
              </div>
              <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
