import { useDeferredValue, useMemo } from 'react';
import type { VisitSummary } from '@crewdesk/domain';
import { useSchedule } from '../api/get-schedule';
import type { ScheduleFilters } from '../api/keys';
import { datesOf, type ScheduleView } from './calendar-range';
import { groupVisitsByDay, groupVisitsByLane } from './visit-grouping';

const NO_VISITS: VisitSummary[] = [];
const EMPTY_GROUPS: ReadonlyMap<string, VisitSummary[]> = new Map();

/**
 * The schedule of a range, grouped once per answer (a month may hold 2,000 visits). `data` is the
 * answer the calendar draws, a step behind `schedule.data`: the calendar renders in a pass React
 * can interrupt, as drawing a week's grid at once is a long task on a phone.
 */
export function useScheduleData(view: ScheduleView, filters: ScheduleFilters) {
  const schedule = useSchedule(filters);
  const data = useDeferredValue(schedule.data);
  const { from, to } = filters;
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
  return { schedule, data, dates, ...grouped };
}
