import { timeSlotOf, type VisitSummary } from '@crewdesk/domain';
import { useEffect, useMemo, useRef, type DragEvent } from 'react';
import { cn } from '@/lib/cn';
import { dayHeading, longDay } from '../lib/calendar-range';
import type { DropTarget } from '../lib/move-visit';
import { foldLanes, layoutDay, type PlacedVisit } from '../lib/visit-grouping';
import { DROP_ACTIVE_CLASS, dropZoneProps } from './drag-and-drop';
import type { ScheduleGridProps } from './grid-props';
import { VisitCard } from './visit-card';

/** Pixels per hour of the grid. */
export const HOUR_HEIGHT = 48;
const SLOT_MINUTES = 30;
const HOURS = Array.from({ length: 24 }, (_, h) => h);
const SLOTS = Array.from({ length: (24 * 60) / SLOT_MINUTES }, (_, i) => i * SLOT_MINUTES);
/**
 * A week's day is narrow (about 100 px at 1280): overlapping visits past the first fold into a
 * "+N" tile, so the first keeps a legible title instead of several one-letter slivers.
 */
const WEEK_LANES = 1;
/** The "+N" tile's width, at the right of its day. */
const FOLD_WIDTH = '2rem';
/** The grid opens scrolled to the working day. */
const FIRST_VISIBLE_HOUR = 7;

const pad = (n: number) => String(n).padStart(2, '0');
const hhmm = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

const verticalPlace = (start: number, end: number) => ({
  top: (start / 60) * HOUR_HEIGHT,
  height: Math.max(18, ((end - start) / 60) * HOUR_HEIGHT - 2),
});

/** Where a visit sits in its day's column: its lane, beside a "+N" tile when its cluster folds. */
function placement({ start, end, column, columns, folded }: Omit<PlacedVisit, 'visit'>) {
  const room = folded ? `(100% - ${FOLD_WIDTH} - 2px)` : '100%';
  return {
    ...verticalPlace(start, end),
    left: `calc(${room} * ${column / columns} + 2px)`,
    width: `calc(${room} / ${columns} - 4px)`,
  };
}

/** The slot under the pointer: a slot element's own time, or the pointer's height in the column. */
function slotTarget(date: string, event: DragEvent<HTMLElement>): DropTarget {
  const slot = (event.target as HTMLElement).closest<HTMLElement>('[data-slot-time]');
  if (slot?.dataset.slotTime) return { kind: 'slot', date, time: slot.dataset.slotTime };
  const rect = event.currentTarget.getBoundingClientRect();
  const minutes = ((event.clientY - rect.top) / HOUR_HEIGHT) * 60;
  const snapped = Math.floor(minutes / SLOT_MINUTES) * SLOT_MINUTES;
  return { kind: 'slot', date, time: hhmm(Math.min(24 * 60 - SLOT_MINUTES, Math.max(0, snapped))) };
}

interface TimeGridProps extends ScheduleGridProps {
  visitsByDay: ReadonlyMap<string, VisitSummary[]>;
  /** The business's wall clock now, 'YYYY-MM-DDTHH:mm:00'. */
  now: string;
}

/** The day and week views: a column per day, half-hour slots, visits at their times. */
export function TimeGrid({
  dates,
  visitsByDay,
  colorMode,
  canPlan,
  now,
  onDrop,
  onMove,
  onSlotClick,
  onOpenDay,
}: TimeGridProps) {
  const scroller = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (scroller.current) scroller.current.scrollTop = FIRST_VISIBLE_HOUR * HOUR_HEIGHT;
  }, []);

  const today = now.slice(0, 10);
  const nowMinutes = Number(now.slice(11, 13)) * 60 + Number(now.slice(14, 16));
  const columns = `3.5rem repeat(${dates.length}, minmax(0, 1fr))`;
  const maxLanes = dates.length > 1 ? WEEK_LANES : Number.POSITIVE_INFINITY;
  const layouts = useMemo(
    () =>
      new Map(
        dates.map((date) => [date, foldLanes(layoutDay(visitsByDay.get(date) ?? []), maxLanes)]),
      ),
    [dates, visitsByDay, maxLanes],
  );

  return (
    <div className="overflow-hidden rounded-lg border bg-background">
      <div className="grid border-b" style={{ gridTemplateColumns: columns }}>
        <div />
        {dates.map((date) => {
          const heading = dayHeading(date);
          return (
            <div
              key={date}
              data-testid={`day-${date}`}
              {...dropZoneProps(onDrop, () => ({ kind: 'day', date }))}
              className={cn('border-l px-1 py-1.5 text-center', DROP_ACTIVE_CLASS)}
            >
              <button
                type="button"
                onClick={() => onOpenDay(date)}
                className={cn(
                  'rounded px-2 text-xs text-muted-foreground hover:bg-muted',
                  date === today && 'font-semibold text-primary',
                )}
              >
                {/* The long day is the name; the short one is what is seen (no label that
                    hides the visible text from speech control). */}
                <span className="sr-only">{longDay(date)}</span>
                <span aria-hidden="true">
                  {heading.weekday} <span className="text-sm text-foreground">{heading.day}</span>
                </span>
              </button>
            </div>
          );
        })}
      </div>
      {/* Scrolls on its own: reachable by keyboard, even when the day holds nothing to focus. */}
      <div
        ref={scroller}
        role="region"
        aria-label="Hours of the day"
        tabIndex={0}
        className="max-h-[70vh] overflow-y-auto focus-visible:outline-2 focus-visible:outline-ring"
      >
        <div className="grid" style={{ gridTemplateColumns: columns }}>
          {/* Each label sits on its hour's line (absolute: margins would add up hour by hour). */}
          <div aria-hidden="true" className="relative" style={{ height: 24 * HOUR_HEIGHT }}>
            {HOURS.slice(1).map((h) => (
              <div
                key={h}
                style={{ top: h * HOUR_HEIGHT - 7 }}
                className="absolute right-0 pr-1 text-right text-[0.65rem] leading-none text-muted-foreground"
              >
                {timeSlotOf(h, 0).replace(':00', '')}
              </div>
            ))}
          </div>
          {dates.map((date) => (
            <div
              key={date}
              role="group"
              aria-label={longDay(date)}
              className={cn('relative border-l', DROP_ACTIVE_CLASS)}
              style={{ height: 24 * HOUR_HEIGHT }}
              {...dropZoneProps(onDrop, (event) => slotTarget(date, event))}
            >
              {SLOTS.map((m) => (
                <div
                  key={m}
                  data-testid={`slot-${date}-${hhmm(m)}`}
                  data-slot-time={hhmm(m)}
                  title={
                    onSlotClick ? `New job at ${timeSlotOf(Math.floor(m / 60), m % 60)}` : undefined
                  }
                  onClick={onSlotClick ? () => onSlotClick(`${date}T${hhmm(m)}:00`) : undefined}
                  className={cn(
                    'border-t',
                    m % 60 === 0 ? 'border-border' : 'border-dashed border-border/60',
                    onSlotClick && 'cursor-pointer hover:bg-muted/60',
                  )}
                  style={{ height: HOUR_HEIGHT / 2 }}
                />
              ))}
              {layouts.get(date)?.shown.map(({ visit, ...place }) => (
                <VisitCard
                  key={visit.id}
                  visit={visit}
                  colorMode={colorMode}
                  canPlan={canPlan}
                  onMove={onMove}
                  variant={place.end - place.start >= 45 ? 'block' : 'row'}
                  className="absolute z-10"
                  style={placement(place)}
                />
              ))}
              {layouts.get(date)?.folded.map(({ visits, start, end }) => (
                <button
                  key={visits[0]!.id}
                  type="button"
                  onClick={() => onOpenDay(date)}
                  aria-label={`${visits.length} more ${visits.length === 1 ? 'visit' : 'visits'} at this time: open ${longDay(date)}`}
                  title={visits.map((v) => v.title).join(', ')}
                  className="absolute z-10 flex items-start justify-center rounded-md border border-dashed bg-muted px-1 pt-0.5 text-xs font-semibold text-foreground hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
                  style={{ ...verticalPlace(start, end), right: 2, width: FOLD_WIDTH }}
                >
                  +{visits.length}
                </button>
              ))}
              {date === today ? (
                <div
                  data-testid="now-line"
                  aria-label={`Now, ${timeSlotOf(Math.floor(nowMinutes / 60), nowMinutes % 60)}`}
                  role="img"
                  className="pointer-events-none absolute inset-x-0 z-20 h-0.5 bg-red-600"
                  style={{ top: (nowMinutes / 60) * HOUR_HEIGHT }}
                >
                  <span className="absolute -left-1 -top-1 size-2.5 rounded-full bg-red-600" />
                </div>
              ) : null}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
