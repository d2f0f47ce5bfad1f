import type { VisitSummary } from '@crewdesk/domain';
import { Bell, Timer } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { formatLocalTime } from '@/entities/job/model/job-text';
import { cn } from '@/lib/cn';
import { dateTimeFormat } from '@/lib/date-time-format';
import { JobStatusBadge } from '@/entities/job/ui/job-status-badge';
import { jobPath } from '@/entities/job/model/job-path';
import { useUnreadCount } from '@/entities/notification/api/notification-api';
import { useTimeStatus } from '@/entities/time/api/time-api';
import { ENTRY_KIND_LABELS, formatElapsed } from '@/entities/time/model/time-format';
import { useMyNextVisits, useMyVisitsToday } from '../api/home-api';
import { Tile, TileGroup } from './tile-group';

/** 'Fri, Nov 27' from a wall-clock 'YYYY-MM-DDTHH:mm:00' (read as UTC, so no zone moves it). */
function shortDay(local: string): string {
  const [y, m, d] = local.slice(0, 10).split('-').map(Number);
  return dateTimeFormat({
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)));
}

function VisitRow({ visit, withDay }: { visit: VisitSummary; withDay: boolean }) {
  return (
    <li>
      <Link
        to={jobPath(visit)}
        className="flex min-h-12 items-center gap-3 rounded-md border p-3 hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
      >
        <span
          className={cn(
            'shrink-0 whitespace-nowrap text-sm tabular-nums',
            withDay ? 'w-24' : 'w-20',
          )}
        >
          {withDay && visit.localStartsAt ? (
            <span className="block text-xs text-muted-foreground">
              {shortDay(visit.localStartsAt)}
            </span>
          ) : null}
          {visit.localStartsAt ? formatLocalTime(visit.localStartsAt) : 'Any time'}
        </span>
        <span className="min-w-0 flex-1">
          <span className="block break-words font-medium">{visit.title}</span>
          {visit.customerName || visit.location ? (
            <span className="block truncate text-xs text-muted-foreground">
              {[visit.customerName, visit.location].filter(Boolean).join(' · ')}
            </span>
          ) : null}
        </span>
        <JobStatusBadge status={visit.status} className="shrink-0" />
      </Link>
    </li>
  );
}

/** The member's visits of today, in time order; each opens its job. */
export function MyVisitsTodayGroup() {
  const visits = useMyVisitsToday(true);
  return (
    <TileGroup
      title="My visits today"
      query={visits}
      action={{ to: '/visits', label: 'Open offline view' }}
    >
      {(data) =>
        data.visits.length === 0 ? (
          <p className="text-sm text-muted-foreground">No visits for you today.</p>
        ) : (
          <ul className="space-y-2" aria-label="My visits today">
            {data.visits.map((visit) => (
              <VisitRow key={visit.id} visit={visit} withDay={false} />
            ))}
          </ul>
        )
      }
    </TileGroup>
  );
}

/** The member's next visits after today (a few, within two weeks). */
export function MyNextVisitsGroup() {
  const visits = useMyNextVisits(true);
  return (
    <TileGroup
      title="My next visits"
      query={visits}
      action={{ to: '/schedule', label: 'Schedule' }}
    >
      {(data) =>
        data.visits.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            Nothing planned for you in the next two weeks.
          </p>
        ) : (
          <ul className="space-y-2" aria-label="My next visits">
            {data.visits.map((visit) => (
              <VisitRow key={visit.id} visit={visit} withDay />
            ))}
          </ul>
        )
      }
    </TileGroup>
  );
}

function Elapsed({ startedAt }: { startedAt: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return <>{formatElapsed(startedAt, now)}</>;
}

/** The running timer (a break over a visit over the shift) and the unread notifications. */
export function MyTimerAndNotificationsGroup() {
  const status = useTimeStatus();
  const unread = useUnreadCount();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TileGroup title="My timer" query={status}>
        {(data) => {
          const current =
            data.running.find((e) => e.kind === 'break') ??
            data.running.find((e) => e.kind === 'visit' || e.kind === 'travel') ??
            data.running.find((e) => e.kind === 'shift');
          return current ? (
            <Tile
              to="/time-tracking"
              label={`${ENTRY_KIND_LABELS[current.kind]} running${current.jobTitle ? `: ${current.jobTitle}` : ''}`}
              value={<Elapsed startedAt={current.startedAt} />}
              tone="good"
            />
          ) : (
            <Tile
              to="/time-tracking"
              label="No timer running"
              value={<Timer aria-hidden="true" className="size-6 text-muted-foreground" />}
              detail="Open Time tracking to clock in"
            />
          );
        }}
      </TileGroup>
      <TileGroup title="My notifications" query={unread}>
        {(count) => (
          <Tile
            to="/notifications"
            label={count === 0 ? 'All read' : 'Unread'}
            value={
              count === 0 ? (
                <Bell aria-hidden="true" className="size-6 text-muted-foreground" />
              ) : count >= 100 ? (
                '99+'
              ) : (
                count
              )
            }
            tone={count > 0 ? 'warning' : 'default'}
            detail="Open notifications"
          />
        )}
      </TileGroup>
    </div>
  );
}

/** The home of those who work visits: their day, what comes next, their timer and news. */
export function FieldHome() {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <MyVisitsTodayGroup />
      <MyNextVisitsGroup />
      <div className="lg:col-span-2">
        <MyTimerAndNotificationsGroup />
      </div>
    </div>
  );
}
