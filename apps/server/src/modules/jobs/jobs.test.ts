import { JOB_LIST_MAX_LIMIT, VISIT_CHANGED_MESSAGE, type JobDetail } from '@crewdesk/domain';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asUser,
  createTestApp,
  signedInUser,
  type SignedInUser,
  type TestApp,
} from '../../../test/build-app.ts';
import { addContact, ownEmployeeId } from '../../../test/customers.ts';
import { colleagueOf, createJobAs, jobBody, type Colleague } from '../../../test/jobs.ts';
import { ownerWithBusinessProfile } from '../../../test/requests.ts';
import { jobAssignees, jobEvents, jobs, jobSeries } from '../../db/schema/index.ts';
import { extendAllSeries, generateSeriesVisits } from './job-series.ts';

// The app's clock: Friday 20 November 2026, 9:00 AM in Austin (America/Chicago, UTC-6).
const NOW = new Date('2026-11-20T15:00:00Z');

describe('jobs', () => {
  let t: TestApp;
  let owner: SignedInUser;
  let worker: Colleague;
  let ownerEmployee: string;

  beforeAll(async () => {
    t = await createTestApp({ now: () => NOW });
    owner = await ownerWithBusinessProfile(t.app);
    worker = await colleagueOf(t.app, owner, 'team_member');
    ownerEmployee = await ownEmployeeId(t.app, owner);
  });
  afterAll(() => t.close());

  const get = (user: SignedInUser, url: string) => asUser(t.app, user, { method: 'GET', url });
  const post = (user: SignedInUser, url: string, payload?: object) =>
    asUser(t.app, user, { method: 'POST', url, payload });

  describe('POST /api/jobs', () => {
    it("when the owner saves the dialog, then the job is stored at that wall-clock time in the business's zone", async () => {
      const contact = await addContact(t.app, owner, { address: '12 Elm St', city: 'Austin' });
      const job = await createJobAs(t.app, owner, {
        customerId: contact.id,
        assigneeIds: [worker.employeeId],
        startsAt: '2026-12-01T09:30:00',
        type: 'inspection',
        priceCents: 12550,
        notes: 'Gate code 1234',
        checklist: ['Kitchen', 'Bathrooms'],
      });

      expect(job).toMatchObject({
        title: 'Office cleaning',
        status: 'scheduled',
        type: 'inspection',
        startsAt: '2026-12-01T15:30:00.000Z',
        localStartsAt: '2026-12-01T09:30:00',
        date: '2026-12-01',
        time: '9:30 AM',
        priceCents: 12550,
        recurring: false,
        frequency: 'one-time',
        canEdit: true,
        canWork: true,
        timeZone: 'America/Chicago',
      });
      expect(job.customer?.id).toBe(contact.id);
      expect(job.assignees.map((a) => a.id)).toEqual([worker.employeeId]);
      expect(job.checklist.map((c) => [c.label, c.done])).toEqual([
        ['Kitchen', false],
        ['Bathrooms', false],
      ]);
      expect(job.history.map((e) => e.kind)).toEqual(['created']);
      const [stored] = await t.app.db.select().from(jobs).where(eq(jobs.id, job.id));
      expect(stored?.startsAt?.toISOString()).toBe('2026-12-01T15:30:00.000Z');
      expect(stored?.accountId).toBe(owner.accountId);
    });

    it("when the title or the location is missing, then 400 says 'Required' and nothing is stored", async () => {
      const before = await t.app.db
        .select({ id: jobs.id })
        .from(jobs)
        .where(eq(jobs.accountId, owner.accountId));
      const res = await post(owner, '/api/jobs', jobBody({ title: ' ', location: '' }));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('Required');
      const after = await t.app.db
        .select({ id: jobs.id })
        .from(jobs)
        .where(eq(jobs.accountId, owner.accountId));
      expect(after).toHaveLength(before.length);
    });

    it('when a task has no location, then it is saved', async () => {
      const res = await post(owner, '/api/jobs', { kind: 'task', title: 'Order supplies' });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ kind: 'task', startsAt: null, location: '' });
    });

    it("when the client or the assignee is another business's, then 400 and nothing is stored", async () => {
      const stranger = await signedInUser(t.app);
      const theirContact = await addContact(t.app, stranger);
      const theirEmployee = await ownEmployeeId(t.app, stranger);
      for (const body of [
        jobBody({ customerId: theirContact.id }),
        jobBody({ assigneeIds: [theirEmployee] }),
      ]) {
        const res = await post(owner, '/api/jobs', { ...body, title: 'Foreign refs' });
        expect(res.statusCode).toBe(400);
      }
      const stored = await t.app.db.select().from(jobs).where(eq(jobs.title, 'Foreign refs'));
      expect(stored).toEqual([]);
    });

    it('when a team_member creates a job, then 403', async () => {
      const res = await post(worker, '/api/jobs', jobBody());
      expect(res.statusCode).toBe(403);
    });
  });

  describe("another business's visit", () => {
    it('when any visit endpoint is called with its id, then 404 and the visit is unchanged', async () => {
      const stranger = await signedInUser(t.app);
      const theirs = await createJobAs(t.app, stranger, { checklist: ['Floors'] });
      const item = theirs.checklist[0]!.id;
      const photo = crypto.randomUUID();
      const calls: [string, string, object?][] = [
        ['GET', `/api/jobs/${theirs.id}`],
        ['PUT', `/api/jobs/${theirs.id}`, jobBody()],
        ['DELETE', `/api/jobs/${theirs.id}`],
        ['POST', `/api/jobs/${theirs.id}/status`, { status: 'on_the_way' }],
        ['POST', `/api/jobs/${theirs.id}/checklist`, { label: 'Extra' }],
        ['PATCH', `/api/jobs/${theirs.id}/checklist/${item}`, { done: true }],
        ['DELETE', `/api/jobs/${theirs.id}/checklist/${item}`],
        ['POST', `/api/jobs/${theirs.id}/notes`, { text: 'Hello' }],
        ['GET', `/api/jobs/${theirs.id}/photos/${photo}`],
        ['DELETE', `/api/jobs/${theirs.id}/photos/${photo}`],
        ['POST', `/api/jobs/${theirs.id}/skip`],
        ['POST', `/api/jobs/${theirs.id}/end-series`],
        [
          'PATCH',
          `/api/jobs/${theirs.id}/schedule`,
          { startsAt: '2026-12-09T10:00:00', version: 1 },
        ],
      ];
      for (const [method, url, payload] of calls) {
        const res = await asUser(t.app, owner, { method: method as 'GET', url, payload });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
      const photoUpload = await asUser(t.app, owner, {
        method: 'POST',
        url: `/api/jobs/${theirs.id}/photos`,
        headers: { 'content-type': 'image/png' },
        payload: await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
          .png()
          .toBuffer(),
      });
      expect(photoUpload.statusCode).toBe(404);
      const after: JobDetail = (await get(stranger, `/api/jobs/${theirs.id}`)).json();
      expect(after).toMatchObject({ status: 'scheduled', version: theirs.version, photos: [] });
      expect(after.checklist).toEqual(theirs.checklist);
      expect(after.history.map((e) => e.kind)).toEqual(['created']);
    });
  });

  describe('GET /api/jobs/:id', () => {
    it("when the id is another business's job, then 404", async () => {
      const stranger = await signedInUser(t.app);
      const theirs = await createJobAs(t.app, stranger);
      expect((await get(owner, `/api/jobs/${theirs.id}`)).statusCode).toBe(404);
      expect(
        (await post(owner, `/api/jobs/${theirs.id}/status`, { status: 'in_progress' })).statusCode,
      ).toBe(404);
      expect((await get(owner, '/api/jobs/not-a-uuid')).statusCode).toBe(400);
    });

    it('when a team_member opens a visit of someone else, then 404 as for a record they cannot see', async () => {
      const job = await createJobAs(t.app, owner, { assigneeIds: [ownerEmployee] });
      const res = await get(worker, `/api/jobs/${job.id}`);
      expect(res.statusCode).toBe(404);
      expect(Object.keys(res.json()).sort()).toEqual(['code', 'message']);
    });
  });

  describe('the field worker', () => {
    it('when the assigned team_member goes on the way, starts and completes, then each step is timed and in the history', async () => {
      const job = await createJobAs(t.app, owner, {
        assigneeIds: [worker.employeeId],
        checklist: ['Windows'],
      });
      for (const status of ['on_the_way', 'in_progress']) {
        const res = await post(worker, `/api/jobs/${job.id}/status`, { status });
        expect(res.statusCode, res.body).toBe(200);
      }
      const item = job.checklist[0]!;
      const ticked = await asUser(t.app, worker, {
        method: 'PATCH',
        url: `/api/jobs/${job.id}/checklist/${item.id}`,
        payload: { done: true },
      });
      expect(ticked.json().checklist[0]).toMatchObject({ label: 'Windows', done: true });
      const done: JobDetail = (
        await post(worker, `/api/jobs/${job.id}/status`, { status: 'completed' })
      ).json();

      expect(done.status).toBe('completed');
      expect(done.onTheWayAt).toBe(NOW.toISOString());
      expect(done.startedAt).toBe(NOW.toISOString());
      expect(done.completedAt).toBe(NOW.toISOString());
      expect(done.timeOnSiteMinutes).toBe(0);
      expect(done.history.map((e) => e.kind)).toEqual([
        'created',
        'status_changed',
        'status_changed',
        'checklist_checked',
        'status_changed',
      ]);
    });

    it('when a team_member changes a visit assigned to someone else, then 404 and nothing changes', async () => {
      const job = await createJobAs(t.app, owner, {
        assigneeIds: [ownerEmployee],
        checklist: ['Floors'],
      });
      const attempts = [
        post(worker, `/api/jobs/${job.id}/status`, { status: 'in_progress' }),
        post(worker, `/api/jobs/${job.id}/notes`, { text: 'Not mine' }),
        post(worker, `/api/jobs/${job.id}/checklist`, { label: 'Extra' }),
        asUser(t.app, worker, {
          method: 'PATCH',
          url: `/api/jobs/${job.id}/checklist/${job.checklist[0]!.id}`,
          payload: { done: true },
        }),
      ];
      for (const res of await Promise.all(attempts)) expect(res.statusCode).toBe(404);
      const after: JobDetail = (await get(owner, `/api/jobs/${job.id}`)).json();
      expect(after.status).toBe('scheduled');
      expect(after.checklist).toEqual(job.checklist);
      expect(after.history.map((e) => e.kind)).toEqual(['created']);
    });

    it('when a visit skips a step backwards or a worker cancels, then it is refused', async () => {
      const job = await createJobAs(t.app, owner, { assigneeIds: [worker.employeeId] });
      const jump = await post(worker, `/api/jobs/${job.id}/status`, { status: 'completed' });
      expect(jump.statusCode).toBe(409);
      expect(jump.json().message).toBe('A visit that is scheduled cannot become completed.');
      expect(
        (await post(worker, `/api/jobs/${job.id}/status`, { status: 'cancelled' })).statusCode,
      ).toBe(403);
      expect(
        (await post(owner, `/api/jobs/${job.id}/status`, { status: 'cancelled' })).statusCode,
      ).toBe(200);
      expect(
        (await post(owner, `/api/jobs/${job.id}/status`, { status: 'bogus' })).statusCode,
      ).toBe(400);
    });

    it('when a photo is attached, then it is stored resized to at most 1600 px and served back', async () => {
      const job = await createJobAs(t.app, owner, { assigneeIds: [worker.employeeId] });
      const big = await sharp({
        create: { width: 3200, height: 2400, channels: 3, background: '#3a7' },
      })
        .png()
        .toBuffer();
      const res = await asUser(t.app, worker, {
        method: 'POST',
        url: `/api/jobs/${job.id}/photos?label=after`,
        headers: { 'content-type': 'image/png' },
        payload: big,
      });
      expect(res.statusCode, res.body).toBe(200);
      const [photo] = (res.json() as JobDetail).photos;
      expect(photo).toMatchObject({ label: 'after', width: 1600, height: 1200 });
      const image = await get(worker, photo!.url);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/jpeg');
      const meta = await sharp(image.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([1600, 1200]);
    });

    it('when the photo is not an image, then 400 and nothing is stored', async () => {
      const job = await createJobAs(t.app, owner, { assigneeIds: [worker.employeeId] });
      const res = await asUser(t.app, worker, {
        method: 'POST',
        url: `/api/jobs/${job.id}/photos`,
        headers: { 'content-type': 'image/png' },
        payload: Buffer.from('not an image at all'),
      });
      expect(res.statusCode).toBe(400);
      expect((await get(owner, `/api/jobs/${job.id}`)).json().photos).toEqual([]);
    });
  });

  describe('recurring visits', () => {
    it('when a weekly job is created, then its visits are generated every week up to the horizon', async () => {
      const job = await createJobAs(t.app, owner, {
        title: 'Weekly clean',
        frequency: 'weekly',
        startsAt: '2026-11-24T08:00:00',
        assigneeIds: [worker.employeeId],
        checklist: ['Trash'],
      });
      expect(job).toMatchObject({
        recurring: true,
        frequency: 'weekly',
        localStartsAt: '2026-11-24T08:00:00',
      });
      expect(job.series?.rrule).toBe('FREQ=WEEKLY;INTERVAL=1');
      const visits = await t.app.db
        .select({ date: jobs.occurrenceDate, startsAt: jobs.startsAt })
        .from(jobs)
        .where(eq(jobs.seriesId, job.seriesId!))
        .orderBy(jobs.occurrenceDate);
      // 24 Nov 2026 to the horizon (20 Nov + 90 days = 18 Feb 2027): 13 Tuesdays.
      expect(visits.map((v) => v.date)).toEqual([
        '2026-11-24',
        '2026-12-01',
        '2026-12-08',
        '2026-12-15',
        '2026-12-22',
        '2026-12-29',
        '2027-01-05',
        '2027-01-12',
        '2027-01-19',
        '2027-01-26',
        '2027-02-02',
        '2027-02-09',
        '2027-02-16',
      ]);
      // Every visit at 8:00 AM in Austin (UTC-6 all winter).
      expect(new Set(visits.map((v) => v.startsAt?.toISOString().slice(11)))).toEqual(
        new Set(['14:00:00.000Z']),
      );
      const second = visits[1]!;
      const [copy] = await t.app.db
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.seriesId, job.seriesId!), eq(jobs.occurrenceDate, second.date!)));
      const detail: JobDetail = (await get(owner, `/api/jobs/${copy!.id}`)).json();
      expect(detail.assignees.map((a) => a.id)).toEqual([worker.employeeId]);
      expect(detail.checklist.map((c) => c.label)).toEqual(['Trash']);
    });

    it('when the generator runs twice, or twice at once, then no visit is made twice', async () => {
      const job = await createJobAs(t.app, owner, {
        frequency: 'bi-weekly',
        startsAt: '2026-11-23T10:00:00',
      });
      const count = async () =>
        (await t.app.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.seriesId, job.seriesId!)))
          .length;
      const before = await count();

      await extendAllSeries(t.app.db, NOW);
      await extendAllSeries(t.app.db, NOW);
      expect(await count()).toBe(before);

      // A month later the horizon moves on: the new visits are made once, even by two runs at once.
      const later = new Date('2026-12-20T15:00:00Z');
      await Promise.all([extendAllSeries(t.app.db, later), extendAllSeries(t.app.db, later)]);
      const afterMonth = await count();
      expect(afterMonth).toBeGreaterThan(before);
      const [series] = await t.app.db
        .select()
        .from(jobSeries)
        .where(eq(jobSeries.id, job.seriesId!));
      // Forget the mark: generating the whole range again must find every visit already there.
      const made = await generateSeriesVisits(
        t.app.db,
        { ...series!, generatedUntil: null },
        'America/Chicago',
        series!.generatedUntil!,
      );
      expect(made).toBe(0);
      expect(await count()).toBe(afterMonth);
      const assigneeRows = await t.app.db
        .select()
        .from(jobAssignees)
        .where(eq(jobAssignees.accountId, owner.accountId));
      expect(new Set(assigneeRows.map((r) => `${r.jobId}:${r.employeeId}`)).size).toBe(
        assigneeRows.length,
      );
    });

    it("when one visit is edited with 'this', then only that visit changes", async () => {
      const first = await createJobAs(t.app, owner, {
        title: 'Series A',
        frequency: 'weekly',
        startsAt: '2026-11-25T09:00:00',
      });
      const [, second] = await seriesVisits(first.seriesId!);
      const res = await asUser(t.app, owner, {
        method: 'PUT',
        url: `/api/jobs/${second!.id}?scope=this`,
        payload: jobBody({
          title: 'Series A (moved)',
          startsAt: '2026-12-03T13:00:00',
          frequency: 'weekly',
        }),
      });
      expect(res.statusCode, res.body).toBe(200);
      const visits = await seriesVisits(first.seriesId!);
      expect(visits.map((v) => v.title).slice(0, 3)).toEqual([
        'Series A',
        'Series A (moved)',
        'Series A',
      ]);
    });

    it("when a visit is edited with 'following', then later visits follow and earlier ones keep", async () => {
      const first = await createJobAs(t.app, owner, {
        title: 'Series B',
        frequency: 'weekly',
        startsAt: '2026-11-26T09:00:00',
      });
      const old = await seriesVisits(first.seriesId!);
      const third = old[2]!;
      const res = await asUser(t.app, owner, {
        method: 'PUT',
        url: `/api/jobs/${third.id}?scope=following`,
        payload: jobBody({
          title: 'Series B v2',
          startsAt: '2026-12-11T14:00:00',
          frequency: 'weekly',
        }),
      });
      expect(res.statusCode, res.body).toBe(200);
      const moved: JobDetail = res.json();
      expect(moved.seriesId).not.toBe(first.seriesId);
      expect((await seriesVisits(first.seriesId!)).map((v) => v.occurrenceDate)).toEqual([
        '2026-11-26',
        '2026-12-03',
      ]);
      const next = await seriesVisits(moved.seriesId!);
      expect(next[0]).toMatchObject({
        id: third.id,
        title: 'Series B v2',
        occurrenceDate: '2026-12-11',
      });
      expect(next.slice(1, 3).map((v) => [v.occurrenceDate, v.title])).toEqual([
        ['2026-12-18', 'Series B v2'],
        ['2026-12-25', 'Series B v2'],
      ]);
    });

    it('when a visit is skipped, deleted or the series ended, then the generator never brings it back', async () => {
      const first = await createJobAs(t.app, owner, {
        title: 'Series C',
        frequency: 'weekly',
        startsAt: '2026-11-27T09:00:00',
      });
      const [, second, third, fourth] = await seriesVisits(first.seriesId!);
      const skipped = await post(owner, `/api/jobs/${second!.id}/skip`);
      expect(skipped.json()).toMatchObject({ status: 'cancelled' });
      expect(
        (await asUser(t.app, owner, { method: 'DELETE', url: `/api/jobs/${third!.id}` }))
          .statusCode,
      ).toBe(204);
      const ended = await post(owner, `/api/jobs/${fourth!.id}/end-series`);
      expect(ended.json().series.untilDate).toBe(fourth!.occurrenceDate);

      await extendAllSeries(t.app.db, new Date('2027-01-20T15:00:00Z'));
      const left = await seriesVisits(first.seriesId!);
      expect(left.map((v) => [v.occurrenceDate, v.status])).toEqual([
        ['2026-11-27', 'scheduled'],
        ['2026-12-04', 'cancelled'],
        ['2026-12-18', 'scheduled'],
      ]);
      expect((await post(owner, `/api/jobs/${first.id}/skip`)).statusCode).toBe(200);
      const oneOff = await createJobAs(t.app, owner);
      expect((await post(owner, `/api/jobs/${oneOff.id}/skip`)).statusCode).toBe(400);
    });

    async function seriesVisits(seriesId: string) {
      return t.app.db
        .select({
          id: jobs.id,
          title: jobs.title,
          occurrenceDate: jobs.occurrenceDate,
          status: jobs.status,
        })
        .from(jobs)
        .where(eq(jobs.seriesId, seriesId))
        .orderBy(jobs.occurrenceDate);
    }
  });

  describe('GET /api/jobs', () => {
    it('when listing with filters, then only matching jobs come, soonest first, in pages', async () => {
      const boss = await ownerWithBusinessProfile(t.app);
      const crew = await colleagueOf(t.app, boss);
      await createJobAs(t.app, boss, {
        title: 'Later',
        startsAt: '2026-12-10T09:00:00',
        assigneeIds: [crew.employeeId],
      });
      await createJobAs(t.app, boss, {
        title: 'Sooner',
        startsAt: '2026-12-02T09:00:00',
        type: 'maintenance',
      });
      await createJobAs(t.app, boss, { title: 'Unscheduled', startsAt: null });
      await createJobAs(t.app, boss, {
        title: 'Elsewhere',
        location: '9 Oak Ave',
        startsAt: '2026-12-05T09:00:00',
      });

      const titles = async (user: SignedInUser, query: string) =>
        ((await get(user, `/api/jobs?${query}`)).json().items as { title: string }[]).map(
          (i) => i.title,
        );
      expect(await titles(boss, '')).toEqual(['Sooner', 'Elsewhere', 'Later', 'Unscheduled']);
      expect(await titles(boss, 'type=maintenance')).toEqual(['Sooner']);
      expect(await titles(boss, `assigneeId=${crew.employeeId}`)).toEqual(['Later']);
      expect(await titles(boss, 'assigneeId=unassigned')).toEqual([
        'Sooner',
        'Elsewhere',
        'Unscheduled',
      ]);
      expect(await titles(boss, 'from=2026-12-03&to=2026-12-10')).toEqual(['Elsewhere', 'Later']);
      expect(await titles(boss, 'q=oak')).toEqual(['Elsewhere']);
      // A team_member's list holds their own visits only.
      expect(await titles(crew, '')).toEqual(['Later']);

      const page1 = (await get(boss, '/api/jobs?limit=3')).json();
      expect(page1.total).toBe(4);
      const page2 = (await get(boss, `/api/jobs?limit=3&cursor=${page1.nextCursor}`)).json();
      expect(page2.items.map((i: { title: string }) => i.title)).toEqual(['Unscheduled']);
      expect(page2.nextCursor).toBeNull();
    });

    it('when the query is bad, then 400 with a clear message', async () => {
      for (const query of [
        `limit=${JOB_LIST_MAX_LIMIT + 1}`,
        'status=done',
        'from=yesterday',
        'cursor=garbage',
      ]) {
        const res = await get(owner, `/api/jobs?${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(res.json().message).toBeTruthy();
      }
    });
  });

  describe('PUT and DELETE /api/jobs/:id', () => {
    it('when the owner edits a job, then it changes and the history names the fields', async () => {
      const job = await createJobAs(t.app, owner);
      const res = await asUser(t.app, owner, {
        method: 'PUT',
        url: `/api/jobs/${job.id}`,
        payload: jobBody({ title: 'Deep clean', priceCents: 20000 }),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        title: 'Deep clean',
        priceCents: 20000,
        version: job.version + 1,
      });
      const [edited] = await t.app.db
        .select()
        .from(jobEvents)
        .where(and(eq(jobEvents.jobId, job.id), eq(jobEvents.kind, 'edited')));
      expect(edited?.detail).toEqual({ fields: ['title', 'priceCents'] });
    });

    it('when a team_member edits or deletes, or the job is another business’s, then it is refused', async () => {
      const job = await createJobAs(t.app, owner, { assigneeIds: [worker.employeeId] });
      const stranger = await signedInUser(t.app);
      expect(
        (
          await asUser(t.app, worker, {
            method: 'PUT',
            url: `/api/jobs/${job.id}`,
            payload: jobBody(),
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (await asUser(t.app, worker, { method: 'DELETE', url: `/api/jobs/${job.id}` })).statusCode,
      ).toBe(403);
      expect(
        (
          await asUser(t.app, stranger, {
            method: 'PUT',
            url: `/api/jobs/${job.id}`,
            payload: jobBody(),
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (await asUser(t.app, stranger, { method: 'DELETE', url: `/api/jobs/${job.id}` }))
          .statusCode,
      ).toBe(404);
      expect((await get(owner, `/api/jobs/${job.id}`)).statusCode).toBe(200);
    });
  });

  describe('PATCH /api/jobs/:id/schedule', () => {
    it('when a visit is dragged to another day and member, then both change; a stale drag gets 409', async () => {
      const job = await createJobAs(t.app, owner, { assigneeIds: [ownerEmployee] });
      const res = await asUser(t.app, owner, {
        method: 'PATCH',
        url: `/api/jobs/${job.id}/schedule`,
        payload: {
          startsAt: '2026-12-03T11:00:00',
          fromAssigneeId: ownerEmployee,
          toAssigneeId: worker.employeeId,
          version: job.version,
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        localStartsAt: '2026-12-03T11:00:00',
        version: job.version + 1,
      });
      expect(res.json().assignees.map((a: { id: string }) => a.id)).toEqual([worker.employeeId]);

      const stale = await asUser(t.app, owner, {
        method: 'PATCH',
        url: `/api/jobs/${job.id}/schedule`,
        payload: { startsAt: '2026-12-04T11:00:00', version: job.version },
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().message).toBe(VISIT_CHANGED_MESSAGE);
      const after: JobDetail = (await get(owner, `/api/jobs/${job.id}`)).json();
      expect(after.localStartsAt).toBe('2026-12-03T11:00:00');
      expect(after.history.map((e) => e.kind)).toEqual(['created', 'rescheduled', 'reassigned']);
    });

    it('when a team_member drags, or the body is bad, then it is refused', async () => {
      const job = await createJobAs(t.app, owner, { assigneeIds: [worker.employeeId] });
      const patch = (user: SignedInUser, payload: object) =>
        asUser(t.app, user, { method: 'PATCH', url: `/api/jobs/${job.id}/schedule`, payload });
      expect(
        (await patch(worker, { startsAt: '2026-12-04T11:00:00', version: 1 })).statusCode,
      ).toBe(403);
      expect((await patch(owner, { startsAt: 'tomorrow', version: 1 })).statusCode).toBe(400);
      expect(
        (
          await patch(owner, {
            startsAt: '2026-12-04T11:00:00',
            toAssigneeId: crypto.randomUUID(),
            version: 1,
          })
        ).statusCode,
      ).toBe(400);
    });
  });

  describe('GET /api/schedule and /api/my-visits', () => {
    it("when a week is asked for, then its visits come; a team_member's schedule holds their own only", async () => {
      const boss = await ownerWithBusinessProfile(t.app);
      const crew = await colleagueOf(t.app, boss);
      await createJobAs(t.app, boss, {
        title: 'Crew visit',
        startsAt: '2026-11-20T13:00:00',
        assigneeIds: [crew.employeeId],
      });
      await createJobAs(t.app, boss, { title: 'Office visit', startsAt: '2026-11-21T10:00:00' });
      await createJobAs(t.app, boss, { title: 'Next week', startsAt: '2026-11-30T10:00:00' });
      await createJobAs(t.app, boss, { title: 'No date', startsAt: null });

      const week = (await get(boss, '/api/schedule?from=2026-11-16&to=2026-11-22')).json();
      expect(week.visits.map((v: { title: string }) => v.title)).toEqual([
        'Crew visit',
        'Office visit',
      ]);
      // Unplanned: open jobs with no date, or with no one on them.
      expect(week.unplanned.map((v: { title: string }) => v.title).sort()).toEqual([
        'Next week',
        'No date',
        'Office visit',
      ]);
      expect(week.members.map((m: { id: string }) => m.id)).toContain(crew.employeeId);

      const mine = (await get(crew, '/api/schedule?from=2026-11-16&to=2026-11-22')).json();
      expect(mine.visits.map((v: { title: string }) => v.title)).toEqual(['Crew visit']);
      expect(mine.unplanned).toEqual([]);
      expect(mine.members.map((m: { id: string }) => m.id)).toEqual([crew.employeeId]);

      const today = (await get(crew, '/api/my-visits')).json();
      expect(today).toMatchObject({ date: '2026-11-20', timeZone: 'America/Chicago' });
      expect(today.visits.map((v: { title: string }) => v.title)).toEqual(['Crew visit']);
    });

    it('when the range is reversed or longer than 42 days, then 400', async () => {
      expect((await get(owner, '/api/schedule?from=2026-12-10&to=2026-12-01')).statusCode).toBe(
        400,
      );
      const long = await get(owner, '/api/schedule?from=2026-01-01&to=2026-03-01');
      expect(long.statusCode).toBe(400);
      expect(long.json().message).toContain('at most 42 days');
    });
  });
});
