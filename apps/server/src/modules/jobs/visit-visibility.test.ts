import { canDispatchJobs, JOBS_ROUTE_ROLES, type JobDetail, type Role } from '@crewdesk/domain';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, createTestApp, type SignedInUser, type TestApp } from '../../../test/build-app.ts';
import { addContact } from '../../../test/customers.ts';
import { colleagueOf, createJobAs, type Colleague } from '../../../test/jobs.ts';
import { ownerWithBusinessProfile } from '../../../test/requests.ts';
import { jobEvents } from '../../db/schema/index.ts';

const NOW = new Date('2026-11-20T15:00:00Z');

/**
 * The roles the visibility rule restricts to their own visits: every jobs role that does not
 * dispatch, plus the stored 'member' that acts as team_member.
 */
const RESTRICTED: Role[] = [...JOBS_ROUTE_ROLES.filter((r) => !canDispatchJobs(r)), 'member'];

const png = () =>
  sharp({ create: { width: 4, height: 4, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();

describe('which visits a member may open', () => {
  let t: TestApp;
  let owner: SignedInUser;
  let leader: Colleague;

  beforeAll(async () => {
    t = await createTestApp({ now: () => NOW });
    owner = await ownerWithBusinessProfile(t.app);
    leader = await colleagueOf(t.app, owner, 'team_leader');
  });
  afterAll(() => t.close());

  const call = (user: SignedInUser, method: string, url: string, payload?: object) =>
    asUser(t.app, user, { method: method as 'GET', url, payload });
  const upload = async (user: SignedInUser, jobId: string) =>
    asUser(t.app, user, {
      method: 'POST',
      url: `/api/jobs/${jobId}/photos`,
      headers: { 'content-type': 'image/png' },
      payload: await png(),
    });

  /** A visit with a client, a checklist item and a photo the owner took. */
  async function visitFor(assigneeIds: string[]) {
    const contact = await addContact(t.app, owner, {
      firstName: 'Rosa',
      lastName: 'Diaz',
      email: 'rosa@example.com',
      phone: '(512) 555-0142',
    });
    const job = await createJobAs(t.app, owner, {
      customerId: contact.id,
      assigneeIds,
      notes: 'Gate code 1234',
      checklist: ['Floors'],
    });
    const withPhoto = await upload(owner, job.id);
    expect(withPhoto.statusCode, withPhoto.body).toBe(200);
    const detail: JobDetail = withPhoto.json();
    return { job: detail, item: detail.checklist[0]!.id, photo: detail.photos[0]! };
  }

  describe.each(RESTRICTED)('as a %s', (role) => {
    let member: Colleague;
    beforeAll(async () => {
      member = await colleagueOf(t.app, owner, role);
    });

    it("when they call any visit endpoint on someone else's visit, then 404 with nothing of it, and nothing changes", async () => {
      const { job, item, photo } = await visitFor([leader.employeeId]);
      const calls: [string, string, object?][] = [
        ['GET', `/api/jobs/${job.id}`],
        ['GET', photo.url],
        ['POST', `/api/jobs/${job.id}/status`, { status: 'on_the_way' }],
        ['POST', `/api/jobs/${job.id}/checklist`, { label: 'Extra' }],
        ['PATCH', `/api/jobs/${job.id}/checklist/${item}`, { done: true }],
        ['POST', `/api/jobs/${job.id}/notes`, { text: 'Not mine' }],
        ['DELETE', photo.url],
      ];
      for (const [method, url, payload] of calls) {
        const res = await call(member, method, url, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.body, `${method} ${url}`).not.toMatch(/Rosa|Diaz|555-0142|Gate code/);
      }
      expect((await upload(member, job.id)).statusCode).toBe(404);

      const after: JobDetail = (await call(owner, 'GET', `/api/jobs/${job.id}`)).json();
      expect(after.status).toBe('scheduled');
      expect(after.checklist).toEqual(job.checklist);
      expect(after.photos).toHaveLength(1);
      const stored = await t.app.db
        .select({ kind: jobEvents.kind })
        .from(jobEvents)
        .where(eq(jobEvents.jobId, job.id));
      expect(stored.map((e) => e.kind).sort()).toEqual(['created', 'photo_added']);
    });

    it('when they call the same endpoints on their own visit, then each answers 200', async () => {
      const { job, item, photo } = await visitFor([member.employeeId]);
      const opened = await call(member, 'GET', `/api/jobs/${job.id}`);
      expect(opened.statusCode).toBe(200);
      expect(opened.json()).toMatchObject({
        customer: { firstName: 'Rosa', phone: '(512) 555-0142' },
        canWork: true,
      });
      const image = await call(member, 'GET', photo.url);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/jpeg');
      const calls: [string, string, object?][] = [
        ['POST', `/api/jobs/${job.id}/status`, { status: 'on_the_way' }],
        ['POST', `/api/jobs/${job.id}/checklist`, { label: 'Extra' }],
        ['PATCH', `/api/jobs/${job.id}/checklist/${item}`, { done: true }],
        ['POST', `/api/jobs/${job.id}/notes`, { text: 'Done the floors' }],
      ];
      for (const [method, url, payload] of calls) {
        const res = await call(member, method, url, payload);
        expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
      }
      const own = await upload(member, job.id);
      expect(own.statusCode, own.body).toBe(200);
      const mine = (own.json() as JobDetail).photos.find((p) => p.id !== photo.id)!;
      expect((await call(member, 'DELETE', mine.url)).statusCode).toBe(200);
    });
  });

  it.each<[string, () => SignedInUser]>([
    ['owner', () => owner],
    ['team_leader', () => leader],
  ])('when the %s opens a visit assigned to someone else, then they see it all', async (_, who) => {
    const other = await colleagueOf(t.app, owner, 'team_member');
    const { job, photo } = await visitFor([other.employeeId]);
    const res = await call(who(), 'GET', `/api/jobs/${job.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ customer: { email: 'rosa@example.com' }, canEdit: true });
    expect((await call(who(), 'GET', photo.url)).statusCode).toBe(200);
  });

  it('when an admin of the business opens any visit, then they see it', async () => {
    const admin = await colleagueOf(t.app, owner, 'admin');
    const { job, photo } = await visitFor([]);
    expect((await call(admin, 'GET', `/api/jobs/${job.id}`)).statusCode).toBe(200);
    expect((await call(admin, 'GET', photo.url)).statusCode).toBe(200);
  });
});
