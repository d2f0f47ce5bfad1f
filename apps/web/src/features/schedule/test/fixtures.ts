import type { JobPerson, ScheduleResponse, VisitSummary } from '@crewdesk/domain';

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

let next = 0;

/** A visit as the schedule answers it (a 2-hour cleaning at 9:00 by default). */
export function makeVisit(overrides: Partial<VisitSummary> = {}): VisitSummary {
  next += 1;
  return {
    id: `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
    kind: 'job',
    title: `Visit ${next}`,
    status: 'scheduled',
    type: 'cleaning',
    startsAt: '2026-05-06T13:00:00.000Z',
    localStartsAt: '2026-05-06T09:00:00',
    durationMinutes: 120,
    customerName: 'Carla Diaz',
    customerPhone: null,
    location: '1 Main St',
    latitude: null,
    longitude: null,
    assignees: [],
    priceCents: 10000,
    recurring: false,
    frequency: 'one-time',
    seriesId: null,
    version: 1,
    ...overrides,
  };
}

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
