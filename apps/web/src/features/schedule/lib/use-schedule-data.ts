import { useMemo } from 'react';
import type { VisitSummary } from '@crewdesk/domain';
import { useSchedule } from '../api/get-schedule';
import { datesOf, type ScheduleView } from './calendar-range';
import { groupVisitsByDay, groupVisitsByLane } from './visit-grouping';

const NO_VISITS: VisitSummary[] = [];
const EMPTY_GROUPS: ReadonlyMap<string, VisitSummary[]> = new Map();

/** The schedule of a range, grouped once per answer (a month may hold 2,000 visits). */
export function useScheduleData(view: ScheduleView, from: string, to: string, assigneeId: string) {
  const schedule = useSchedule({ from, to, assigneeId });
  const data = schedule.data;
  const dates = useMemo(() => datesOf({ from, to }), [from, to]);
  const grouped = useMemo(() => {
    const visits = data?.visits ?? NO_VISITS;
    const unplanned = data?.unplanned ?? NO_VISITS;
    return {
      visits,
      unplanned,
      members: data?.members ?? [],
      visitsByDay: view === 'team' ? EMPTY_GROUPS : groupVisitsByDay(visits),
      visitsByLane: view === 'team' ? groupVisitsByLane(visits) : EMPTY_GROUPS,
      visitById: new Map([...unplanned, ...visits].map((v) => [v.id, v])),
    };
  }, [view, data]);
  return { schedule, dates, ...grouped };
}
