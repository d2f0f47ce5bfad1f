import type { MapResponse, VisitSummary } from '@crewdesk/domain';

export const MEMBER_ID = 'a0000000-0000-4000-8000-000000000001';

let next = 0;

export function makeMapVisit(overrides: Partial<VisitSummary> = {}): VisitSummary {
  next += 1;
  return {
    id: `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
    kind: 'job',
    title: `Visit ${next}`,
    status: 'scheduled',
    type: 'cleaning',
    startsAt: '2026-05-06T13:00:00.000Z',
    localStartsAt: '2026-05-06T09:00:00',
    durationMinutes: 60,
    customerName: 'Carla Diaz',
    customerPhone: null,
    location: '1 Main St',
    latitude: 40.7,
    longitude: -74,
    assignees: [{ id: MEMBER_ID, firstName: 'Ann', lastName: 'Lee', userId: null }],
    priceCents: 10000,
    recurring: false,
    frequency: 'one-time',
    seriesId: null,
    version: 1,
    ...overrides,
  };
}

export function makeMapAnswer(overrides: Partial<MapResponse> = {}): MapResponse {
  return {
    visits: [],
    customers: [],
    start: { label: '5 Office Rd', latitude: 40.71, longitude: -74.01 },
    tileUrl: null,
    tileAttribution: null,
    ...overrides,
  };
}
