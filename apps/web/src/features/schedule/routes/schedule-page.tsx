import {
  canDispatchJobs,
  emptyRangeText,
  localDateOf,
  localDateTimeOf,
  SCHEDULE_HEADER,
  type MoveVisitInput,
  type VisitSummary,
} from '@crewdesk/domain';
import { Plus } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { browserTimeZone } from '@/lib/time-zone';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { PageLoading } from '@/components/ui/page-loading';
import { useSession } from '@/lib/session/session-context';
import { useMoveVisit } from '../api/move-visit';
import type { VisitDropHandler } from '../components/drag-and-drop';
import type { ScheduleGridProps } from '../components/grid-props';
import { MonthGrid } from '../components/month-grid';
import { MoveVisitDialog } from '../components/move-visit-dialog';
import { NewJobLauncher, type NewJobDefaults } from '../components/new-job-launcher';
import { ScheduleToolbar } from '../components/schedule-toolbar';
import { TeamGrid } from '../components/team-grid';
import { TimeGrid } from '../components/time-grid';
import { UnplannedList } from '../components/unplanned-list';
import {
  isIsoDate,
  isScheduleView,
  rangeOf,
  rangeTitle,
  weekStartsOnOf,
  shiftAnchor,
  type ScheduleView,
} from '../lib/calendar-range';
import { moveForDrop } from '../lib/move-visit';
import type { ColorMode } from '../lib/visit-colors';
import { useScheduleData } from '../lib/use-schedule-data';
import { defaultScheduleView, useBusinessTimeZone, useNowInstant } from '../lib/use-now';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { EmptyOpeningRange, scheduleFirstScreenOf } from '../components/schedule-first-screen';
import { formatNumber } from '@/lib/locale';

/**
 * Spec section 6: /schedule. Day, week, month and team views of the visits, drawn at the
 * business's wall-clock times; dispatchers drag visits to another time, day or member.
 * The view, date and member live in the address (?view=&date=&member=).
 */
export function SchedulePage() {
  const { role, activeAccount } = useSession();
  const canPlan = canDispatchJobs(role);
  const [params, setParams] = useSearchParams();
  const [defaultView] = useState<ScheduleView>(() => defaultScheduleView());
  const [colorMode, setColorMode] = useState<ColorMode>('type');
  const [moving, setMoving] = useState<VisitSummary | null>(null);
  const [newJob, setNewJob] = useState<NewJobDefaults | null>(null);

  const viewParam = params.get('view');
  const view = isScheduleView(viewParam) ? viewParam : defaultView;
  const dateParam = params.get('date');
  const memberId = canPlan ? (params.get('member') ?? '') : '';

  // 'Now' is the business's wall clock, never the browser's (ARCHITECTURE: times). Before the
  // first answer, the session's account says the zone: the first range asked for is the right one.
  const timeZone = useBusinessTimeZone() ?? activeAccount?.time_zone ?? browserTimeZone();
  const instant = useNowInstant();
  const now = localDateTimeOf(instant, timeZone);
  const today = localDateOf(instant, timeZone);
  const anchor = isIsoDate(dateParam) ? dateParam : today;
  const weekStartsOn = weekStartsOnOf(activeAccount);
  const { from, to } = rangeOf(view, anchor, weekStartsOn);
  // The first screen's prefetch (api/prefetch-schedule.ts) asks for this range the same way.
  const {
    schedule,
    data,
    dates,
    visits,
    unplanned,
    members,
    visitsByDay,
    visitsByLane,
    visitById,
  } = useScheduleData(view, { from, to, assigneeId: memberId });

  // On today's opening view, the first paint said whether its range is empty: said again while
  // the visits load, the line stays where it was drawn instead of blinking out and back.
  const firstScreen = scheduleFirstScreenOf('/schedule');
  const opening = !viewParam && !dateParam && !params.get('member');
  const openingNotice =
    firstScreen && opening ? (
      <EmptyOpeningRange
        canPlan={firstScreen.canPlan}
        emptyDay={firstScreen.emptyDay === true && view === 'day'}
        emptyWeek={firstScreen.emptyWeek === true && view === 'week'}
      />
    ) : null;

  const update = useCallback(
    (changes: Record<string, string | null>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  const openDay = useCallback((date: string) => update({ view: 'day', date }), [update]);

  const move = useMoveVisit();
  const { mutate } = move;
  const submitMove = useCallback(
    (visit: VisitSummary, input: MoveVisitInput) => {
      setMoving(null);
      mutate({ visit, move: input, members, timeZone: data?.timeZone ?? timeZone });
    },
    [mutate, members, data?.timeZone, timeZone],
  );
  const onDrop = useCallback<VisitDropHandler>(
    (payload, target) => {
      const visit = visitById.get(payload.visitId);
      if (!visit) return;
      const input = moveForDrop(visit, target, payload.sourceLane);
      if (input) submitMove(visit, input);
    },
    [visitById, submitMove],
  );
  const onSlotClick = useCallback(
    (startsAt: string, assigneeId?: string) =>
      setNewJob(assigneeId ? { startsAt, assigneeId } : { startsAt }),
    [],
  );

  const plan = canPlan ? { onDrop, onSlotClick } : { onDrop: null, onSlotClick: null };
  const gridProps: ScheduleGridProps = {
    dates,
    colorMode,
    canPlan,
    onMove: setMoving,
    onOpenDay: openDay,
    ...plan,
  };

  let calendar;
  if (view === 'month') {
    calendar = (
      <MonthGrid
        {...gridProps}
        month={anchor.slice(0, 7)}
        visitsByDay={visitsByDay}
        today={today}
      />
    );
  } else if (view === 'team') {
    const laneMembers = memberId ? members.filter((m) => m.id === memberId) : members;
    calendar = (
      <TeamGrid
        {...gridProps}
        members={laneMembers}
        showUnassigned={canPlan && !memberId}
        visitsByLane={visitsByLane}
        now={now}
      />
    );
  } else {
    calendar = <TimeGrid {...gridProps} visitsByDay={visitsByDay} now={now} />;
  }

  return (
    <>
      <PageHeader
        title={SCHEDULE_HEADER.title}
        description={SCHEDULE_HEADER.description}
        actions={
          canPlan ? (
            <Button onClick={() => setNewJob({ startsAt: `${anchor}T09:00:00` })}>
              <Plus aria-hidden="true" />
              New job
            </Button>
          ) : null
        }
      />
      <ScheduleToolbar
        title={rangeTitle(view, anchor, weekStartsOn)}
        view={view}
        onViewChange={(next) => update({ view: next })}
        onToday={() => update({ date: null })}
        onStep={(step) => update({ date: shiftAnchor(view, anchor, step) })}
        members={canPlan ? members : null}
        memberId={memberId}
        onMemberChange={(id) => update({ member: id })}
        colorMode={colorMode}
        onColorModeChange={setColorMode}
        fetching={schedule.isFetching}
      />
      {schedule.isPending || (!data && !schedule.isError) ? (
        <>
          {openingNotice}
          <PageLoading />
        </>
      ) : schedule.isError && !data ? (
        <LoadErrorAlert
          title="Could not load the schedule"
          error={schedule.error}
          onRetry={() => void schedule.refetch()}
          fallback="Something went wrong. Please try again."
        />
      ) : (
        <div className={canPlan ? 'grid gap-4 lg:grid-cols-[minmax(0,1fr)_16rem]' : undefined}>
          <div className="min-w-0 space-y-2">
            {data?.truncated ? (
              <Alert data-testid="schedule-truncated">
                Showing the first {formatNumber(data.visitLimit)} visits of this range.{' '}
                {canPlan
                  ? 'Narrow the range or filter by team member to see the rest.'
                  : 'Narrow the range to see the rest.'}
              </Alert>
            ) : null}
            {visits.length === 0 && !schedule.isPlaceholderData ? (
              <p role="status" className="text-sm text-muted-foreground">
                {emptyRangeText(view, canPlan)}
              </p>
            ) : null}
            {calendar}
          </div>
          {canPlan ? (
            <UnplannedList visits={unplanned} colorMode={colorMode} onMove={setMoving} />
          ) : null}
        </div>
      )}
      <MoveVisitDialog
        visit={moving}
        members={members}
        fallbackDate={anchor}
        onOpenChange={(open) => {
          if (!open) setMoving(null);
        }}
        onSubmit={submitMove}
      />
      <NewJobLauncher defaults={newJob} onClose={() => setNewJob(null)} />
    </>
  );
}
