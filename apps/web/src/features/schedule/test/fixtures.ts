import type { JobPerson, ScheduleResponse } from '@crewdesk/domain';
import { makeNumberedVisit } from '@/entities/job/test/fixtures';

export const ANN: JobPerson = {
  id: 'a0000000-0000-4000-8000-000000000001',
  firstName: 'Ann',
  lastName: 'Lee',
  userId: null,
};
export const BOB: JobPerson = {
  id: 'b0000000-0000-4000-8000-000000000002',
  firstName: 'Bob',
  lastName: 'Ray',
  userId: null,
};

/** A visit as the schedule answers it (a 2-hour cleaning at 9:00 by default). */
export const makeVisit = makeNumberedVisit;

export function makeSchedule(overrides: Partial<ScheduleResponse> = {}): ScheduleResponse {
  return {
    timeZone: 'America/New_York',
    visits: [],
    truncated: false,
    visitLimit: 5000,
    unplanned: [],
    members: [ANN, BOB],
    ...overrides,
  };
}

/** A DataTransfer for jsdom, which has none. */
export function makeDataTransfer() {
  const data = new Map<string, string>();
  return {
    dropEffect: 'none',
    effectAllowed: 'all',
    get types() {
      return [...data.keys()];
    },
    setData: (type: string, value: string) => void data.set(type, value),
    getData: (type: string) => data.get(type) ?? '',
    clearData: () => data.clear(),
  };
}
