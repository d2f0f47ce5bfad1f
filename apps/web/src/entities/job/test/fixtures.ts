import type { JobDetail, VisitSummary } from '@crewdesk/domain';

export const JOB_ID = '7a1c2a52-0d6e-4c43-9d55-0b7f6f1d2c01';
export const ABBY = {
  id: '3b0c8f0e-1111-4c43-9d55-0b7f6f1d2c01',
  firstName: 'Abby',
  lastName: 'Adams',
  userId: 'user-abby',
};

/** One visit as the lists answer it. */
export function makeVisit(overrides: Partial<VisitSummary> = {}): VisitSummary {
  return {
    id: JOB_ID,
    kind: 'job',
    title: 'Deep clean',
    status: 'scheduled',
    type: 'cleaning',
    startsAt: '2026-05-04T13:00:00.000Z',
    localStartsAt: '2026-05-04T09:00:00',
    durationMinutes: 120,
    customerName: 'Ann Lee',
    customerPhone: '555 010 0100',
    location: '12 Main St, Springfield, IL 62701',
    latitude: null,
    longitude: null,
    assignees: [ABBY],
    priceCents: 12550,
    recurring: false,
    frequency: 'one-time',
    seriesId: null,
    version: 1,
    ...overrides,
  };
}

let nextNumber = 0;

/**
 * One more visit, numbered (its id and title 'Visit N' count up within a test file): for screens
 * that show many visits at once (the schedule, the map). A 2-hour cleaning at 9:00 by default.
 */
export function makeNumberedVisit(overrides: Partial<VisitSummary> = {}): VisitSummary {
  nextNumber += 1;
  return {
    id: `00000000-0000-4000-8000-${String(nextNumber).padStart(12, '0')}`,
    kind: 'job',
    title: `Visit ${nextNumber}`,
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

/** A visit as GET /api/jobs/:id answers it (a dispatcher's view by default). */
export function makeJob(overrides: Partial<JobDetail> = {}): JobDetail {
  return {
    ...makeVisit(),
    customer: {
      id: '9c0c8f0e-2222-4c43-9d55-0b7f6f1d2c01',
      firstName: 'Ann',
      lastName: 'Lee',
      company: null,
      email: 'ann@example.test',
      phone: '555 010 0100',
      address: '12 Main St',
    },
    date: '2026-05-04',
    time: '9:00 AM',
    notes: 'Gate code 1234',
    lineItems: [],
    checklist: [
      {
        id: 'c1a1c2a5-0d6e-4c43-9d55-0b7f6f1d2c01',
        label: 'Kitchen',
        done: false,
        doneAt: null,
      },
    ],
    photos: [],
    onTheWayAt: null,
    startedAt: null,
    completedAt: null,
    cancelledAt: null,
    timeOnSiteMinutes: null,
    series: null,
    request: null,
    invoiceId: null,
    history: [
      {
        id: 'e1e1c2a5-0d6e-4c43-9d55-0b7f6f1d2c01',
        kind: 'created',
        detail: null,
        actorName: 'Ada Lovelace',
        createdAt: '2026-05-01T10:00:00.000Z',
      },
    ],
    canEdit: true,
    canWork: true,
    timeZone: 'America/Chicago',
    createdAt: '2026-05-01T10:00:00.000Z',
    updatedAt: '2026-05-01T10:00:00.000Z',
    ...overrides,
  };
}
