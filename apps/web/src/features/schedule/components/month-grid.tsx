import type { VisitSummary } from '@crewdesk/domain';
import { memo, type MouseEvent } from 'react';
import { cn } from '@/lib/cn';
import { dayHeading, longDay } from '../lib/calendar-range';
import { DEFAULT_DROP_TIME } from '../lib/move-visit';
import { DROP_ACTIVE_CLASS, dropZoneProps } from './drag-and-drop';
import type { ScheduleGridProps } from './grid-props';
import { VisitCard } from './visit-card';

/** Rows a day cell shows before '+N more' (a busy month stays light). */
export const MONTH_ROWS_PER_DAY = 3;

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

interface MonthGridProps extends ScheduleGridProps {
  /** 'YYYY-MM' of the month shown; other days are dimmed. */
  month: string;
  visitsByDay: ReadonlyMap<string, VisitSummary[]>;
  today: string;
}

interface DayCellProps extends Omit<MonthGridProps, 'dates' | 'visitsByDay' | 'month' | 'today'> {
  date: string;
  visits: readonly VisitSummary[] | undefined;
  outside: boolean;
  isToday: boolean;
}

/** One day of the month; memoised, so a move re-renders only the days it touches. */
const DayCell = memo(function DayCell({
  date,
  visits = [],
  outside,
  isToday,
  colorMode,
  canPlan,
  onDrop,
  onMove,
  onSlotClick,
  onOpenDay,
}: DayCellProps) {
  const shown = visits.slice(0, MONTH_ROWS_PER_DAY);
  const more = visits.length - shown.length;
  function clickEmpty(event: MouseEvent<HTMLDivElement>) {
    if (!onSlotClick) return;
    if ((event.target as HTMLElement).closest('[data-visit], button, a')) return;
    onSlotClick(`${date}T${DEFAULT_DROP_TIME}:00`);
  }
  return (
    <div
      data-testid={`day-${date}`}
      role="gridcell"
      aria-label={`${longDay(date)}, ${visits.length} ${visits.length === 1 ? 'visit' : 'visits'}`}
      onClick={clickEmpty}
      {...dropZoneProps(onDrop, () => ({ kind: 'day', date }))}
      className={cn(
        'flex min-h-24 min-w-0 flex-col gap-0.5 border-l border-t p-1',
        outside && 'bg-muted/50',
        onSlotClick && 'cursor-pointer',
        DROP_ACTIVE_CLASS,
      )}
    >
      <button
        type="button"
        onClick={() => onOpenDay(date)}
        aria-label={`Open ${longDay(date)}`}
        className={cn(
          'mb-0.5 flex size-6 items-center justify-center self-start rounded-full text-xs hover:bg-muted',
          outside && 'text-muted-foreground',
          isToday && 'bg-primary font-semibold text-primary-foreground hover:bg-primary-hover',
        )}
      >
        {dayHeading(date).day}
      </button>
      {shown.map((visit) => (
        <VisitCard
          key={visit.id}
          visit={visit}
          colorMode={colorMode}
          canPlan={canPlan}
          onMove={onMove}
        />
      ))}
      {more > 0 ? (
        <button
          type="button"
          onClick={() => onOpenDay(date)}
          className="self-start rounded px-1 text-xs font-medium text-muted-foreground hover:bg-muted hover:text-foreground"
        >
          +{more} more
        </button>
      ) : null}
    </div>
  );
});

/** The month view: whole weeks, a few compact rows per day and '+N more'. */
export function MonthGrid({ dates, month, visitsByDay, today, ...cell }: MonthGridProps) {
  return (
    <div role="grid" aria-label="Month" className="overflow-x-auto rounded-lg border bg-background">
      <div className="min-w-[42rem]">
        <div role="row" className="grid grid-cols-7">
          {WEEKDAYS.map((d) => (
            <div
              key={d}
              role="columnheader"
              className="border-l px-2 py-1.5 text-xs font-medium text-muted-foreground first:border-l-0"
            >
              {d}
            </div>
          ))}
        </div>
        {Array.from({ length: dates.length / 7 }, (_, week) => (
          <div key={week} role="row" className="grid grid-cols-7 [&>*:first-child]:border-l-0">
            {dates.slice(week * 7, week * 7 + 7).map((date) => (
              <DayCell
                key={date}
                date={date}
                visits={visitsByDay.get(date)}
                outside={date.slice(0, 7) !== month}
                isToday={date === today}
                {...cell}
              />
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
