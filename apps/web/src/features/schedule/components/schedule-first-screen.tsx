import {
  emptyRangeText,
  SCHEDULE_HEADER,
  SCHEDULE_VIEW_LABELS,
  SCHEDULE_VIEWS,
  type ScheduleView,
} from '@crewdesk/domain';
import { PageHeader } from '@/components/ui/page-header';
import { cn } from '@/lib/cn';
import { firstPaintData } from '@/lib/first-paint';
import { legendOf } from '../lib/visit-colors';

export interface ScheduleFirstScreenProps {
  /** Today's title as a phone opens the calendar (the day view). */
  dayTitle: string;
  /** Today's title as a wider screen opens it (the week view). */
  weekTitle: string;
  /** Whether the member plans the schedule: the New job button and the member filter. */
  canPlan: boolean;
  /** Whether today's day (a phone's view) has no visit: "Nothing scheduled" under the toolbar. */
  emptyDay?: boolean;
  /** Whether today's week (a wider screen's view) has none. */
  emptyWeek?: boolean;
}

/** The toolbar /schedule's first paint drew (its frame's data-day-title, …), if it drew one. */
export function scheduleFirstScreenOf(pathname: string): ScheduleFirstScreenProps | null {
  const { dayTitle, weekTitle, canPlan, emptyDay, emptyWeek } = firstPaintData(pathname) ?? {};
  if (!dayTitle || !weekTitle) return null;
  return {
    dayTitle,
    weekTitle,
    canPlan: canPlan === 'true',
    emptyDay: emptyDay === 'true',
    emptyWeek: emptyWeek === 'true',
  };
}

const SEGMENT = 'inline-flex h-8 items-center rounded px-2.5 text-sm font-medium';
const PRESSED = 'bg-primary text-primary-foreground';

/** The view the calendar opens in is pressed: the day on a phone, the week on anything wider. */
const OPENING_VIEW: Partial<Record<ScheduleView, string>> = {
  day: 'max-sm:bg-primary max-sm:text-primary-foreground',
  week: 'sm:bg-primary sm:text-primary-foreground',
};

function SegmentsFrame({ children }: { children: React.ReactNode }) {
  return (
    <span className="inline-flex rounded-md border bg-background p-0.5 text-muted-foreground">
      {children}
    </span>
  );
}

/**
 * /schedule's heading and toolbar as they first show, before the app can use them (decision 044):
 * the server writes this into the page it sends (index.html's calendar templates, kept equal by
 * lib/first-paint.test.tsx), and the dashboard shows it while the schedule's code loads. The
 * controls are drawn inert, in place; the schedule page draws the working ones over the same spots.
 */
export function ScheduleFirstScreen({
  dayTitle,
  weekTitle,
  canPlan,
  emptyDay = false,
  emptyWeek = false,
}: ScheduleFirstScreenProps) {
  return (
    <>
      <PageHeader
        title={SCHEDULE_HEADER.title}
        description={SCHEDULE_HEADER.description}
        actions={
          canPlan ? (
            <span aria-hidden="true" className="h-10 w-28 rounded-md bg-muted/50"></span>
          ) : null
        }
      />
      <div className="mb-4 space-y-3">
        <div className="flex flex-wrap items-center gap-2">
          <span
            aria-hidden="true"
            className="inline-flex h-9 items-center rounded-md border border-input bg-background px-3 text-sm font-medium shadow-sm"
          >
            Today
          </span>
          <span aria-hidden="true" className="flex">
            <span className="size-10"></span>
            <span className="size-10"></span>
          </span>
          <h2 className="min-w-0 flex-1 truncate text-lg font-semibold">
            <span className="sm:hidden">{dayTitle}</span>
            <span className="hidden sm:inline">{weekTitle}</span>
          </h2>
          <SegmentsFrame>
            {SCHEDULE_VIEWS.map((view) => (
              <span key={view} className={cn(SEGMENT, OPENING_VIEW[view])}>
                {SCHEDULE_VIEW_LABELS[view]}
              </span>
            ))}
          </SegmentsFrame>
        </div>
        <div aria-hidden="true" className="flex flex-wrap items-end gap-x-4 gap-y-2">
          {canPlan ? (
            <div className="w-full space-y-1 sm:w-56">
              <span className="text-xs font-medium text-muted-foreground">Team member</span>
              <span className="block h-9 rounded-md border border-input bg-background shadow-sm"></span>
            </div>
          ) : null}
          <div className="space-y-1">
            <span className="block text-xs text-muted-foreground">Color by</span>
            <SegmentsFrame>
              <span className={cn(SEGMENT, PRESSED)}>Type</span>
              <span className={SEGMENT}>Status</span>
            </SegmentsFrame>
          </div>
          <ul className="flex flex-wrap items-center gap-x-3 gap-y-1 pb-1.5 text-xs">
            {legendOf('type').map((row) => (
              <li key={row.label} className="flex items-center gap-1.5">
                <span className={cn('size-2.5 rounded-sm', row.swatch)}></span>
                {row.label}
              </li>
            ))}
          </ul>
        </div>
      </div>
      <EmptyOpeningRange canPlan={canPlan} emptyDay={emptyDay} emptyWeek={emptyWeek} />
    </>
  );
}

/**
 * "Nothing scheduled …" under the toolbar, for the opening view whose range is empty: the day on
 * a phone, the week wider. The schedule page draws it in the same place while its visits load.
 */
export function EmptyOpeningRange({
  canPlan,
  emptyDay,
  emptyWeek,
}: {
  canPlan: boolean;
  emptyDay: boolean;
  emptyWeek: boolean;
}) {
  if (!emptyDay && !emptyWeek) return null;
  return (
    <p className="text-sm text-muted-foreground">
      {emptyDay ? <span className="sm:hidden">{emptyRangeText('day', canPlan)}</span> : null}
      {emptyWeek ? (
        <span className="hidden sm:inline">{emptyRangeText('week', canPlan)}</span>
      ) : null}
    </p>
  );
}
