import { randomUUID } from 'node:crypto';
import { PROOF_PROBLEM_MAX, sharedProofSchema } from '@crewdesk/domain';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, signedInUser, type SignedInUser } from '../../../test/build-app.ts';
import { addContact } from '../../../test/customers.ts';
import { PNG } from '../../../test/images.ts';
import { startInspectionAs } from '../../../test/inspections.ts';
import { colleagueOf, createJobAs, type Colleague } from '../../../test/jobs.ts';
import { createTestAppWithInbox, type TestAppWithInbox } from '../../../test/smtp.ts';
import { jobEvents, notifications, visitProofs } from '../../db/schema/index.ts';
import { listProofPagesOfContact } from './index.ts';

/**
 * Proof of service (issue 26) on a real database with a real SMTP inbox: the page by its token
 * shows only what the client may see, takes one answer within the business's days, and a
 * reported problem lands on the visit's history and tells the office.
 */

let clock = new Date('2026-12-01T15:00:00Z');
let t: TestAppWithInbox;
let owner: SignedInUser;
let crew: Colleague;
let manager: Colleague;
let stranger: SignedInUser;
let contact: { id: string; email: string; lastName: string };

const as = (user: SignedInUser, options: InjectOptions) => asUser(t.app, user, options);
const hours = (n: number) => n * 3_600_000;
const days = (n: number) => n * 24 * 3_600_000;
const publicGet = (url: string) => t.app.inject({ method: 'GET', url });
const answer = (token: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/public/proof/${encodeURIComponent(token)}/answer`,
    headers: { origin: 'http://localhost:3000' },
    payload: payload as object,
  });

async function punch(action: string, at: Date, jobId: string) {
  clock = at;
  const res = await as(crew, {
    method: 'POST',
    url: '/api/time/punches',
    payload: {
      clientId: randomUUID(),
      action,
      jobId,
      at: at.toISOString(),
      sentAt: at.toISOString(),
      location: { latitude: 30.2672, longitude: -97.7431, accuracyMeters: 5 },
    },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function setStatus(jobId: string, status: string, by: SignedInUser = crew) {
  const res = await as(by, {
    method: 'POST',
    url: `/api/jobs/${jobId}/status`,
    payload: { status },
  });
  expect(res.statusCode, res.body).toBe(200);
}

let visitDay = 0;

/**
 * A visit done by the crew, each on a day of its own (a shift a day): punched in and out, a
 * checklist, two photos (one shared). Completed at 16:48 UTC that day.
 */
async function completedVisit(title = 'Deep clean') {
  const day = visitDay++;
  const at = (time: string) => new Date(new Date(`2026-12-01T${time}Z`).getTime() + days(day));
  clock = at('15:00:00');
  const job = await createJobAs(t.app, owner, {
    title,
    customerId: contact.id,
    assigneeIds: [crew.employeeId],
    notes: 'Staff only: the side door sticks',
    priceCents: 31400,
    checklist: ['Kitchen', 'Bathrooms'],
  });
  const upload = async (label: string) => {
    const res = await as(crew, {
      method: 'POST',
      url: `/api/jobs/${job.id}/photos?label=${label}`,
      headers: { 'content-type': 'image/png' },
      payload: PNG,
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { photos: { id: string; label: string }[] }).photos.find(
      (p) => p.label === label,
    )!.id;
  };
  const before = await upload('before');
  const after = await upload('after');
  const shared = await as(crew, {
    method: 'PUT',
    url: `/api/jobs/${job.id}/photos/${after}/shareable`,
    payload: { shareable: true },
  });
  expect(shared.json()).toEqual({ id: after, shareable: true });
  await punch('clock_in', at('14:50:00'), job.id);
  await punch('visit_start', at('15:02:00'), job.id);
  await setStatus(job.id, 'in_progress');
  const items = (await as(crew, { method: 'GET', url: `/api/jobs/${job.id}` })).json() as {
    checklist: { id: string }[];
  };
  const tick = await as(crew, {
    method: 'PATCH',
    url: `/api/jobs/${job.id}/checklist/${items.checklist[0]!.id}`,
    payload: { done: true },
  });
  expect(tick.statusCode, tick.body).toBe(200);
  await punch('visit_stop', at('16:47:00'), job.id);
  await punch('clock_out', at('16:47:30'), job.id);
  clock = at('16:48:00');
  await setStatus(job.id, 'completed');
  await t.app.events.idle();
  const [proof] = await t.app.db.select().from(visitProofs).where(eq(visitProofs.jobId, job.id));
  if (!proof) throw new Error('no proof page was made for the completed visit');
  return {
    jobId: job.id,
    token: t.app.shares.token('visit-proof', proof.id, proof.shareVersion),
    before,
    after,
    completedAt: at('16:48:00'),
  };
}

beforeAll(async () => {
  t = await createTestAppWithInbox({ now: () => clock });
  owner = await signedInUser(t.app);
  [crew, manager, stranger] = await Promise.all([
    colleagueOf(t.app, owner, 'team_member'),
    colleagueOf(t.app, owner, 'manager'),
    signedInUser(t.app),
  ]);
  contact = await addContact(t.app, owner);
});
afterAll(() => t.close());

describe('the page a client opens', () => {
  it('when a visit is completed, then the contact gets an e-mail with the page, which shows only what the client may see', async () => {
    const visit = await completedVisit('Office deep clean');
    const mail = await t.inbox.waitFor(
      (m) => m.subject === 'Your visit is done: Office deep clean',
    );
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toContain(contact.email);
    expect(mail.text).toContain(`/proof/${visit.token}`);

    clock = new Date(visit.completedAt.getTime() + hours(16));
    const res = await publicGet(`/api/public/proof/${visit.token}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const page = sharedProofSchema.parse(res.json());
    expect(page.visit).toMatchObject({
      title: 'Office deep clean',
      arrivedAt: '2026-12-01T15:02:00.000Z',
      departedAt: '2026-12-01T16:47:00.000Z',
    });
    expect(page.checklist).toEqual([
      { label: 'Kitchen', done: true },
      { label: 'Bathrooms', done: false },
    ]);
    expect(page.photos).toHaveLength(1);
    expect(page.photos[0]!.label).toBe('after');
    expect(page).toMatchObject({ answer: null, canAnswer: true, inspection: null });
    // Nothing internal: no price, notes, crew names, or where the punches were made.
    for (const internal of [
      '31400',
      '314',
      'side door',
      'Staff only',
      '30.2672',
      '-97.74',
      crew.email,
    ])
      expect(res.body).not.toContain(internal);
    // The shared photo opens by the page's token; the other one does not.
    expect((await publicGet(page.photos[0]!.url)).statusCode).toBe(200);
    expect(
      (await publicGet(`/api/public/proof/${visit.token}/photos/${visit.before}`)).statusCode,
    ).toBe(404);
  });

  it('when the visit had a finished inspection, then its score and pass show, nothing else of it', async () => {
    const visit = await completedVisit('Inspected clean');
    const { inspectionId } = await startInspectionAs(t.app, owner, {
      customerId: contact.id,
      jobId: visit.jobId,
    });
    const detail = (
      await as(owner, { method: 'GET', url: `/api/inspections/${inspectionId}` })
    ).json() as {
      snapshot: { sections: { items: { key: string; kind: string }[] }[] };
    };
    const values: Record<string, unknown> = {
      pass_fail_na: 'pass',
      rating_1_5: 5,
      yes_no: 'yes',
      number_with_unit: 1,
      text: 'Fine',
    };
    for (const item of detail.snapshot.sections.flatMap((section) => section.items)) {
      if (!(item.kind in values)) continue;
      const res = await as(owner, {
        method: 'PUT',
        url: `/api/inspections/${inspectionId}/answers/${item.key}`,
        payload: { kind: item.kind, value: values[item.kind] },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const finished = await as(owner, {
      method: 'POST',
      url: `/api/inspections/${inspectionId}/finish`,
      payload: { signatureName: 'Sam Inspector' },
    });
    expect(finished.statusCode, finished.body).toBe(200);
    const res = await publicGet(`/api/public/proof/${visit.token}`);
    const { inspection } = sharedProofSchema.parse(res.json());
    // Every item passed: a full score.
    expect(inspection).toEqual({ scorePercent: 100, passed: true });
    expect(res.body).not.toContain('Sam Inspector');
  });

  it('when the token is unknown or malformed, then 404', async () => {
    expect((await publicGet('/api/public/proof/not-a-token')).statusCode).toBe(404);
    // Too long for a token: refused before any lookup (the path's own limit).
    expect([400, 414]).toContain(
      (await publicGet(`/api/public/proof/${'x'.repeat(101)}`)).statusCode,
    );
    expect((await answer('not-a-token', { answer: 'confirmed' })).statusCode).toBe(404);
  });

  it('when the visit is reopened, then its page is not there until it is completed again', async () => {
    const visit = await completedVisit('Reopened clean');
    await setStatus(visit.jobId, 'in_progress', owner);
    expect((await publicGet(`/api/public/proof/${visit.token}`)).statusCode).toBe(404);
    await setStatus(visit.jobId, 'completed', owner);
    expect((await publicGet(`/api/public/proof/${visit.token}`)).statusCode).toBe(200);
  });
});

describe('the client answers', () => {
  it('when the client reports a problem, then it is on the visit history and the office is told; a second answer is refused', async () => {
    const visit = await completedVisit('Lobby clean');
    clock = new Date(visit.completedAt.getTime() + days(1));
    const res = await answer(visit.token, {
      answer: 'problem',
      problem: 'The lobby windows were not cleaned.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      answer: { answer: 'problem', answeredAt: clock.toISOString() },
      canAnswer: false,
    });
    const history = await t.app.db
      .select()
      .from(jobEvents)
      .where(and(eq(jobEvents.jobId, visit.jobId), eq(jobEvents.kind, 'client_reported_problem')));
    expect(history).toHaveLength(1);
    expect(history[0]!.detail).toEqual({ problem: 'The lobby windows were not cleaned.' });
    const detail = await as(manager, { method: 'GET', url: `/api/jobs/${visit.jobId}` });
    expect(detail.json().history.map((e: { kind: string }) => e.kind)).toContain(
      'client_reported_problem',
    );
    await t.app.events.idle();
    const told = await t.app.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.accountId, owner.accountId),
          eq(notifications.kind, 'visit_problem_reported'),
        ),
      );
    expect(told.map((n) => n.userId).sort()).toEqual([owner.userId, manager.userId].sort());
    expect(told.some((n) => n.userId === crew.userId)).toBe(false);

    const again = await answer(visit.token, { answer: 'confirmed' });
    expect(again.statusCode).toBe(409);
    const office = await as(owner, { method: 'GET', url: `/api/jobs/${visit.jobId}/proof` });
    expect(office.json()).toMatchObject({
      answer: 'problem',
      problem: 'The lobby windows were not cleaned.',
    });
  });

  it('when the client confirms within the days, then it is kept; after the days, an answer is refused (410)', async () => {
    const visit = await completedVisit('Window wash');
    clock = new Date(visit.completedAt.getTime() + days(7) - hours(1));
    expect((await answer(visit.token, { answer: 'confirmed' })).statusCode).toBe(200);
    const late = await completedVisit('Late answer');
    clock = new Date(late.completedAt.getTime() + days(7));
    const res = await answer(late.token, { answer: 'confirmed' });
    expect(res.statusCode).toBe(410);
    expect((await publicGet(`/api/public/proof/${late.token}`)).json().canAnswer).toBe(false);
  });

  it('when the business gives 2 days, then a third-day answer is refused', async () => {
    const set = await as(owner, {
      method: 'PUT',
      url: '/api/proof-of-service/settings',
      payload: { responseDays: 2 },
    });
    expect(set.json()).toEqual({ responseDays: 2 });
    const visit = await completedVisit('Short window');
    clock = new Date(visit.completedAt.getTime() + days(2) + 1000);
    expect((await answer(visit.token, { answer: 'confirmed' })).statusCode).toBe(410);
    await as(owner, {
      method: 'PUT',
      url: '/api/proof-of-service/settings',
      payload: { responseDays: 7 },
    });
  });

  it.each([
    ['no answer', {}],
    ['an unknown answer', { answer: 'maybe' }],
    ['a problem with no text', { answer: 'problem', problem: '  ' }],
    ['a problem too long', { answer: 'problem', problem: 'x'.repeat(PROOF_PROBLEM_MAX + 1) }],
    ['a field it does not know', { answer: 'confirmed', priceCents: 0 }],
  ])('when the answer has %s, then 400 and nothing is kept', async (_, payload) => {
    const visit = await completedVisit(`Bad input ${Math.random()}`);
    clock = new Date(visit.completedAt.getTime() + hours(1));
    const res = await answer(visit.token, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect((await publicGet(`/api/public/proof/${visit.token}`)).json().answer).toBeNull();
  });
});

describe('the office side', () => {
  it('when the office asks for a visit not completed, then 409; another business gets 404', async () => {
    const job = await createJobAs(t.app, owner, { customerId: contact.id });
    expect((await as(owner, { method: 'GET', url: `/api/jobs/${job.id}/proof` })).statusCode).toBe(
      409,
    );
    expect(
      (await as(stranger, { method: 'GET', url: `/api/jobs/${job.id}/proof` })).statusCode,
    ).toBe(404);
  });

  it('when a team member asks for the link, or sets the days, then 403', async () => {
    const visit = await completedVisit('Roles');
    expect(
      (await as(crew, { method: 'GET', url: `/api/jobs/${visit.jobId}/proof` })).statusCode,
    ).toBe(403);
    expect(
      (
        await as(manager, {
          method: 'PUT',
          url: '/api/proof-of-service/settings',
          payload: { responseDays: 3 },
        })
      ).statusCode,
    ).toBe(403);
  });

  it.each([0, 61, 2.5, '7'])('when the days are %s, then 400', async (responseDays) => {
    const res = await as(owner, {
      method: 'PUT',
      url: '/api/proof-of-service/settings',
      payload: { responseDays },
    });
    expect(res.statusCode).toBe(400);
  });

  it("when another business marks this business's photo shareable, then 404; bad input 400", async () => {
    const visit = await completedVisit('Photo rights');
    const url = `/api/jobs/${visit.jobId}/photos/${visit.before}/shareable`;
    expect(
      (await as(stranger, { method: 'PUT', url, payload: { shareable: true } })).statusCode,
    ).toBe(404);
    expect(
      (await as(owner, { method: 'PUT', url, payload: { shareable: 'yes' } })).statusCode,
    ).toBe(400);
    expect(
      (
        await as(owner, {
          method: 'PUT',
          url: `/api/jobs/${visit.jobId}/photos/${randomUUID()}/shareable`,
          payload: { shareable: true },
        })
      ).statusCode,
    ).toBe(404);
  });

  it("when the hub lists a contact's proof pages, then each has its token, date and title", async () => {
    const pages = await listProofPagesOfContact(
      t.app.db,
      t.app.shares,
      owner.accountId,
      contact.id,
    );
    expect(pages.length).toBeGreaterThan(0);
    expect(pages[0]).toMatchObject({ token: expect.any(String), title: expect.any(String) });
    expect(
      await listProofPagesOfContact(t.app.db, t.app.shares, stranger.accountId, contact.id),
    ).toEqual([]);
  });
});
