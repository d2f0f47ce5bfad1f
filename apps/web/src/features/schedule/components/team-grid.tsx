import type { JobPerson, VisitSummary } from '@crewdesk/domain';
import type { MouseEvent } from 'react';
import { cn } from '@/lib/cn';
import { dayHeading, longDay } from '../lib/calendar-range';
import { DEFAULT_DROP_TIME } from '../lib/move-visit';
import { laneKey, UNASSIGNED_LANE } from '../lib/visit-grouping';
import { DROP_ACTIVE_CLASS, dropZoneProps } from './drag-and-drop';
import type { ScheduleGridProps } from './grid-props';
import { VisitCard } from './visit-card';

interface TeamGridProps extends ScheduleGridProps {
  members: readonly JobPerson[];
  /** Whether to draw the Unassigned lane (dispatchers, no member filter). */
  showUnassigned: boolean;
  visitsByLane: ReadonlyMap<string, VisitSummary[]>;
  now: string;
}

/**
 * The team view: a lane per member (rows) and a column per day. Dropping a visit on another
 * member's lane hands it over; on another day, it moves at the same time of day.
 */
export function TeamGrid({
  dates,
  members,
  showUnassigned,
  visitsByLane,
  colorMode,
  canPlan,
  now,
  onDrop,
  onMove,
  onSlotClick,
  onOpenDay,
}: TeamGridProps) {
  const today = now.slice(0, 10);
  const dayFraction = (Number(now.slice(11, 13)) * 60 + Number(now.slice(14, 16))) / (24 * 60);
  const lanes = [
    ...members.map((m) => ({ id: m.id, name: `${m.firstName} ${m.lastName}`.trim() })),
    ...(showUnassigned ? [{ id: UNASSIGNED_LANE, name: 'Unassigned' }] : []),
  ];
  // Narrow enough for a week beside the Unplanned list at 1280 px; scrolls sideways below that.
  const columns = `minmax(6rem, 9rem) repeat(${dates.length}, minmax(5.25rem, 1fr))`;

  function clickEmpty(event: MouseEvent<HTMLDivElement>, date: string, laneId: string) {
    if (!onSlotClick) return;
    if ((event.target as HTMLElement).closest('[data-visit], button, a')) return;
    onSlotClick(`${date}T${DEFAULT_DROP_TIME}:00`, laneId === UNASSIGNED_LANE ? undefined : laneId);
  }

  return (
    <div role="grid" aria-label="Team" className="overflow-x-auto rounded-lg border bg-background">
      <div role="row" className="grid border-b" style={{ gridTemplateColumns: columns }}>
        <div
          role="columnheader"
          className="sticky left-0 z-20 bg-background px-2 py-1.5 text-xs font-medium text-muted-foreground"
        >
          Team member
        </div>
        {dates.map((date) => {
          const heading = dayHeading(date);
          return (
            <div key={date} role="columnheader" className="border-l px-1 py-1.5 text-center">
              <button
                type="button"
                onClick={() => onOpenDay(date)}
                aria-label={longDay(date)}
                className={cn(
                  'rounded px-2 text-xs text-muted-foreground hover:bg-muted',
                  date === today && 'font-semibold text-primary',
                )}
              >
                {heading.weekday} <span className="text-sm text-foreground">{heading.day}</span>
              </button>
            </div>
          );
        })}
      </div>
      {lanes.map((lane) => (
        <div
          key={lane.id}
          role="row"
          aria-label={lane.name}
          className="grid border-b last:border-b-0"
          style={{ gridTemplateColumns: columns }}
        >
          <div
            role="rowheader"
            className="sticky left-0 z-20 truncate bg-background px-2 py-2 text-sm font-medium"
          >
            {lane.name}
          </div>
          {dates.map((date) => (
            <div
              key={date}
              role="gridcell"
              data-testid={`lane-${lane.id}-${date}`}
              aria-label={`${lane.name}, ${longDay(date)}`}
              onClick={(event) => clickEmpty(event, date, lane.id)}
              {...dropZoneProps(onDrop, () => ({ kind: 'lane', date, laneId: lane.id }))}
              className={cn(
                'relative flex min-h-16 min-w-0 flex-col gap-0.5 border-l p-1',
                date === today && 'bg-accent/40',
                onSlotClick && 'cursor-pointer',
                DROP_ACTIVE_CLASS,
              )}
            >
              {(visitsByLane.get(laneKey(lane.id, date)) ?? []).map((visit) => (
                <VisitCard
                  key={visit.id}
                  visit={visit}
                  colorMode={colorMode}
                  canPlan={canPlan}
                  sourceLane={lane.id}
                  onMove={onMove}
                />
              ))}
              {date === today ? (
                <span
                  data-testid="now-line"
                  aria-hidden="true"
                  className="pointer-events-none absolute inset-y-0 w-0.5 bg-red-600"
                  style={{ left: `${dayFraction * 100}%` }}
                />
              ) : null}
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
