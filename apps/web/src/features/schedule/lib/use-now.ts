import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { DAY_VIEW_SCREENS, type ScheduleResponse } from '@crewdesk/domain';
import { scheduleQueryKey } from '../api/keys';
import type { ScheduleView } from './calendar-range';

const MINUTE = 60_000;

function subscribeMinutes(onChange: () => void): () => void {
  const timer = window.setInterval(onChange, 15_000);
  return () => window.clearInterval(timer);
}

const currentMinute = () => Math.floor(Date.now() / MINUTE);

/** The current instant, to the minute; re-renders when the minute changes. */
export function useNowInstant(): Date {
  const minute = useSyncExternalStore(subscribeMinutes, currentMinute);
  return new Date(minute * MINUTE);
}

/** The business's time zone from the last schedule answer, or null before the first one. */
export function useBusinessTimeZone(): string | null {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) => queryClient.getQueryCache().subscribe(onChange),
    [queryClient],
  );
  const snapshot = useCallback(
    () =>
      queryClient
        .getQueriesData<ScheduleResponse>({ queryKey: scheduleQueryKey })
        .find(([, data]) => data !== undefined)?.[1]?.timeZone ?? null,
    [queryClient],
  );
  return useSyncExternalStore(subscribe, snapshot);
}

/** Phones open the day view, which reads like a list. */
export function isNarrowScreen(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DAY_VIEW_SCREENS).matches;
}

/** The view without ?view=: the day on a phone, the week on anything wider. */
export function defaultScheduleView(): ScheduleView {
  return isNarrowScreen() ? 'day' : 'week';
}
