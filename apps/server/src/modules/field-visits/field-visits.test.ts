import { randomUUID } from 'node:crypto';
import { FIELD_SYNC_MESSAGES, type FieldChangeResult, type FieldPack } from '@crewdesk/domain';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asUser,
  createTestApp,
  signedInUser,
  TEST_ORIGIN,
  type SignedInUser,
  type TestApp,
} from '../../../test/build-app.ts';
import { addContact } from '../../../test/customers.ts';
import { PNG } from '../../../test/images.ts';
import { colleagueOf, createJobAs, type Colleague } from '../../../test/jobs.ts';
import {
  fieldChanges,
  jobChecklistItems,
  jobEvents,
  jobPhotos,
  jobs,
} from '../../db/schema/index.ts';
import { RECEIPT_KEEP_DAYS, sweepReceipts } from './field-visits.service.ts';

/**
 * The offline visit view's server side (issue 26) on a real database: the phone's copy of two
 * days, and queued changes applied exactly once whatever the retries and their order.
 */

const clock = new Date('2026-12-01T13:00:00Z'); // the test business keeps UTC
let t: TestApp;
let owner: SignedInUser;
let crew: Colleague;
let otherCrew: Colleague;
let sales: Colleague;
let stranger: SignedInUser;
let contactId: string;

const as = (user: SignedInUser, options: InjectOptions) => asUser(t.app, user, options);
const pack = (user: SignedInUser) => as(user, { method: 'GET', url: '/api/field/visits' });
const send = (user: SignedInUser, changes: unknown[]) =>
  as(user, { method: 'POST', url: '/api/field/changes', payload: { changes } });

async function sync(user: SignedInUser, changes: unknown[]): Promise<FieldChangeResult[]> {
  const res = await send(user, changes);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { results: FieldChangeResult[] }).results;
}

function photo(user: SignedInUser, query: Record<string, string>, body: Buffer = PNG) {
  return as(user, {
    method: 'POST',
    url: `/api/field/photos?${new URLSearchParams(query).toString()}`,
    headers: { 'content-type': 'image/png' },
    payload: body,
  });
}

async function visitOf(startsAt: string, assigneeIds = [crew.employeeId], user = owner) {
  const job = await createJobAs(t.app, user, {
    title: `Visit at ${startsAt}`,
    customerId: user === owner ? contactId : undefined,
    assigneeIds: user === owner ? assigneeIds : [],
    startsAt,
    notes: 'Park in the back; the dog is friendly',
    checklist: ['Kitchen', 'Bathrooms'],
  });
  return job;
}

const minutesAgo = (n: number) => new Date(clock.getTime() - n * 60_000).toISOString();
const base = (jobId: string, startsAt: string | null, madeAt = minutesAgo(30)) => ({
  clientId: randomUUID(),
  jobId,
  madeAt,
  seenStartsAt: startsAt,
});

async function countEvents(jobId: string, kind: string) {
  const rows = await t.app.db
    .select({ id: jobEvents.id })
    .from(jobEvents)
    .where(and(eq(jobEvents.jobId, jobId), eq(jobEvents.kind, kind as 'note_added')));
  return rows.length;
}

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  owner = await signedInUser(t.app);
  [crew, otherCrew, sales, stranger] = await Promise.all([
    colleagueOf(t.app, owner, 'team_member'),
    colleagueOf(t.app, owner, 'team_member'),
    colleagueOf(t.app, owner, 'sales_person'),
    signedInUser(t.app),
  ]);
  contactId = (await addContact(t.app, owner)).id;
  const entry = await as(owner, {
    method: 'POST',
    url: `/api/customers/${contactId}/access-codes`,
    payload: { label: 'Lockbox by the back door', secret: '5512' },
  });
  expect(entry.statusCode, entry.body).toBe(201);
});
afterAll(() => t.close());

describe('GET /api/field/visits', () => {
  it("when the crew asks, then today's and tomorrow's own visits come with checklist, notes and access names, never a code", async () => {
    const today = await visitOf('2026-12-01T15:00:00');
    const tomorrow = await visitOf('2026-12-02T09:00:00');
    await visitOf('2026-12-03T09:00:00');
    await visitOf('2026-12-01T16:00:00', [otherCrew.employeeId]);
    const res = await pack(crew);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json() as FieldPack;
    expect(body.dates).toEqual(['2026-12-01', '2026-12-02']);
    expect(body.visits.map((v) => v.id)).toEqual([today.id, tomorrow.id]);
    const first = body.visits[0]!;
    expect(first.notes).toBe('Park in the back; the dog is friendly');
    expect(first.checklist.map((c) => [c.label, c.done])).toEqual([
      ['Kitchen', false],
      ['Bathrooms', false],
    ]);
    expect(first.accessLabels).toEqual(['Lockbox by the back door']);
    expect(res.body).not.toContain('5512');
  });

  it("when the crew gives or withdraws location consent, then the phone's copy carries the server's record", async () => {
    const consentOf = async () => ((await pack(otherCrew)).json() as FieldPack).locationConsent;
    expect(await consentOf()).toBe(false);
    const given = await as(otherCrew, {
      method: 'PUT',
      url: '/api/time/consent',
      payload: { given: true },
    });
    expect(given.statusCode, given.body).toBe(200);
    expect(await consentOf()).toBe(true);
    await as(otherCrew, { method: 'PUT', url: '/api/time/consent', payload: { given: false } });
    expect(await consentOf()).toBe(false);
    // An owner with no employee record in another business has none to give.
    expect(((await pack(stranger)).json() as FieldPack).locationConsent).toBe(false);
  });

  it('when another business or a role without jobs asks, then they get their own nothing or 403', async () => {
    const theirs = await pack(stranger);
    expect(theirs.statusCode).toBe(200);
    expect((theirs.json() as FieldPack).visits).toEqual([]);
    expect((await pack(sales)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/field/visits' })).statusCode).toBe(401);
  });
});

describe('POST /api/field/changes', () => {
  it('when a tick, a note and the steps arrive, then they apply; the same batch again changes nothing', async () => {
    const job = await visitOf('2026-12-01T10:00:00');
    const item = job.checklist[0]!.id;
    const batch = [
      { ...base(job.id, job.startsAt, minutesAgo(50)), kind: 'status', status: 'in_progress' },
      {
        ...base(job.id, job.startsAt, minutesAgo(40)),
        kind: 'checklist',
        itemId: item,
        done: true,
      },
      { ...base(job.id, job.startsAt, minutesAgo(35)), kind: 'note', text: 'Gate was open' },
      { ...base(job.id, job.startsAt, minutesAgo(30)), kind: 'status', status: 'completed' },
    ];
    const first = await sync(crew, batch);
    expect(first.map((r) => r.outcome)).toEqual(['applied', 'applied', 'applied', 'applied']);
    expect(first.every((r) => r.moved === null && r.message === null)).toBe(true);
    // The answer was lost; the phone sends all of it again, twice at once.
    const [again, twice] = await Promise.all([sync(crew, batch), sync(crew, batch)]);
    expect(again.map((r) => r.outcome)).toEqual([
      'duplicate',
      'duplicate',
      'duplicate',
      'duplicate',
    ]);
    expect(twice.map((r) => r.outcome)).toEqual([
      'duplicate',
      'duplicate',
      'duplicate',
      'duplicate',
    ]);
    expect(await countEvents(job.id, 'note_added')).toBe(1);
    expect(await countEvents(job.id, 'checklist_checked')).toBe(1);
    expect(await countEvents(job.id, 'status_changed')).toBe(2);
    const [row] = await t.app.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(row?.status).toBe('completed');
    // The visit's times are the phone's, not the moment the signal came back.
    expect(row?.completedAt?.toISOString()).toBe(batch[3]!.madeAt);
    expect(row?.startedAt?.toISOString()).toBe(batch[0]!.madeAt);
  });

  it('when changes arrive out of order, then the one made last on the phone wins', async () => {
    const job = await visitOf('2026-12-01T11:00:00');
    const item = job.checklist[1]!.id;
    const tick = {
      ...base(job.id, job.startsAt, minutesAgo(20)),
      kind: 'checklist',
      itemId: item,
      done: true,
    };
    const untick = {
      ...base(job.id, job.startsAt, minutesAgo(10)),
      kind: 'checklist',
      itemId: item,
      done: false,
    };
    const complete = {
      ...base(job.id, job.startsAt, minutesAgo(5)),
      kind: 'status',
      status: 'completed',
    };
    const start = {
      ...base(job.id, job.startsAt, minutesAgo(25)),
      kind: 'status',
      status: 'in_progress',
    };
    // Two requests, the later changes first.
    expect((await sync(crew, [untick, complete])).map((r) => r.outcome)).toEqual([
      'applied',
      'applied',
    ]);
    expect((await sync(crew, [tick, start])).map((r) => r.outcome)).toEqual([
      'superseded',
      'superseded',
    ]);
    const [itemRow] = await t.app.db
      .select()
      .from(jobChecklistItems)
      .where(eq(jobChecklistItems.id, item));
    expect(itemRow?.doneAt).toBeNull();
    const [row] = await t.app.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(row?.status).toBe('completed');
  });

  it('when the office moved the visit meanwhile, then the change applies and the crew is told where it went', async () => {
    const job = await visitOf('2026-12-01T12:00:00');
    const moved = await as(owner, {
      method: 'PATCH',
      url: `/api/jobs/${job.id}/schedule`,
      payload: { startsAt: '2026-12-01T14:30:00', version: job.version },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const [result] = await sync(crew, [
      { ...base(job.id, job.startsAt), kind: 'note', text: 'Done the kitchen first' },
    ]);
    expect(result?.outcome).toBe('applied');
    expect(result?.moved).toEqual({ startsAt: '2026-12-01T14:30:00.000Z' });
    expect(await countEvents(job.id, 'note_added')).toBe(1);
  });

  it('when the office cancelled the visit, then the change is refused with why, and a retry hears the same', async () => {
    const job = await visitOf('2026-12-01T13:00:00');
    const cancel = await as(owner, {
      method: 'POST',
      url: `/api/jobs/${job.id}/status`,
      payload: { status: 'cancelled' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const change = { ...base(job.id, job.startsAt), kind: 'status', status: 'completed' };
    const [first] = await sync(crew, [change]);
    expect(first).toMatchObject({ outcome: 'refused', message: FIELD_SYNC_MESSAGES.cancelled });
    const [retry] = await sync(crew, [change]);
    expect(retry).toMatchObject({ outcome: 'refused', message: FIELD_SYNC_MESSAGES.cancelled });
  });

  it('when a checklist item was removed by the office, then the tick is refused and nothing else changes', async () => {
    const job = await visitOf('2026-12-01T14:00:00');
    const [result] = await sync(crew, [
      { ...base(job.id, job.startsAt), kind: 'checklist', itemId: randomUUID(), done: true },
    ]);
    expect(result).toMatchObject({ outcome: 'refused', message: FIELD_SYNC_MESSAGES.itemGone });
    expect(await countEvents(job.id, 'checklist_checked')).toBe(0);
  });

  it("when the visit is another business's or another crew's, then it is refused as not theirs and left alone", async () => {
    const theirs = await visitOf('2026-12-01T09:00:00', [], stranger);
    const colleagues = await visitOf('2026-12-01T16:30:00', [otherCrew.employeeId]);
    const results = await sync(crew, [
      { ...base(theirs.id, theirs.startsAt), kind: 'note', text: 'Not mine' },
      { ...base(colleagues.id, colleagues.startsAt), kind: 'status', status: 'completed' },
    ]);
    expect(results.map((r) => [r.outcome, r.message])).toEqual([
      ['refused', FIELD_SYNC_MESSAGES.notYours],
      ['refused', FIELD_SYNC_MESSAGES.notYours],
    ]);
    expect(await countEvents(theirs.id, 'note_added')).toBe(0);
    const [row] = await t.app.db.select().from(jobs).where(eq(jobs.id, colleagues.id));
    expect(row?.status).toBe('scheduled');
    // The receipt is the crew's business's, never the other one's.
    const receipts = await t.app.db
      .select()
      .from(fieldChanges)
      .where(eq(fieldChanges.accountId, stranger.accountId));
    expect(receipts).toEqual([]);
  });

  it('when the input is bad, then 400 says what; a role without jobs gets 403; no session 401', async () => {
    const job = await visitOf('2026-12-01T17:00:00');
    const bad = await send(crew, [{ ...base(job.id, null), kind: 'note', text: '' }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/required/i);
    expect((await send(crew, [])).json().message).toContain('Send at least one change.');
    const hostile = await as(crew, {
      method: 'POST',
      url: '/api/field/changes',
      headers: { 'content-type': 'application/json' },
      payload: '{"changes":[{"kind":"note","text":"\u0000',
    });
    expect(hostile.statusCode).toBe(400);
    expect(
      (await send(sales, [{ ...base(job.id, null), kind: 'note', text: 'a' }])).statusCode,
    ).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/field/changes',
      headers: { origin: TEST_ORIGIN },
      payload: { changes: [{ ...base(job.id, null), kind: 'note', text: 'a' }] },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /api/field/photos', () => {
  it('when a photo is sent twice under one id, then the visit has it once', async () => {
    const job = await visitOf('2026-12-01T18:00:00');
    const query = { clientId: randomUUID(), jobId: job.id, madeAt: minutesAgo(3), label: 'after' };
    const first = await photo(crew, query);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ outcome: 'applied' });
    const again = await photo(crew, query);
    expect(again.json()).toMatchObject({ outcome: 'duplicate' });
    const rows = await t.app.db.select().from(jobPhotos).where(eq(jobPhotos.jobId, job.id));
    expect(rows.map((r) => r.label)).toEqual(['after']);
    expect(await countEvents(job.id, 'photo_added')).toBe(1);
  });

  it("when the visit is another business's, or the body is no image, then nothing is attached", async () => {
    const theirs = await visitOf('2026-12-01T09:30:00', [], stranger);
    const refused = await photo(crew, {
      clientId: randomUUID(),
      jobId: theirs.id,
      madeAt: minutesAgo(1),
    });
    expect(refused.json()).toMatchObject({
      outcome: 'refused',
      message: FIELD_SYNC_MESSAGES.notYours,
    });
    expect(await t.app.db.select().from(jobPhotos).where(eq(jobPhotos.jobId, theirs.id))).toEqual(
      [],
    );
    const job = await visitOf('2026-12-01T19:00:00');
    const notImage = await photo(
      crew,
      { clientId: randomUUID(), jobId: job.id, madeAt: minutesAgo(1) },
      Buffer.from('not an image at all'),
    );
    expect(notImage.statusCode).toBe(400);
    const badQuery = await photo(crew, { clientId: 'x', jobId: job.id, madeAt: minutesAgo(1) });
    expect(badQuery.statusCode).toBe(400);
    expect(badQuery.json().message).toContain('clientId must be a UUID');
    expect(
      (await photo(sales, { clientId: randomUUID(), jobId: job.id, madeAt: minutesAgo(1) }))
        .statusCode,
    ).toBe(403);
  });
});

describe('the hourly housekeeping of receipts', () => {
  it('when receipts are older than their keeping time, then they go and the recent stay', async () => {
    const job = await visitOf('2026-12-01T20:00:00');
    const [recent] = await sync(crew, [
      { ...base(job.id, job.startsAt), kind: 'note', text: 'Recent' },
    ]);
    const old = randomUUID();
    await t.app.db.insert(fieldChanges).values({
      accountId: owner.accountId,
      clientId: old,
      jobId: job.id,
      kind: 'note',
      madeAt: new Date(clock.getTime() - 40 * 86_400_000),
      outcome: 'applied',
      createdAt: new Date(clock.getTime() - (RECEIPT_KEEP_DAYS + 1) * 86_400_000),
    });
    expect(await sweepReceipts(t.app.db, clock)).toBeGreaterThanOrEqual(1);
    const left = await t.app.db
      .select({ clientId: fieldChanges.clientId })
      .from(fieldChanges)
      .where(eq(fieldChanges.jobId, job.id));
    expect(left.map((r) => r.clientId)).toEqual([recent!.clientId]);
  });
});
