import type { MapResponse, VisitSummary } from '@crewdesk/domain';
import { makeNumberedVisit } from '@/entities/job/test/fixtures';

export const MEMBER_ID = 'a0000000-0000-4000-8000-000000000001';

/** A one-hour visit with a position, done by the member the map shows. */
export function makeMapVisit(overrides: Partial<VisitSummary> = {}): VisitSummary {
  return makeNumberedVisit({
    durationMinutes: 60,
    latitude: 40.7,
    longitude: -74,
    assignees: [{ id: MEMBER_ID, firstName: 'Ann', lastName: 'Lee', userId: null }],
    ...overrides,
  });
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
