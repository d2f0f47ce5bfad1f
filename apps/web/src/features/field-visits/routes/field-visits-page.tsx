import type { FieldVisit } from '@crewdesk/domain';
import { CalendarCheck, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { useFieldVisits } from '@/entities/field-visit/api/field-visits-context';
import { visitOnPhone } from '@/entities/field-visit/model/queued-change';
import { formatLocalDay, formatLocalEnd, formatLocalTime } from '@/entities/job/model/job-text';
import { JobStatusBadge } from '@/entities/job/ui/job-status-badge';
import { FieldVisitStates } from '../components/field-visit-states';
import { SyncNotices } from '../components/sync-notices';

function VisitRow({ visit }: { visit: FieldVisit }) {
  const { queue } = useFieldVisits();
  const shown = visitOnPhone(visit, queue);
  const ticked = shown.checklist.filter((item) => item.done).length;
  return (
    <li>
      <Card className="relative p-4 focus-within:ring-2 focus-within:ring-ring">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="font-semibold tabular-nums">
              {shown.localStartsAt
                ? `${formatLocalTime(shown.localStartsAt)} – ${formatLocalEnd(shown.localStartsAt, shown.durationMinutes)}`
                : 'Any time'}
            </p>
            <h3 className="mt-0.5 break-words font-medium">
              <Link
                to={`/visits/${shown.id}`}
                className="after:absolute after:inset-0 focus-visible:outline-none"
              >
                {shown.title}
              </Link>
            </h3>
            {shown.customerName ? <p className="mt-1 text-sm">{shown.customerName}</p> : null}
            {shown.address ? (
              <p className="break-words text-sm text-muted-foreground">{shown.address}</p>
            ) : null}
            <p className="mt-1 text-sm text-muted-foreground">
              {shown.checklist.length > 0
                ? `Checklist ${ticked} of ${shown.checklist.length}`
                : 'No checklist'}
              {shown.waiting > 0 ? ` · ${shown.waiting} waiting to be sent` : ''}
            </p>
          </div>
          <div className="flex shrink-0 flex-col items-end gap-2">
            <JobStatusBadge status={shown.status} />
            <ChevronRight className="size-5 text-muted-foreground" aria-hidden="true" />
          </div>
        </div>
      </Card>
    </li>
  );
}

function DayOfVisits({ date, visits }: { date: string; visits: FieldVisit[] }) {
  const headingId = `day-${date}`;
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-lg font-semibold">
        {formatLocalDay(date)}
      </h2>
      {visits.length === 0 ? (
        <p className="text-sm text-muted-foreground">No visits.</p>
      ) : (
        <ul className="space-y-3">
          {visits.map((visit) => (
            <VisitRow key={visit.id} visit={visit} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** Today's and tomorrow's visits, from the phone's copy when there is no signal. */
export function FieldVisitsPage() {
  const { load, pack } = useFieldVisits();
  if (load !== 'ready' || !pack) return <FieldVisitStates />;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">My visits</h1>
      <SyncNotices />
      {pack.visits.length === 0 ? (
        <EmptyState icon={CalendarCheck} title="No visits today or tomorrow">
          When the office puts you on a visit, it appears here and is kept on this phone.
        </EmptyState>
      ) : (
        pack.dates.map((date) => (
          <DayOfVisits
            key={date}
            date={date}
            visits={pack.visits.filter((v) => v.localStartsAt?.startsWith(date))}
          />
        ))
      )}
    </div>
  );
}
