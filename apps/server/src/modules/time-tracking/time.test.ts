import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, createTestApp, type SignedInUser, type TestApp } from '../../../test/build-app.ts';
import { colleagueOf, createJobAs, type Colleague } from '../../../test/jobs.ts';
import { ownerWithBusinessProfile } from '../../../test/requests.ts';
import { ownEmployeeId } from '../../../test/customers.ts';
import { employees, notifications, timeEntries, timePunches } from '../../db/schema/index.ts';
import { until } from '../../../test/live.ts';
import { sweepTime } from './time-sweep.service.ts';

/**
 * Time tracking's API (issue 19) on a real database. The app's clock is moved by each test
 * (`clock`), so punches happen at known instants of the business's week (America/Chicago).
 */

let clock = new Date('2026-11-16T14:00:00Z'); // Monday 8:00 AM in Chicago
let t: TestApp;
let owner: SignedInUser;
let worker: Colleague;
let leader: Colleague;
/** A team leader whose crew is empty. */
let otherLeader: Colleague;
let sales: Colleague;
let stranger: SignedInUser;
let jobId: string;

const local = (isoLocal: string) => new Date(`${isoLocal}-06:00`); // Chicago in November (CST)

function punchBody(action: string, at: Date, extra: Record<string, unknown> = {}) {
  return {
    clientId: randomUUID(),
    action,
    at: at.toISOString(),
    sentAt: at.toISOString(),
    ...extra,
  };
}

async function punchAt(
  user: SignedInUser,
  action: string,
  at: Date,
  extra: Record<string, unknown> = {},
) {
  clock = at;
  return asUser(t.app, user, {
    method: 'POST',
    url: '/api/time/punches',
    payload: punchBody(action, at, extra),
  });
}

const as = (user: SignedInUser, options: InjectOptions) => asUser(t.app, user, options);

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  owner = await ownerWithBusinessProfile(t.app);
  worker = await colleagueOf(t.app, owner, 'team_member');
  leader = await colleagueOf(t.app, owner, 'team_leader');
  otherLeader = await colleagueOf(t.app, owner, 'team_leader');
  sales = await colleagueOf(t.app, owner, 'sales_person');
  stranger = await ownerWithBusinessProfile(t.app);
  await t.app.db
    .update(employees)
    .set({ payRateCents: 2000 })
    .where(eq(employees.id, worker.employeeId));
  const job = await createJobAs(t.app, owner, { assigneeIds: [worker.employeeId] });
  jobId = job.id;
  // The worker is in the leader's crew: the leader sees and decides on the worker's time.
  const crew = await as(owner, {
    method: 'PATCH',
    url: `/api/team/employees/${worker.employeeId}`,
    payload: { crewLeaderId: leader.employeeId },
  });
  expect(crew.statusCode, crew.body).toBe(200);
});

afterAll(() => t.close());

async function entriesOf(employeeId: string) {
  return t.app.db
    .select()
    .from(timeEntries)
    .where(and(eq(timeEntries.accountId, owner.accountId), eq(timeEntries.employeeId, employeeId)))
    .orderBy(timeEntries.startedAt);
}

describe('a day on the phone', () => {
  it('when a team member clocks in, times a visit, takes a break and clocks out, then the day is shift, visit and break', async () => {
    expect((await punchAt(worker, 'clock_in', local('2026-11-16T08:00:00'))).statusCode).toBe(200);
    const visit = await punchAt(worker, 'visit_start', local('2026-11-16T09:00:00'), { jobId });
    expect(visit.statusCode, visit.body).toBe(200);
    expect(
      visit
        .json()
        .status.running.map((e: { kind: string }) => e.kind)
        .sort(),
    ).toEqual(['shift', 'visit']);

    const breakDuringVisit = await punchAt(worker, 'break_start', local('2026-11-16T10:00:00'));
    expect(breakDuringVisit.statusCode).toBe(409);
    expect(breakDuringVisit.json().message).toBe('Finish the visit before taking a break.');

    expect(
      (await punchAt(worker, 'visit_stop', local('2026-11-16T11:00:00'), { jobId })).statusCode,
    ).toBe(200);
    expect((await punchAt(worker, 'break_start', local('2026-11-16T12:00:00'))).statusCode).toBe(
      200,
    );
    expect((await punchAt(worker, 'break_end', local('2026-11-16T12:30:00'))).statusCode).toBe(200);
    const out = await punchAt(worker, 'clock_out', local('2026-11-16T17:00:00'));
    expect(out.statusCode).toBe(200);
    expect(out.json().status.running).toEqual([]);

    const rows = await entriesOf(worker.employeeId);
    expect(rows.map((r) => [r.kind, r.startedAt.toISOString(), r.endedAt?.toISOString()])).toEqual([
      [
        'shift',
        local('2026-11-16T08:00:00').toISOString(),
        local('2026-11-16T17:00:00').toISOString(),
      ],
      [
        'visit',
        local('2026-11-16T09:00:00').toISOString(),
        local('2026-11-16T11:00:00').toISOString(),
      ],
      [
        'break',
        local('2026-11-16T12:00:00').toISOString(),
        local('2026-11-16T12:30:00').toISOString(),
      ],
    ]);
    expect(rows.every((r) => r.workDate === '2026-11-16' && r.timeZone === 'America/Chicago')).toBe(
      true,
    );
    // The rate when each entry began: a rate changed later applies to later entries only.
    expect(rows.map((r) => r.costRateCents)).toEqual([2000, 2000, 2000]);
  });

  it('when the pay rate changes, then earlier entries keep the old rate and later ones take the new', async () => {
    await t.app.db
      .update(employees)
      .set({ payRateCents: 2600 })
      .where(eq(employees.id, worker.employeeId));
    await punchAt(worker, 'clock_in', local('2026-11-16T18:00:00'));
    await punchAt(worker, 'clock_out', local('2026-11-16T18:30:00'));
    const rates = (await entriesOf(worker.employeeId)).map((r) => r.costRateCents);
    expect(rates).toEqual([2000, 2000, 2000, 2600]);
    // Back to the rate the rest of this file counts with; the 18:00 shift goes with it.
    await t.app.db
      .update(employees)
      .set({ payRateCents: 2000 })
      .where(eq(employees.id, worker.employeeId));
    await t.app.db.delete(timeEntries).where(eq(timeEntries.costRateCents, 2600));
  });

  it('when someone clocks in twice, then the second is refused and nothing changes', async () => {
    expect((await punchAt(leader, 'clock_in', local('2026-11-16T07:00:00'))).statusCode).toBe(200);
    const again = await punchAt(leader, 'clock_in', local('2026-11-16T07:05:00'));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You are already clocked in.');
    expect((await entriesOf(leader.employeeId)).length).toBe(1);
    await punchAt(leader, 'clock_out', local('2026-11-16T15:00:00'));
  });

  it('when a punch is sent twice with one clientId (a retry after a lost answer), then it counts once', async () => {
    const body = punchBody('clock_in', local('2026-11-17T08:00:00'));
    clock = local('2026-11-17T08:00:05');
    const first = await as(worker, { method: 'POST', url: '/api/time/punches', payload: body });
    const retry = await as(worker, { method: 'POST', url: '/api/time/punches', payload: body });
    expect(first.json().replayed).toBe(false);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().replayed).toBe(true);
    const shifts = (await entriesOf(worker.employeeId)).filter((r) => r.endedAt === null);
    expect(shifts.length).toBe(1);
    await punchAt(worker, 'clock_out', local('2026-11-17T16:00:00'));
  });

  it('when a punch was kept offline, then it keeps the device time of the tap, and a far-off device clock is flagged', async () => {
    clock = local('2026-11-18T10:00:00');
    const offline = await as(worker, {
      method: 'POST',
      url: '/api/time/punches',
      payload: {
        clientId: randomUUID(),
        action: 'clock_in',
        at: local('2026-11-18T08:00:00').toISOString(),
        sentAt: local('2026-11-18T10:00:00').toISOString(),
      },
    });
    expect(offline.statusCode).toBe(200);
    const skewed = await as(worker, {
      method: 'POST',
      url: '/api/time/punches',
      payload: {
        clientId: randomUUID(),
        action: 'clock_out',
        at: local('2026-11-18T09:00:00').toISOString(),
        sentAt: local('2026-11-18T09:00:00').toISOString(),
      },
    });
    expect(skewed.statusCode).toBe(200);
    const day = (await entriesOf(worker.employeeId)).find((r) => r.workDate === '2026-11-18');
    expect(day?.startedAt.toISOString()).toBe(local('2026-11-18T08:00:00').toISOString());
    expect(day?.clockOff).toBe(false);
    const later = await punchAt(worker, 'clock_in', local('2026-11-18T12:00:00'));
    expect(later.statusCode).toBe(200);
    clock = local('2026-11-18T13:00:00');
    await as(worker, {
      method: 'POST',
      url: '/api/time/punches',
      payload: {
        clientId: randomUUID(),
        action: 'clock_out',
        at: local('2026-11-18T12:40:00').toISOString(),
        sentAt: local('2026-11-18T12:20:00').toISOString(), // 40 minutes behind the server
      },
    });
    // The flag belongs to a punch that starts an entry: clock in again with a skewed device.
    clock = local('2026-11-18T14:00:00');
    await as(worker, {
      method: 'POST',
      url: '/api/time/punches',
      payload: {
        clientId: randomUUID(),
        action: 'clock_in',
        at: local('2026-11-18T13:30:00').toISOString(),
        sentAt: local('2026-11-18T13:30:00').toISOString(),
      },
    });
    const flagged = (await entriesOf(worker.employeeId)).find(
      (r) => r.startedAt.toISOString() === local('2026-11-18T13:30:00').toISOString(),
    );
    expect(flagged?.clockOff).toBe(true);
    await punchAt(worker, 'clock_out', local('2026-11-18T15:00:00'));
  });

  it('when an offline punch lands inside time already recorded, then it is refused as an overlap', async () => {
    clock = local('2026-11-18T16:00:00');
    const res = await as(worker, {
      method: 'POST',
      url: '/api/time/punches',
      payload: {
        clientId: randomUUID(),
        action: 'clock_in',
        at: local('2026-11-18T14:30:00').toISOString(),
        sentAt: local('2026-11-18T16:00:00').toISOString(),
      },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This overlaps another entry of the same person.');
  });

  it.each([
    ['an unknown action', { action: 'teleport' }],
    ['a clientId that is not a uuid', { clientId: 'abc' }],
    ['a time that is not a time', { at: 'yesterday' }],
    ['a latitude off the globe', { location: { latitude: 91, longitude: 0, accuracyMeters: 5 } }],
  ])('when a punch has %s, then it is a 400 and nothing is stored', async (_name, change) => {
    const before = await t.app.db.select().from(timePunches);
    const res = await as(worker, {
      method: 'POST',
      url: '/api/time/punches',
      payload: { ...punchBody('clock_in', clock), ...change },
    });
    expect(res.statusCode).toBe(400);
    expect((await t.app.db.select().from(timePunches)).length).toBe(before.length);
  });

  it('when a visit of another business is timed, then it is a 404', async () => {
    const theirs = await createJobAs(t.app, stranger);
    const res = await punchAt(worker, 'visit_start', local('2026-11-19T08:00:00'), {
      jobId: theirs.id,
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('location, only with consent', () => {
  const HERE = { latitude: 30.2672, longitude: -97.7431, accuracyMeters: 12 };

  it('without consent, a location sent with a punch is not kept', async () => {
    const res = await punchAt(leader, 'clock_in', local('2026-11-19T07:00:00'), { location: HERE });
    expect(res.json().locationStored).toBe(false);
    await punchAt(leader, 'clock_out', local('2026-11-19T08:00:00'), { location: HERE });
    const located = (await entriesOf(leader.employeeId)).filter(
      (r) => r.startLatitude !== null || r.endLatitude !== null,
    );
    expect(located).toEqual([]);
  });

  it('with consent, it is kept at work punches but never at a break, and the person sees all of it', async () => {
    const consent = await as(leader, {
      method: 'PUT',
      url: '/api/time/consent',
      payload: { given: true },
    });
    expect(consent.json().locationConsent.given).toBe(true);
    expect(
      (await punchAt(leader, 'clock_in', local('2026-11-19T09:00:00'), { location: HERE })).json()
        .locationStored,
    ).toBe(true);
    expect(
      (
        await punchAt(leader, 'break_start', local('2026-11-19T10:00:00'), { location: HERE })
      ).json().locationStored,
    ).toBe(false);
    expect(
      (await punchAt(leader, 'break_end', local('2026-11-19T10:15:00'), { location: HERE })).json()
        .locationStored,
    ).toBe(false);
    await punchAt(leader, 'clock_out', local('2026-11-19T12:00:00'), { location: HERE });

    const breaks = (await entriesOf(leader.employeeId)).filter((r) => r.kind === 'break');
    expect(breaks.every((b) => b.startLatitude === null && b.endLatitude === null)).toBe(true);
    const mine = await as(leader, { method: 'GET', url: '/api/time/my-locations' });
    expect(mine.json().retentionDays).toBe(90);
    expect(
      mine
        .json()
        .items.map((i: { punch: string }) => i.punch)
        .sort(),
    ).toEqual(['end', 'start']);
  });

  it('after consent is withdrawn, nothing more is kept', async () => {
    await as(leader, { method: 'PUT', url: '/api/time/consent', payload: { given: false } });
    expect(
      (await punchAt(leader, 'clock_in', local('2026-11-19T13:00:00'), { location: HERE })).json()
        .locationStored,
    ).toBe(false);
    await punchAt(leader, 'clock_out', local('2026-11-19T14:00:00'));
  });

  it('past the retention period, the sweep forgets every kept location', async () => {
    const { purged } = await sweepTime(
      t.app.db,
      new Date(local('2026-11-19T09:00:00').getTime() + 91 * 86_400_000),
    );
    expect(purged).toBeGreaterThan(0);
    const mine = await as(leader, { method: 'GET', url: '/api/time/my-locations' });
    expect(mine.json().items).toEqual([]);
  });
});

describe('forgotten punches', () => {
  it('a timer left running past 12 hours is first reminded once, then closed at the limit and flagged', async () => {
    await punchAt(leader, 'clock_in', local('2026-11-20T06:00:00'));
    // Before the reminder window (10 h of 12): nothing happens.
    expect(await sweepTime(t.app.db, local('2026-11-20T15:30:00'))).toMatchObject({
      reminded: 0,
      closed: 0,
    });
    // Inside it: one reminder, and the next sweep does not repeat it.
    expect(await sweepTime(t.app.db, local('2026-11-20T16:30:00'))).toMatchObject({
      reminded: 1,
      closed: 0,
    });
    expect((await sweepTime(t.app.db, local('2026-11-20T17:30:00'))).reminded).toBe(0);
    await until(async () => {
      const told = await t.app.db
        .select({ kind: notifications.kind })
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, leader.userId),
            eq(notifications.kind, 'timer_still_running'),
          ),
        );
      return told.length === 1;
    }, 'the person reminded that their timer still runs');

    const { closed } = await sweepTime(t.app.db, local('2026-11-20T19:00:00'));
    expect(closed).toBe(1);
    const entry = (await entriesOf(leader.employeeId)).find((r) => r.workDate === '2026-11-20');
    expect(entry?.endedAt?.toISOString()).toBe(local('2026-11-20T18:00:00').toISOString());
    expect(entry?.autoClosed).toBe(true);
    // The person is told it was stopped, through the notifications.
    await until(async () => {
      const told = await t.app.db
        .select({ kind: notifications.kind })
        .from(notifications)
        .where(
          and(eq(notifications.userId, leader.userId), eq(notifications.kind, 'timer_auto_closed')),
        );
      return told.length === 1;
    }, 'the person told their timer was stopped');
  });
});

describe('edits leave a trail', () => {
  it('a manager moves an entry with a reason; the original times stay in its trail', async () => {
    const [first] = await entriesOf(worker.employeeId);
    const res = await as(owner, {
      method: 'PATCH',
      url: `/api/time/entries/${first!.id}`,
      payload: {
        startedAt: local('2026-11-16T07:45:00').toISOString(),
        endedAt: local('2026-11-16T17:00:00').toISOString(),
        reason: 'Started early to load the van',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().edited).toBe(true);
    const trail = await as(owner, { method: 'GET', url: `/api/time/entries/${first!.id}/changes` });
    expect(trail.json().items).toEqual([
      expect.objectContaining({
        reason: 'Started early to load the van',
        before: {
          startedAt: local('2026-11-16T08:00:00').toISOString(),
          endedAt: local('2026-11-16T17:00:00').toISOString(),
        },
        after: {
          startedAt: local('2026-11-16T07:45:00').toISOString(),
          endedAt: local('2026-11-16T17:00:00').toISOString(),
        },
      }),
    ]);
  });

  it.each([
    ['no reason', { reason: '' }, 400],
    ['an end before the start', { endedAt: local('2026-11-16T06:00:00').toISOString() }, 400],
    [
      'a start inside another shift of the day',
      {
        startedAt: local('2026-11-17T09:00:00').toISOString(),
        endedAt: local('2026-11-17T10:00:00').toISOString(),
      },
      409,
    ],
  ])('an edit with %s is refused', async (_name, change, status) => {
    const [first] = await entriesOf(worker.employeeId);
    const res = await as(owner, {
      method: 'PATCH',
      url: `/api/time/entries/${first!.id}`,
      payload: {
        startedAt: local('2026-11-16T07:45:00').toISOString(),
        endedAt: local('2026-11-16T17:00:00').toISOString(),
        reason: 'Fix',
        ...change,
      },
    });
    expect(res.statusCode).toBe(status);
  });

  it('a team member cannot edit entries, and another business cannot see them', async () => {
    const [first] = await entriesOf(worker.employeeId);
    const body = {
      startedAt: local('2026-11-16T07:00:00').toISOString(),
      endedAt: local('2026-11-16T17:00:00').toISOString(),
      reason: 'Mine',
    };
    expect(
      (await as(worker, { method: 'PATCH', url: `/api/time/entries/${first!.id}`, payload: body }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await as(stranger, {
          method: 'PATCH',
          url: `/api/time/entries/${first!.id}`,
          payload: body,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await as(stranger, { method: 'GET', url: `/api/time/entries/${first!.id}/changes` }))
        .statusCode,
    ).toBe(404);
  });

  it('a manager adds forgotten time with a reason', async () => {
    clock = local('2026-11-21T18:00:00');
    const res = await as(owner, {
      method: 'POST',
      url: '/api/time/entries',
      payload: {
        employeeId: worker.employeeId,
        kind: 'shift',
        startedAt: local('2026-11-20T08:00:00').toISOString(),
        endedAt: local('2026-11-20T18:00:00').toISOString(),
        reason: 'Forgot the phone at home',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      source: 'manual',
      costRateCents: 2000,
      workDate: '2026-11-20',
    });
    const theirs = await as(stranger, {
      method: 'POST',
      url: '/api/time/entries',
      payload: {
        employeeId: worker.employeeId,
        kind: 'shift',
        startedAt: local('2026-11-19T08:00:00').toISOString(),
        endedAt: local('2026-11-19T09:00:00').toISOString(),
        reason: 'x',
      },
    });
    expect(theirs.statusCode).toBe(404);
  });
});

describe('corrections', () => {
  it('a team member asks for an entry to change; a team leader approves it and the trail says why', async () => {
    clock = local('2026-11-21T09:00:00');
    const [first] = (await entriesOf(worker.employeeId)).filter((r) => r.workDate === '2026-11-17');
    const asked = await as(worker, {
      method: 'POST',
      url: '/api/time/corrections',
      payload: {
        entryId: first!.id,
        startedAt: local('2026-11-17T07:30:00').toISOString(),
        endedAt: local('2026-11-17T16:00:00').toISOString(),
        reason: 'I started at the client’s at 7:30',
      },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json().status).toBe('pending');
    const pending = await as(leader, { method: 'GET', url: '/api/time/corrections' });
    expect(pending.json().items.map((c: { id: string }) => c.id)).toContain(asked.json().id);
    // The worker's crew leader is told; a leader of no crew neither sees nor hears of it.
    await until(async () => {
      const told = await t.app.db
        .select({ userId: notifications.userId })
        .from(notifications)
        .where(eq(notifications.kind, 'correction_requested'));
      return told.some((n) => n.userId === leader.userId);
    }, 'the crew leader told of the correction');
    const told = await t.app.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(eq(notifications.kind, 'correction_requested'));
    expect(told.map((n) => n.userId)).not.toContain(otherLeader.userId);
    const notTheirs = await as(otherLeader, { method: 'GET', url: '/api/time/corrections' });
    expect(notTheirs.json().items).toEqual([]);
    const theirs = await as(worker, { method: 'GET', url: '/api/time/corrections' });
    expect(
      theirs.json().items.every((c: { employeeId: string }) => c.employeeId === worker.employeeId),
    ).toBe(true);

    const decided = await as(leader, {
      method: 'POST',
      url: `/api/time/corrections/${asked.json().id}/decision`,
      payload: { approve: true },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json().status).toBe('approved');
    const entry = (await entriesOf(worker.employeeId)).find((r) => r.id === first!.id);
    expect(entry?.startedAt.toISOString()).toBe(local('2026-11-17T07:30:00').toISOString());
    const trail = await as(owner, { method: 'GET', url: `/api/time/entries/${first!.id}/changes` });
    expect(trail.json().items.at(-1).reason).toMatch(
      /^Correction asked by .+: I started at the client’s at 7:30$/,
    );
    const twice = await as(leader, {
      method: 'POST',
      url: `/api/time/corrections/${asked.json().id}/decision`,
      payload: { approve: false },
    });
    expect(twice.statusCode).toBe(409);
  });

  it('a refused correction changes nothing; time never punched is added when approved', async () => {
    clock = local('2026-11-21T09:00:00');
    const missing = await as(worker, {
      method: 'POST',
      url: '/api/time/corrections',
      payload: {
        startedAt: local('2026-11-19T08:00:00').toISOString(),
        endedAt: local('2026-11-19T12:00:00').toISOString(),
        reason: 'My phone was dead on Thursday morning',
      },
    });
    expect(missing.statusCode).toBe(201);
    const refusedAsk = await as(worker, {
      method: 'POST',
      url: '/api/time/corrections',
      payload: {
        startedAt: local('2026-11-19T13:00:00').toISOString(),
        endedAt: local('2026-11-19T14:00:00').toISOString(),
        reason: 'Extra hour',
      },
    });
    const before = (await entriesOf(worker.employeeId)).length;
    const refused = await as(owner, {
      method: 'POST',
      url: `/api/time/corrections/${refusedAsk.json().id}/decision`,
      payload: { approve: false, note: 'Not on the schedule' },
    });
    expect(refused.json()).toMatchObject({ status: 'refused', note: 'Not on the schedule' });
    expect((await entriesOf(worker.employeeId)).length).toBe(before);
    await as(owner, {
      method: 'POST',
      url: `/api/time/corrections/${missing.json().id}/decision`,
      payload: { approve: true },
    });
    const added = (await entriesOf(worker.employeeId)).find(
      (r) => r.startedAt.toISOString() === local('2026-11-19T08:00:00').toISOString(),
    );
    expect(added).toMatchObject({ kind: 'shift', source: 'manual' });
  });

  it('asking about another person’s entry is a 404; a team member cannot decide; bad input is a 400', async () => {
    const [leaderEntry] = await entriesOf(leader.employeeId);
    const body = {
      entryId: leaderEntry!.id,
      startedAt: local('2026-11-16T07:00:00').toISOString(),
      endedAt: local('2026-11-16T08:00:00').toISOString(),
      reason: 'Mine?',
    };
    expect(
      (await as(worker, { method: 'POST', url: '/api/time/corrections', payload: body }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await as(worker, {
          method: 'POST',
          url: '/api/time/corrections',
          payload: { ...body, entryId: null, reason: '' },
        })
      ).statusCode,
    ).toBe(400);
    const asked = await as(leader, { method: 'POST', url: '/api/time/corrections', payload: body });
    expect(asked.statusCode).toBe(201);
    const byWorker = await as(worker, {
      method: 'POST',
      url: `/api/time/corrections/${asked.json().id}/decision`,
      payload: { approve: true },
    });
    expect(byWorker.statusCode).toBe(403);
    const byStranger = await as(stranger, {
      method: 'POST',
      url: `/api/time/corrections/${asked.json().id}/decision`,
      payload: { approve: true },
    });
    expect(byStranger.statusCode).toBe(404);
  });
});

describe('job costing', () => {
  it('a manager sees the visit’s planned labour against its timed visits, and the margin', async () => {
    const res = await as(owner, { method: 'GET', url: `/api/time/costing/${jobId}` });
    expect(res.statusCode, res.body).toBe(200);
    // Planned: 120 minutes for its one assignee at the calculator's $17.50 an hour. Timed: the
    // worker's 9:00–11:00 visit at their $20.00.
    expect(res.json()).toMatchObject({
      priceCents: 15000,
      estimate: { source: 'planned', minutes: 120, labourCostCents: 3500, toolsCostCents: 0 },
      actual: {
        minutes: 120,
        labourCostCents: 4000,
        unratedMinutes: 0,
        people: [{ employeeId: worker.employeeId, minutes: 120, labourCostCents: 4000 }],
      },
      marginCents: 11000,
      marginPercent: 73.3,
    });
  });

  it('costs are for admins and managers only; another business gets a 404', async () => {
    expect(
      (await as(leader, { method: 'GET', url: `/api/time/costing/${jobId}` })).statusCode,
    ).toBe(403);
    expect(
      (await as(stranger, { method: 'GET', url: `/api/time/costing/${jobId}` })).statusCode,
    ).toBe(404);
    expect(
      (await as(owner, { method: 'GET', url: '/api/time/costing/not-a-uuid' })).statusCode,
    ).toBe(400);
  });
});

describe('who sees whose time', () => {
  it('a team member sees only their own entries; asking for a colleague is a 404', async () => {
    const mine = await as(worker, {
      method: 'GET',
      url: '/api/time/entries?from=2026-11-16&to=2026-11-22',
    });
    expect(mine.statusCode).toBe(200);
    expect(new Set(mine.json().items.map((e: { employeeId: string }) => e.employeeId))).toEqual(
      new Set([worker.employeeId]),
    );
    expect(mine.json().items[0]).not.toHaveProperty('costRateCents');
    const theirs = await as(worker, {
      method: 'GET',
      url: `/api/time/entries?from=2026-11-16&to=2026-11-22&employeeId=${leader.employeeId}`,
    });
    expect(theirs.statusCode).toBe(404);
  });

  it('a team leader sees their crew and not the rest of the team; a manager sees everyone', async () => {
    const outsider = await colleagueOf(t.app, owner, 'team_member');
    await punchAt(outsider, 'clock_in', local('2026-11-17T06:00:00'));
    await punchAt(outsider, 'clock_out', local('2026-11-17T06:30:00'));
    const [outsiderEntry] = await entriesOf(outsider.employeeId);

    const crewWeek = await as(leader, {
      method: 'GET',
      url: '/api/time/timesheets?week=2026-11-16',
    });
    const rows = crewWeek.json().rows.map((r: { employeeId: string }) => r.employeeId);
    expect(new Set(rows)).toEqual(new Set([leader.employeeId, worker.employeeId]));
    const theirs = await as(leader, {
      method: 'GET',
      url: `/api/time/entries?from=2026-11-16&to=2026-11-22&employeeId=${outsider.employeeId}`,
    });
    expect(theirs.statusCode).toBe(404);
    const edit = await as(leader, {
      method: 'PATCH',
      url: `/api/time/entries/${outsiderEntry!.id}`,
      payload: {
        startedAt: local('2026-11-17T06:05:00').toISOString(),
        endedAt: local('2026-11-17T06:30:00').toISOString(),
        reason: 'Not my crew',
      },
    });
    expect(edit.statusCode).toBe(404);
    expect((await entriesOf(outsider.employeeId))[0]!.startedAt).toEqual(outsiderEntry!.startedAt);

    const everyone = await as(owner, {
      method: 'GET',
      url: '/api/time/timesheets?week=2026-11-16',
    });
    const all = everyone.json().rows.map((r: { employeeId: string }) => r.employeeId);
    expect(all).toContain(outsider.employeeId);
  });

  it('a crew is led by a team leader of the business, never by the person themselves', async () => {
    const crewOf = (leaderId: string | null) =>
      as(owner, {
        method: 'PATCH',
        url: `/api/team/employees/${worker.employeeId}`,
        payload: { crewLeaderId: leaderId },
      });
    const byMember = await crewOf(sales.employeeId);
    expect(byMember.statusCode).toBe(400);
    expect(byMember.json().message).toBe('crewLeaderId: Choose a team leader of this business.');
    expect((await crewOf(worker.employeeId)).json().message).toBe(
      'crewLeaderId: A person cannot lead their own crew.',
    );
    const strangerId = await ownEmployeeId(t.app, stranger);
    expect((await crewOf(strangerId)).statusCode).toBe(400);
    expect((await crewOf('not-an-id')).statusCode).toBe(400);
    const kept = await as(owner, {
      method: 'GET',
      url: `/api/team/employees/${worker.employeeId}`,
    });
    expect(kept.json().crewLeaderId).toBe(leader.employeeId);

    const leaders = await as(owner, { method: 'GET', url: '/api/team/employees?role=team_leader' });
    expect(leaders.json().total).toBe(2);
    expect(new Set(leaders.json().items.map((e: { id: string }) => e.id))).toEqual(
      new Set([leader.employeeId, otherLeader.employeeId]),
    );
    const badRole = await as(owner, { method: 'GET', url: '/api/team/employees?role=boss' });
    expect(badRole.json().message).toBe("role: role must be 'team_leader'");
  });

  it('a team leader sees their crew; only managers see costs', async () => {
    const team = await as(leader, {
      method: 'GET',
      url: '/api/time/entries?from=2026-11-16&to=2026-11-22',
    });
    const people = new Set(team.json().items.map((e: { employeeId: string }) => e.employeeId));
    expect(people.has(worker.employeeId) && people.has(leader.employeeId)).toBe(true);
    expect(team.json().items[0]).not.toHaveProperty('costRateCents');
    const managed = await as(owner, {
      method: 'GET',
      url: `/api/time/entries?from=2026-11-16&to=2026-11-22&employeeId=${worker.employeeId}`,
    });
    expect(managed.json().items[0].costRateCents).toBe(2000);
  });

  it.each([
    ['GET', '/api/time/status'],
    ['GET', '/api/time/entries?from=2026-11-16&to=2026-11-22'],
    ['GET', '/api/time/timesheets?week=2026-11-16'],
    ['GET', '/api/time/payroll.csv?from=2026-11-16&to=2026-11-22'],
  ])('a sales person may not use %s %s (403)', async (method, url) => {
    expect((await as(sales, { method: method as 'GET', url })).statusCode).toBe(403);
  });

  it('another business asking for this team member is a 404', async () => {
    const res = await as(stranger, {
      method: 'GET',
      url: `/api/time/entries?from=2026-11-16&to=2026-11-22&employeeId=${worker.employeeId}`,
    });
    expect(res.statusCode).toBe(404);
  });

  it('dates that are not dates, or a range too long, are a 400', async () => {
    expect(
      (await as(owner, { method: 'GET', url: '/api/time/entries?from=monday&to=2026-11-22' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await as(owner, { method: 'GET', url: '/api/time/entries?from=2026-01-01&to=2026-11-22' }))
        .statusCode,
    ).toBe(400);
  });
});

describe('the week: approval, lock and payroll', () => {
  it('the manager sees the week as a grid with regular time, overtime and breaks', async () => {
    // Friday to Sunday: enough hours past 40 to make overtime.
    clock = local('2026-11-22T20:00:00');
    for (const day of ['21', '22']) {
      await as(owner, {
        method: 'POST',
        url: '/api/time/entries',
        payload: {
          employeeId: worker.employeeId,
          kind: 'shift',
          startedAt: local(`2026-11-${day}T06:00:00`).toISOString(),
          endedAt: local(`2026-11-${day}T18:00:00`).toISOString(),
          reason: 'Weekend deep clean',
        },
      });
    }
    const res = await as(owner, { method: 'GET', url: '/api/time/timesheets?week=2026-11-18' });
    expect(res.statusCode).toBe(200);
    const week = res.json();
    expect(week.weekStart).toBe('2026-11-16');
    const row = week.rows.find((r: { employeeId: string }) => r.employeeId === worker.employeeId);
    // Mon 9h15 less a 30 min break, Tue 8h30 (corrected), Wed 1h + 40 min + 1h30, Thu 4h (a
    // correction), Fri 10h, Sat 12h, Sun 12h.
    const worked = 555 - 30 + 510 + 60 + 40 + 90 + 240 + 600 + 720 + 720;
    expect(row.workedMinutes).toBe(worked);
    expect(row.breakMinutes).toBe(30);
    expect(row.overtimeMinutes).toBe(worked - 2400);
    expect(row.regularMinutes).toBe(2400);
    expect(row.flags.edited).toBe(2); // a manager's move, and an approved correction
    expect(row.labourCostCents).toBeGreaterThan(0);
  });

  it('an approved week is locked until reopened, and reopening is recorded', async () => {
    const approve = await as(owner, {
      method: 'POST',
      url: '/api/time/timesheets/actions',
      payload: { employeeId: worker.employeeId, weekStart: '2026-11-16', action: 'approve' },
    });
    expect(approve.statusCode, approve.body).toBe(200);
    const again = await as(owner, {
      method: 'POST',
      url: '/api/time/timesheets/actions',
      payload: { employeeId: worker.employeeId, weekStart: '2026-11-16', action: 'approve' },
    });
    expect(again.statusCode).toBe(409);
    const [first] = await entriesOf(worker.employeeId);
    const edit = await as(owner, {
      method: 'PATCH',
      url: `/api/time/entries/${first!.id}`,
      payload: {
        startedAt: local('2026-11-16T07:30:00').toISOString(),
        endedAt: local('2026-11-16T17:00:00').toISOString(),
        reason: 'Late fix',
      },
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(
      'This week is approved and locked. Reopen it to change its entries.',
    );
    const byWorker = await as(worker, {
      method: 'POST',
      url: '/api/time/timesheets/actions',
      payload: { employeeId: worker.employeeId, weekStart: '2026-11-16', action: 'reopen' },
    });
    expect(byWorker.statusCode).toBe(403);
  });

  it('the payroll CSV carries the approved week with its regular and overtime hours, the same each time', async () => {
    const url = '/api/time/payroll.csv?from=2026-11-16&to=2026-11-29';
    const res = await as(owner, { method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const [header, line, ...rest] = res.body.trim().split('\n');
    expect(header).toBe(
      'Employee ID,Last Name,First Name,Period Start,Period End,Regular Hours,Overtime Hours,Break Hours,Labor Cost',
    );
    expect(rest).toEqual([]); // only the approved week's person
    const cells = line!.split(',');
    expect(cells[0]).toBe(worker.employeeId);
    expect(cells.slice(5, 8)).toEqual([
      '40.00',
      ((555 - 30 + 510 + 60 + 40 + 90 + 240 + 600 + 720 + 720 - 2400) / 60).toFixed(2),
      '0.50',
    ]);
    expect((await as(owner, { method: 'GET', url })).body).toBe(res.body);
    expect((await as(leader, { method: 'GET', url })).statusCode).toBe(403);
  });

  it('a paid week cannot be reopened', async () => {
    const act = (action: string) =>
      as(owner, {
        method: 'POST',
        url: '/api/time/timesheets/actions',
        payload: { employeeId: worker.employeeId, weekStart: '2026-11-16', action },
      });
    expect((await act('mark_paid')).statusCode).toBe(200);
    const reopen = await act('reopen');
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json().message).toBe('This week is paid and cannot be reopened.');
  });

  it('reopening an approved week unlocks it', async () => {
    const ownerEmployee = await ownEmployeeId(t.app, owner);
    const act = (action: string) =>
      as(owner, {
        method: 'POST',
        url: '/api/time/timesheets/actions',
        payload: { employeeId: ownerEmployee, weekStart: '2026-11-16', action },
      });
    expect((await act('approve')).statusCode).toBe(200);
    const reopened = await act('reopen');
    expect(reopened.statusCode).toBe(200);
    const row = reopened
      .json()
      .rows.find((r: { employeeId: string }) => r.employeeId === ownerEmployee);
    expect(row.status).toBe('open');
  });
});

describe('the business’s time rules', () => {
  it('start at the defaults; a manager changes them and the week counts by the new rules', async () => {
    const defaults = await as(worker, { method: 'GET', url: '/api/time/settings' });
    expect(defaults.json()).toEqual({
      weekStartsOn: 1,
      weeklyOvertimeHours: 40,
      dailyOvertimeHours: null,
      forgottenPunchHours: 12,
      locationRetentionDays: 90,
    });
    const rules = { ...defaults.json(), weeklyOvertimeHours: 50, dailyOvertimeHours: 10 };
    expect(
      (await as(owner, { method: 'PUT', url: '/api/time/settings', payload: rules })).statusCode,
    ).toBe(200);
    const week = await as(owner, { method: 'GET', url: '/api/time/timesheets?week=2026-11-16' });
    const row = week
      .json()
      .rows.find((r: { employeeId: string }) => r.employeeId === worker.employeeId);
    // Daily: Saturday's and Sunday's 12 h are 2 h over 10 each; weekly: the rest against 50 h.
    const worked = 555 - 30 + 510 + 60 + 40 + 90 + 240 + 600 + 720 + 720;
    expect(row.overtimeMinutes).toBe(240 + Math.max(0, worked - 240 - 3000));
    await as(owner, { method: 'PUT', url: '/api/time/settings', payload: defaults.json() });
  });

  it('a week that starts on Sunday groups the days from Sunday', async () => {
    const defaults = (await as(owner, { method: 'GET', url: '/api/time/settings' })).json();
    await as(owner, {
      method: 'PUT',
      url: '/api/time/settings',
      payload: { ...defaults, weekStartsOn: 0 },
    });
    const week = await as(owner, { method: 'GET', url: '/api/time/timesheets?week=2026-11-18' });
    expect(week.json().weekStart).toBe('2026-11-15');
    await as(owner, { method: 'PUT', url: '/api/time/settings', payload: defaults });
  });

  it('only admins and managers change them; values out of range are a 400 with the reason', async () => {
    const defaults = (await as(owner, { method: 'GET', url: '/api/time/settings' })).json();
    expect(
      (await as(leader, { method: 'PUT', url: '/api/time/settings', payload: defaults }))
        .statusCode,
    ).toBe(403);
    const bad = await as(owner, {
      method: 'PUT',
      url: '/api/time/settings',
      payload: { ...defaults, forgottenPunchHours: 30 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('A timer is stopped after 1 to 24 hours.');
  });

  it('a business’s own forgotten-punch limit closes its timers at that limit', async () => {
    const defaults = (await as(owner, { method: 'GET', url: '/api/time/settings' })).json();
    await as(owner, {
      method: 'PUT',
      url: '/api/time/settings',
      payload: { ...defaults, forgottenPunchHours: 4 },
    });
    await punchAt(leader, 'clock_in', local('2026-11-24T06:00:00'));
    await sweepTime(t.app.db, local('2026-11-24T11:00:00'));
    const entry = (await entriesOf(leader.employeeId)).find((r) => r.workDate === '2026-11-24');
    expect(entry?.endedAt?.toISOString()).toBe(local('2026-11-24T10:00:00').toISOString());
    await as(owner, { method: 'PUT', url: '/api/time/settings', payload: defaults });
  });
});

describe('bad input and other businesses on the remaining endpoints', () => {
  it.each([
    ['GET', '/api/time/corrections?status=lost', undefined],
    ['PUT', '/api/time/consent', { given: 'yes' }],
    [
      'POST',
      '/api/time/timesheets/actions',
      { employeeId: 'x', weekStart: '2026-11-16', action: 'approve' },
    ],
    [
      'POST',
      '/api/time/timesheets/actions',
      { employeeId: crypto.randomUUID(), weekStart: 'monday', action: 'approve' },
    ],
    [
      'POST',
      '/api/time/timesheets/actions',
      { employeeId: crypto.randomUUID(), weekStart: '2026-11-16', action: 'burn' },
    ],
    ['GET', '/api/time/timesheets?week=someday', undefined],
    ['GET', '/api/time/entries/not-a-uuid/changes', undefined],
    ['POST', '/api/time/corrections/not-a-uuid/decision', { approve: true }],
    ['GET', '/api/time/payroll.csv?from=2026-11-16&to=2026-01-01', undefined],
  ])('%s %s with bad input is a 400', async (method, url, payload) => {
    const res = await as(owner, { method: method as 'GET', url, payload });
    expect(res.statusCode, res.body).toBe(400);
  });

  it('another business’s team member in a week action, or its entry’s history, is a 404', async () => {
    const action = await as(stranger, {
      method: 'POST',
      url: '/api/time/timesheets/actions',
      payload: { employeeId: worker.employeeId, weekStart: '2026-11-16', action: 'approve' },
    });
    expect(action.statusCode).toBe(404);
    const [entry] = await entriesOf(worker.employeeId);
    const trail = await as(stranger, {
      method: 'GET',
      url: `/api/time/entries/${entry!.id}/changes`,
    });
    expect(trail.statusCode).toBe(404);
  });
});
