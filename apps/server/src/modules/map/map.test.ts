import type { MapResponse, RouteSuggestion } from '@crewdesk/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asUser,
  createTestApp,
  signedInUser,
  type SignedInUser,
  type TestApp,
} from '../../../test/build-app.ts';
import { addContact } from '../../../test/customers.ts';
import { colleagueOf, createJobAs, type Colleague } from '../../../test/jobs.ts';
import { ownerWithBusinessProfile } from '../../../test/requests.ts';

const NOW = new Date('2026-11-20T15:00:00Z');
const DAY = '2026-12-03';
// Around Austin, the business's ZIP 78701 (its centre is the start of a route).
const NEAR = { latitude: 30.27, longitude: -97.74 };
const MIDDLE = { latitude: 30.4, longitude: -97.7 };
const FAR = { latitude: 30.51, longitude: -97.68 };

describe('map', () => {
  let t: TestApp;
  let owner: SignedInUser;
  let worker: Colleague;

  beforeAll(async () => {
    t = await createTestApp({
      now: () => NOW,
      mapTileUrl: 'https://tiles.example.test/{z}/{x}/{y}.png',
      mapTileAttribution: '© Test',
    });
    owner = await ownerWithBusinessProfile(t.app);
    worker = await colleagueOf(t.app, owner);
  });
  afterAll(() => t.close());

  async function visit(
    title: string,
    time: string,
    position: { latitude: number; longitude: number } | null,
  ) {
    return createJobAs(t.app, owner, {
      title,
      startsAt: `${DAY}T${time}`,
      durationMinutes: 60,
      assigneeIds: [worker.employeeId],
      latitude: position?.latitude ?? null,
      longitude: position?.longitude ?? null,
    });
  }

  it('when the owner opens a day, then its visits and the customers with a position are pins', async () => {
    await addContact(t.app, owner, { firstName: 'Pinned', latitude: 30.3, longitude: -97.75 });
    await addContact(t.app, owner, { firstName: 'Unplaced' });
    const far = await visit('Far visit', '09:00:00', FAR);
    const res = await asUser(t.app, owner, { method: 'GET', url: `/api/map?date=${DAY}` });
    expect(res.statusCode, res.body).toBe(200);
    const map: MapResponse = res.json();
    expect(map.visits.map((v) => v.id)).toContain(far.id);
    expect(map.customers.map((c) => c.name)).toEqual([expect.stringMatching(/^Pinned/)]);
    expect(map.start).toMatchObject({
      latitude: expect.closeTo(30.27, 1),
      longitude: expect.closeTo(-97.74, 1),
    });
    expect(map).toMatchObject({
      tileUrl: 'https://tiles.example.test/{z}/{x}/{y}.png',
      tileAttribution: '© Test',
    });
  });

  it('when a route is suggested and applied, then the day is laid out nearest first from the business', async () => {
    const boss = await ownerWithBusinessProfile(t.app);
    const crew = await colleagueOf(t.app, boss);
    const make = (
      title: string,
      time: string,
      position: { latitude: number; longitude: number } | null,
    ) =>
      createJobAs(t.app, boss, {
        title,
        startsAt: `${DAY}T${time}`,
        durationMinutes: 60,
        assigneeIds: [crew.employeeId],
        latitude: position?.latitude ?? null,
        longitude: position?.longitude ?? null,
      });
    const far = await make('Far', '08:00:00', FAR);
    const near = await make('Near', '10:00:00', NEAR);
    const middle = await make('Middle', '13:00:00', MIDDLE);
    const unplaced = await make('Nowhere', '15:00:00', null);

    const suggestion: RouteSuggestion = (
      await asUser(t.app, boss, {
        method: 'POST',
        url: '/api/map/route',
        payload: { date: DAY, assigneeId: crew.employeeId },
      })
    ).json();
    expect(suggestion.order).toEqual([near.id, middle.id, far.id]);
    expect(suggestion.skipped).toEqual([unplaced.id]);
    expect(suggestion.totalKm).toBeGreaterThan(20);
    expect(suggestion.totalKm).toBeLessThan(35);

    const applied = await asUser(t.app, boss, {
      method: 'POST',
      url: '/api/map/route/apply',
      payload: { date: DAY, assigneeId: crew.employeeId, order: suggestion.order },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const times = Object.fromEntries(
      (applied.json().visits as { title: string; localStartsAt: string }[]).map((v) => [
        v.title,
        v.localStartsAt.slice(11, 16),
      ]),
    );
    expect(times).toEqual({ Near: '08:00', Middle: '09:00', Far: '10:00', Nowhere: '15:00' });
  });

  it('when any member asks where tiles come from, then the configuration answers; signed out 401', async () => {
    const crew = await colleagueOf(t.app, owner);
    const res = await asUser(t.app, crew, { method: 'GET', url: '/api/map-tiles' });
    expect(res.json()).toEqual({
      tileUrl: 'https://tiles.example.test/{z}/{x}/{y}.png',
      tileAttribution: '© Test',
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/map-tiles' })).statusCode).toBe(401);
  });

  it("when the order names a visit that is not that member's that day, then 400 and nothing moves", async () => {
    const other = await visit('Other member', '11:00:00', NEAR);
    const stranger = await signedInUser(t.app);
    const res = await asUser(t.app, owner, {
      method: 'POST',
      url: '/api/map/route/apply',
      payload: {
        date: DAY,
        assigneeId: (await colleagueOf(t.app, owner)).employeeId,
        order: [other.id],
      },
    });
    expect(res.statusCode).toBe(400);
    const after = (
      await asUser(t.app, owner, { method: 'GET', url: `/api/jobs/${other.id}` })
    ).json();
    expect(after.localStartsAt).toBe(`${DAY}T11:00:00`);
    expect(
      (await asUser(t.app, stranger, { method: 'GET', url: `/api/map?date=${DAY}` })).json().visits,
    ).toEqual([]);
    expect(
      (await asUser(t.app, owner, { method: 'GET', url: '/api/map?date=soon' })).statusCode,
    ).toBe(400);
  });
});
