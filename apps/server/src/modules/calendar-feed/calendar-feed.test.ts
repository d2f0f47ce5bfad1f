import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, createTestApp, type SignedInUser, type TestApp } from '../../../test/build-app.ts';
import { addContact } from '../../../test/customers.ts';
import { colleagueOf, createJobAs, type Colleague } from '../../../test/jobs.ts';
import { ownerWithBusinessProfile } from '../../../test/requests.ts';
import { accountMembers } from '../../db/schema/index.ts';
import { foldLine } from './ical.ts';

const NOW = new Date('2026-11-20T15:00:00Z');

describe('calendar feed', () => {
  let t: TestApp;
  let owner: SignedInUser;
  let worker: Colleague;

  beforeAll(async () => {
    t = await createTestApp({ now: () => NOW });
    owner = await ownerWithBusinessProfile(t.app);
    worker = await colleagueOf(t.app, owner);
  });
  afterAll(() => t.close());

  const call = (user: SignedInUser, method: 'GET' | 'POST' | 'DELETE') =>
    asUser(t.app, user, { method, url: '/api/calendar-feed' });
  const fetchFeed = (url: string) => t.app.inject({ method: 'GET', url: new URL(url).pathname });

  it('when a member subscribes, then an iCalendar library reads their visits from the feed, and only theirs', async () => {
    const contact = await addContact(t.app, owner, {
      firstName: 'Rosa',
      lastName: 'Diaz',
      phone: '(512) 555-0142',
    });
    const mine = await createJobAs(t.app, owner, {
      title: 'Kitchen deep clean; oven, fridge',
      customerId: contact.id,
      location: '12 Elm St, Austin, TX',
      startsAt: '2026-12-02T10:30:00',
      durationMinutes: 90,
      assigneeIds: [worker.employeeId],
    });
    await createJobAs(t.app, owner, {
      title: 'Not for the worker',
      startsAt: '2026-12-02T13:00:00',
    });

    expect((await call(worker, 'GET')).json()).toEqual({ url: null });
    const { url } = (await call(worker, 'POST')).json();
    expect(url).toMatch(/^http:\/\/localhost:3000\/api\/public\/calendar\/[\w-]{20,64}\.ics$/);
    expect((await call(worker, 'GET')).json()).toEqual({ url });

    const res = await fetchFeed(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');

    const calendar = new ICAL.Component(ICAL.parse(res.body));
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event!.uid).toBe(`${mine.id}@crewdesk`);
    expect(event!.summary).toBe('Kitchen deep clean; oven, fridge — Rosa Diaz');
    expect(event!.location).toBe('12 Elm St, Austin, TX');
    expect(event!.startDate.toJSDate().toISOString()).toBe('2026-12-02T16:30:00.000Z');
    expect(event!.endDate.toJSDate().toISOString()).toBe('2026-12-02T18:00:00.000Z');
    expect(event!.description).toContain('Phone: (512) 555-0142');
  });

  it('when the link is reset or turned off, then the old one answers 404', async () => {
    const first = (await call(worker, 'POST')).json().url;
    const second = (await call(worker, 'POST')).json().url;
    expect(second).not.toBe(first);
    expect((await fetchFeed(first)).statusCode).toBe(404);
    expect((await fetchFeed(second)).statusCode).toBe(200);
    expect((await call(worker, 'DELETE')).json()).toEqual({ url: null });
    expect((await fetchFeed(second)).statusCode).toBe(404);
  });

  describe('when the member no longer works the schedule of the business', () => {
    /** A new worker with a visit and a feed that serves it. */
    async function subscribedWorker() {
      const member = await colleagueOf(t.app, owner);
      const contact = await addContact(t.app, owner, {
        firstName: 'Ada',
        lastName: 'Okafor',
        phone: '(512) 555-0199',
      });
      await createJobAs(t.app, owner, {
        customerId: contact.id,
        location: '7 Birch Rd, Austin, TX',
        startsAt: '2026-12-03T10:00:00',
        assigneeIds: [member.employeeId],
      });
      const { url } = (await call(member, 'POST')).json();
      const before = await fetchFeed(url);
      expect(before.statusCode).toBe(200);
      expect(before.body).toContain('Ada Okafor');
      return { member, url: url as string };
    }
    const admin = (method: 'POST' | 'PATCH', url: string, payload?: object) =>
      asUser(t.app, owner, { method, url, payload });

    it('when they are deactivated, then their feed answers 404 at once, and again after reactivation it serves', async () => {
      const { member, url } = await subscribedWorker();
      const res = await admin('POST', `/api/team/members/${member.userId}/deactivate`);
      expect(res.statusCode, res.body).toBe(200);

      const after = await fetchFeed(url);
      expect(after.statusCode).toBe(404);
      expect(after.body).not.toMatch(/Ada|Okafor|555-0199|Birch/);

      await admin('POST', `/api/team/members/${member.userId}/reactivate`);
      expect((await fetchFeed(url)).statusCode).toBe(200);
    });

    it('when they are removed from the business, then their feed answers 404', async () => {
      const { member, url } = await subscribedWorker();
      await t.app.db
        .delete(accountMembers)
        .where(
          and(
            eq(accountMembers.organizationId, owner.accountId),
            eq(accountMembers.userId, member.userId),
          ),
        );
      const after = await fetchFeed(url);
      expect(after.statusCode).toBe(404);
      expect(after.body).not.toMatch(/Ada|Okafor|555-0199|Birch/);
    });

    it('when their role changes to one without the schedule, then their feed answers 404', async () => {
      const { member, url } = await subscribedWorker();
      const res = await admin('PATCH', `/api/team/members/${member.userId}`, {
        role: 'sales_person',
      });
      expect(res.statusCode, res.body).toBe(200);
      const after = await fetchFeed(url);
      expect(after.statusCode).toBe(404);
      expect(after.body).not.toMatch(/Ada|Okafor|555-0199|Birch/);
    });
  });

  it('when the address is not a feed token, then 400; an unknown token 404', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/public/calendar/x.ics' })).statusCode,
    ).toBe(400);
    const unknown = await t.app.inject({
      method: 'GET',
      url: `/api/public/calendar/${'a'.repeat(32)}.ics`,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('when a line is longer than 75 octets, then it is folded without splitting a character', () => {
    const line = `SUMMARY:${'é'.repeat(60)}`;
    const folded = foldLine(line);
    for (const part of folded.split('\r\n'))
      expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
  });
});
