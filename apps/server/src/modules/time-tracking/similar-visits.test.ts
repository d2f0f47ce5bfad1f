import { calculateEstimate } from '@crewdesk/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, createTestApp, type SignedInUser, type TestApp } from '../../../test/build-app.ts';
import { colleagueOf, createJobAs, type Colleague } from '../../../test/jobs.ts';
import {
  CALCULATOR_INPUT,
  createRequestAs,
  ownerWithBusinessProfile,
  SMALL_HOME,
} from '../../../test/requests.ts';
import { jobs, timeEntries } from '../../db/schema/index.ts';

/**
 * The calculator's correction from similar visits (issue 19): completed visits of one property
 * type and size band, their timed minutes against the formula's estimate, on a real database.
 */

let t: TestApp;
let owner: SignedInUser;
let worker: Colleague;
let stranger: SignedInUser;

const SMALL_HOME_MINUTES = calculateEstimate(SMALL_HOME).formulaHours * 60; // 3 h

/** A visit made from a request of `input`, completed, with `minutes` timed on it. */
async function completedVisit(
  user: SignedInUser & { employeeId?: string },
  employeeId: string,
  input: Record<string, unknown>,
  minutes: number,
  status: 'completed' | 'scheduled' = 'completed',
) {
  const request = await createRequestAs(t.app, user, input);
  const job = await createJobAs(t.app, user, { assigneeIds: [employeeId] });
  await t.app.db
    .update(jobs)
    .set({ requestId: request.id, status, completedAt: new Date('2026-11-10T18:00:00Z') })
    .where(eq(jobs.id, job.id));
  const startedAt = new Date('2026-11-10T15:00:00Z');
  await t.app.db.insert(timeEntries).values({
    accountId: user.accountId,
    employeeId,
    kind: 'visit',
    jobId: job.id,
    startedAt,
    endedAt: new Date(startedAt.getTime() + minutes * 60_000),
    timeZone: 'America/Chicago',
    workDate: '2026-11-10',
    source: 'app',
  });
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await ownerWithBusinessProfile(t.app);
  worker = await colleagueOf(t.app, owner, 'team_member');
  stranger = await ownerWithBusinessProfile(t.app);
});

afterAll(() => t.close());

const ask = (user: SignedInUser, query: string) =>
  asUser(t.app, user, { method: 'GET', url: `/api/time/similar-visits?${query}` });

describe('GET /api/time/similar-visits', () => {
  it('below five completed visits, it says how many there are and offers no correction', async () => {
    await completedVisit(owner, worker.employeeId, SMALL_HOME, 200);
    const res = await ask(owner, 'propertyType=residential&squareFootage=1200');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      propertyType: 'residential',
      band: { min: 1000, max: 1999, label: '1,000–1,999 sq ft' },
      visits: 1,
      needed: 5,
      medianRatio: null,
      averageEstimatedHours: null,
      averageActualHours: null,
    });
  });

  it('with five in the band, it gives the middle visit’s ratio of actual to estimated time', async () => {
    for (const minutes of [210, 240, 180, 300]) {
      await completedVisit(owner, worker.employeeId, SMALL_HOME, minutes);
    }
    // Not alike, not done, or not this business's: none of them counts.
    await completedVisit(owner, worker.employeeId, { ...SMALL_HOME, squareFootage: 2500 }, 600);
    await completedVisit(owner, worker.employeeId, CALCULATOR_INPUT, 600);
    await completedVisit(owner, worker.employeeId, SMALL_HOME, 600, 'scheduled');
    const strangerEmployee = await colleagueOf(t.app, stranger, 'team_member');
    for (let i = 0; i < 5; i += 1) {
      await completedVisit(stranger, strangerEmployee.employeeId, SMALL_HOME, 900);
    }

    const res = await ask(owner, 'propertyType=residential&squareFootage=1000');
    expect(res.json()).toMatchObject({
      visits: 5,
      // Ratios 180/180, 200/180, 210/180, 240/180, 300/180: the middle one is 210/180.
      medianRatio: Math.round((210 / SMALL_HOME_MINUTES) * 100) / 100,
      averageEstimatedHours: 3,
      averageActualHours: Math.round(((200 + 210 + 240 + 180 + 300) / 5 / 60) * 100) / 100,
    });
    expect(
      (await ask(stranger, 'propertyType=residential&squareFootage=1000')).json(),
    ).toMatchObject({ visits: 5, medianRatio: 5 });
  });

  it('is for admins and managers only: costs are the Business Summary’s', async () => {
    const res = await ask(worker, 'propertyType=residential&squareFootage=1000');
    expect(res.statusCode).toBe(403);
  });

  it.each([
    [
      'propertyType=castle&squareFootage=1000',
      "propertyType: propertyType must be 'residential' or 'commercial'",
    ],
    [
      'propertyType=residential&squareFootage=lots',
      'squareFootage: squareFootage must be a number',
    ],
    [
      'propertyType=residential&squareFootage=0',
      'squareFootage: squareFootage must be more than 0',
    ],
    ['propertyType=residential', 'squareFootage: squareFootage must be a number'],
  ])('a bad query (%s) is a 400 with the reason', async (query, message) => {
    const res = await ask(owner, query);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });
});

describe('applying the correction to an estimate', () => {
  it('an owner’s corrected hours change the labour cost, never the price; a team member’s save keeps them', async () => {
    const saved = await createRequestAs(t.app, owner, { ...SMALL_HOME, correctedHours: 3.5 });
    expect(saved.amountCents).toBe(calculateEstimate(SMALL_HOME).priceCents);
    expect(saved.details).toMatchObject({ estimatedHours: 3, correctedHours: 3.5 });
    expect(saved.businessSummary).toMatchObject({
      estimatedHours: 3.5,
      formulaHours: 3,
      labourCostCents: 6125,
    });

    const leader = await colleagueOf(t.app, owner, 'team_leader');
    const edited = await asUser(t.app, leader, {
      method: 'PUT',
      url: `/api/requests/${saved.id}`,
      payload: { ...SMALL_HOME, clientName: 'Maria Gonzalez', correctedHours: 8 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const reread = await asUser(t.app, owner, { method: 'GET', url: `/api/requests/${saved.id}` });
    expect(reread.json().details.correctedHours).toBe(3.5);

    const halfHours = await asUser(t.app, owner, {
      method: 'POST',
      url: '/api/requests',
      payload: { ...SMALL_HOME, clientName: 'Maria Gonzalez', correctedHours: 3.25 },
    });
    expect(halfHours.statusCode).toBe(400);
    expect(halfHours.json().message).toBe('correctedHours: Corrected hours must be in half hours.');
  });
});
