import { randomUUID } from 'node:crypto';
import { ACCESS_ENTRIES_MAX, ACCESS_SECRET_MAX } from '@crewdesk/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
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
import { accessEntries, accessReveals, jobs } from '../../db/schema/index.ts';

/**
 * The access vault (issue 26) on a real database: codes sealed at rest, shown to the assigned
 * crew only inside the visit's window (the app's clock is moved, never waited for) and to admins,
 * each reveal logged.
 */

const GATE_CODE = '#4711-gate';
let clock = new Date('2026-11-20T12:00:00Z');
let t: TestApp;
let owner: SignedInUser;
let admin: Colleague;
let manager: Colleague;
let leader: Colleague;
let crew: Colleague;
let otherCrew: Colleague;
let sales: Colleague;
let stranger: SignedInUser;
let contactId: string;
let otherContactId: string;
let gateId: string;
let visitId: string;
let visitStart: Date;

const as = (user: SignedInUser, options: InjectOptions) => asUser(t.app, user, options);
const minutes = (n: number) => n * 60_000;
const reveal = (user: SignedInUser, entryId: string, jobId: string | null | undefined) =>
  as(user, {
    method: 'POST',
    url: `/api/access-codes/${entryId}/reveal`,
    payload: jobId === undefined ? {} : { jobId },
  });
const access = (user: SignedInUser, jobId: string) =>
  as(user, { method: 'GET', url: `/api/jobs/${jobId}/access` });

async function addEntry(user: SignedInUser, customerId: string, label: string, secret: string) {
  const res = await as(user, {
    method: 'POST',
    url: `/api/customers/${customerId}/access-codes`,
    payload: { label, secret },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; label: string };
}

async function startOf(jobId: string): Promise<Date> {
  const [row] = await t.app.db.select({ s: jobs.startsAt }).from(jobs).where(eq(jobs.id, jobId));
  if (!row?.s) throw new Error('the visit has no start');
  return row.s;
}

async function visitFor(assigneeIds: string[], startsAt: string, customerId = contactId) {
  const job = await createJobAs(t.app, owner, {
    customerId,
    assigneeIds,
    startsAt,
    durationMinutes: 120,
  });
  return { id: job.id, start: await startOf(job.id) };
}

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  owner = await signedInUser(t.app);
  [admin, manager, leader, crew, otherCrew, sales, stranger] = await Promise.all([
    colleagueOf(t.app, owner, 'admin'),
    colleagueOf(t.app, owner, 'manager'),
    colleagueOf(t.app, owner, 'team_leader'),
    colleagueOf(t.app, owner, 'team_member'),
    colleagueOf(t.app, owner, 'team_member'),
    colleagueOf(t.app, owner, 'sales_person'),
    signedInUser(t.app),
  ]);
  contactId = (await addContact(t.app, owner)).id;
  otherContactId = (await addContact(t.app, owner)).id;
  gateId = (await addEntry(owner, contactId, 'Gate', GATE_CODE)).id;
  const visit = await visitFor([crew.employeeId], '2026-12-01T09:00:00');
  visitId = visit.id;
  visitStart = visit.start;
});
afterAll(() => t.close());

describe('keeping codes', () => {
  it('when an admin adds a code, then the database holds it sealed, never in clear', async () => {
    // Letters rather than digits: four digits turn up by chance in uuids and the sealed base64.
    const entry = await addEntry(admin, contactId, 'Alarm', 'alarm QXZW then #');
    expect(entry).not.toHaveProperty('secret');
    const [row] = await t.app.db.select().from(accessEntries).where(eq(accessEntries.id, entry.id));
    expect(row?.secretSealed).toMatch(/^v1\./);
    expect(row?.keyVersion).toBe(1);
    // The whole raw row, as a database dump would show it.
    const raw = (await t.app.db.execute(
      sql`select row_to_json(a)::text as json from access_entries a where a.id = ${entry.id}`,
    )) as unknown as { rows: { json: string }[] };
    const json = String(raw.rows[0]?.json);
    expect(json).toContain('Alarm');
    expect(json).not.toContain('QXZW');
    expect(json).not.toContain('alarm QXZW');
  });

  it('when listed, then only labels come, never a code', async () => {
    const res = await as(owner, { method: 'GET', url: `/api/customers/${contactId}/access-codes` });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(GATE_CODE);
    expect(res.json().entries.map((e: { label: string }) => e.label)).toContain('Gate');
  });

  it('when an admin edits the label only, then the code stays; with a code, it changes', async () => {
    const entry = await addEntry(owner, contactId, 'Lockbox', '1111');
    const put = (payload: object) =>
      as(admin, { method: 'PUT', url: `/api/access-codes/${entry.id}`, payload });
    expect((await put({ label: 'Lockbox (back door)' })).statusCode).toBe(200);
    let opened = await reveal(owner, entry.id, null);
    expect(opened.json()).toMatchObject({ label: 'Lockbox (back door)', secret: '1111' });
    expect((await put({ label: 'Lockbox', secret: '2222' })).statusCode).toBe(200);
    opened = await reveal(owner, entry.id, null);
    expect(opened.json().secret).toBe('2222');
  });

  it.each([
    ['a blank label', { label: ' ', secret: '1234' }],
    ['no code', { label: 'Gate' }],
    ['a code too long', { label: 'Gate', secret: 'x'.repeat(ACCESS_SECRET_MAX + 1) }],
    ['a label too long', { label: 'x'.repeat(61), secret: '1' }],
    ['a field it does not know', { label: 'Gate', secret: '1', shownTo: 'everyone' }],
  ])('when the input has %s, then 400 and nothing is added', async (_, payload) => {
    const before = await as(owner, {
      method: 'GET',
      url: `/api/customers/${contactId}/access-codes`,
    });
    const add = await as(owner, {
      method: 'POST',
      url: `/api/customers/${contactId}/access-codes`,
      payload,
    });
    expect(add.statusCode, add.body).toBe(400);
    expect(add.json().message).toBeTruthy();
    const after = await as(owner, {
      method: 'GET',
      url: `/api/customers/${contactId}/access-codes`,
    });
    expect(after.json().entries).toHaveLength(before.json().entries.length);
  });

  it.each([
    ['a blank label', { label: '' }],
    ['a blank code', { label: 'Gate', secret: '  ' }],
    ['a code too long', { label: 'Gate', secret: 'x'.repeat(ACCESS_SECRET_MAX + 1) }],
    ['a field it does not know', { label: 'Gate', customerId: randomUUID() }],
  ])('when an edit has %s, then 400 and the code is as it was', async (_, payload) => {
    const res = await as(owner, { method: 'PUT', url: `/api/access-codes/${gateId}`, payload });
    expect(res.statusCode, res.body).toBe(400);
    const opened = await reveal(owner, gateId, null);
    expect(opened.json()).toMatchObject({ label: 'Gate', secret: GATE_CODE });
  });

  it.each([
    ['GET', '/api/customers/not-a-uuid/access-codes', undefined],
    ['GET', '/api/customers/not-a-uuid/access-codes/reveals', undefined],
    ['PUT', '/api/access-codes/not-a-uuid', { label: 'Gate' }],
    ['DELETE', '/api/access-codes/not-a-uuid', undefined],
    ['POST', '/api/access-codes/not-a-uuid/reveal', {}],
    ['GET', '/api/jobs/not-a-uuid/access', undefined],
  ] as const)('when %s %s has a bad id, then 400', async (method, url, payload) => {
    const res = await as(owner, { method, url, payload });
    expect(res.statusCode, res.body).toBe(400);
  });

  it('when a reveal names a visit by a bad id, then 400', async () => {
    const res = await reveal(owner, gateId, 'visit-1');
    expect(res.statusCode).toBe(400);
  });

  it('when a contact has the most codes it may, then one more is refused (400)', async () => {
    const full = (await addContact(t.app, owner)).id;
    await t.app.db.insert(accessEntries).values(
      Array.from({ length: ACCESS_ENTRIES_MAX }, (_, i) => ({
        accountId: owner.accountId,
        customerId: full,
        label: `Code ${i}`,
        secretSealed: 'v1.x.x.x',
      })),
    );
    const res = await as(owner, {
      method: 'POST',
      url: `/api/customers/${full}/access-codes`,
      payload: { label: 'One more', secret: '1' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('when a sealed code is copied to another entry, then it does not open there (409)', async () => {
    const a = await addEntry(owner, contactId, 'Copied from', 'copy-me-123');
    const b = await addEntry(owner, contactId, 'Copied to', 'other');
    const [row] = await t.app.db.select().from(accessEntries).where(eq(accessEntries.id, a.id));
    await t.app.db
      .update(accessEntries)
      .set({ secretSealed: row!.secretSealed })
      .where(eq(accessEntries.id, b.id));
    const res = await reveal(owner, b.id, null);
    expect(res.statusCode).toBe(409);
    expect(res.body).not.toContain('copy-me-123');
  });
});

describe('the visit window', () => {
  it('when the assigned crew asks a second before the hour before, then it is not open yet', async () => {
    clock = new Date(visitStart.getTime() - minutes(60) - 1000);
    const panel = await access(crew, visitId);
    expect(panel.statusCode).toBe(200);
    expect(panel.json()).toMatchObject({
      state: 'not-yet',
      opensAt: new Date(visitStart.getTime() - minutes(60)).toISOString(),
    });
    expect(panel.json().entries.map((e: { label: string }) => e.label)).toContain('Gate');
    const res = await reveal(crew, gateId, visitId);
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain(GATE_CODE);
  });

  it('when the assigned crew reveals inside the window, then they get the code and it is logged', async () => {
    clock = new Date(visitStart.getTime() - minutes(59));
    expect((await access(crew, visitId)).json().state).toBe('open');
    const res = await reveal(crew, gateId, visitId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({ entryId: gateId, label: 'Gate', secret: GATE_CODE });
    const logged = await t.app.db
      .select()
      .from(accessReveals)
      .where(and(eq(accessReveals.entryId, gateId), eq(accessReveals.revealedBy, crew.userId)));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ jobId: visitId, revealedAt: clock, label: 'Gate' });
  });

  it('when the visit has passed its planned end, then the crew cannot reveal', async () => {
    clock = new Date(visitStart.getTime() + minutes(120));
    expect((await access(crew, visitId)).json().state).toBe('ended');
    expect((await reveal(crew, gateId, visitId)).statusCode).toBe(403);
  });

  it('when the visit was completed, then its window has ended', async () => {
    const visit = await visitFor([crew.employeeId], '2026-12-02T09:00:00');
    clock = new Date(visit.start.getTime() + minutes(10));
    expect((await reveal(crew, gateId, visit.id)).statusCode).toBe(200);
    const done = await as(crew, {
      method: 'POST',
      url: `/api/jobs/${visit.id}/status`,
      payload: { status: 'in_progress' },
    });
    expect(done.statusCode, done.body).toBe(200);
    clock = new Date(visit.start.getTime() + minutes(20));
    const completed = await as(crew, {
      method: 'POST',
      url: `/api/jobs/${visit.id}/status`,
      payload: { status: 'completed' },
    });
    expect(completed.statusCode, completed.body).toBe(200);
    clock = new Date(visit.start.getTime() + minutes(21));
    expect((await access(crew, visit.id)).json().state).toBe('ended');
    expect((await reveal(crew, gateId, visit.id)).statusCode).toBe(403);
  });

  it('when a team member not on the visit asks, then the visit is not theirs (404)', async () => {
    clock = new Date(visitStart.getTime());
    expect((await access(otherCrew, visitId)).statusCode).toBe(404);
    expect((await reveal(otherCrew, gateId, visitId)).statusCode).toBe(404);
  });

  it.each(['leader', 'manager'] as const)(
    'when a %s not on the visit asks inside the window, then they see no labels and cannot reveal',
    async (who) => {
      const user = { leader, manager }[who];
      clock = new Date(visitStart.getTime());
      const panel = await access(user, visitId);
      expect(panel.json()).toMatchObject({ state: 'not-assigned', entries: [] });
      const res = await reveal(user, gateId, visitId);
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain(GATE_CODE);
    },
  );

  it('when a manager is assigned to the visit, then they reveal inside its window like the crew', async () => {
    const visit = await visitFor([manager.employeeId], '2026-12-03T09:00:00');
    clock = new Date(visit.start.getTime() - minutes(61));
    expect((await reveal(manager, gateId, visit.id)).statusCode).toBe(403);
    clock = new Date(visit.start.getTime() - minutes(30));
    expect((await reveal(manager, gateId, visit.id)).json().secret).toBe(GATE_CODE);
  });

  it('when the crew names no visit, then 400', async () => {
    clock = new Date(visitStart.getTime());
    const res = await reveal(crew, gateId, undefined);
    expect(res.statusCode).toBe(400);
  });

  it("when the crew names their visit with another contact's code, then 404", async () => {
    const other = await addEntry(owner, otherContactId, 'Gate', 'not-yours-1');
    clock = new Date(visitStart.getTime());
    const res = await reveal(crew, other.id, visitId);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('not-yours-1');
  });

  it('when an admin reveals long before any visit, then they get it and it is logged', async () => {
    clock = new Date('2026-06-01T12:00:00Z');
    const panel = await access(admin, visitId);
    expect(panel.json().state).toBe('admin');
    const res = await reveal(admin, gateId, null);
    expect(res.json().secret).toBe(GATE_CODE);
  });
});

describe('the reveal log', () => {
  it('when read, then it tells who revealed which code when and for which visit', async () => {
    const res = await as(owner, {
      method: 'GET',
      url: `/api/customers/${contactId}/access-codes/reveals`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(GATE_CODE);
    const crewLine = res
      .json()
      .reveals.find(
        (r: { revealedBy: { userId: string } | null; jobId: string | null }) =>
          r.revealedBy?.userId === crew.userId && r.jobId === visitId,
      );
    expect(crewLine).toMatchObject({ entryId: gateId, label: 'Gate', jobTitle: 'Office cleaning' });
    expect(crewLine.revealedBy.name).toBeTruthy();
    expect(
      res
        .json()
        .reveals.some(
          (r: { revealedBy: { userId: string } | null; jobId: string | null }) =>
            r.revealedBy?.userId === admin.userId && r.jobId === null,
        ),
    ).toBe(true);
  });

  it('when a code is deleted, then its reveals stay in the log', async () => {
    const entry = await addEntry(owner, contactId, 'Key note', 'key under the mat');
    expect((await reveal(owner, entry.id, null)).statusCode).toBe(200);
    const del = await as(owner, { method: 'DELETE', url: `/api/access-codes/${entry.id}` });
    expect(del.statusCode).toBe(204);
    expect((await reveal(owner, entry.id, null)).statusCode).toBe(404);
    const log = await as(owner, {
      method: 'GET',
      url: `/api/customers/${contactId}/access-codes/reveals`,
    });
    const kept = log.json().reveals.filter((r: { label: string }) => r.label === 'Key note');
    expect(kept).toHaveLength(1);
    expect(kept[0].entryId).toBeNull();
  });
});

describe('roles and accounts', () => {
  it.each(['crew', 'leader', 'manager', 'sales'] as const)(
    'when a %s tries to keep codes or read the log, then 403',
    async (who) => {
      const user = { crew, leader, manager, sales }[who];
      const calls: InjectOptions[] = [
        { method: 'GET', url: `/api/customers/${contactId}/access-codes` },
        {
          method: 'POST',
          url: `/api/customers/${contactId}/access-codes`,
          payload: { label: 'Gate', secret: '1' },
        },
        { method: 'GET', url: `/api/customers/${contactId}/access-codes/reveals` },
        { method: 'PUT', url: `/api/access-codes/${gateId}`, payload: { label: 'Mine' } },
        { method: 'DELETE', url: `/api/access-codes/${gateId}` },
      ];
      for (const call of calls) {
        const res = await as(user, call);
        expect([call.url, res.statusCode]).toEqual([call.url, 403]);
      }
    },
  );

  it('when a sales person asks for a visit panel or a reveal, then 403', async () => {
    expect((await access(sales, visitId)).statusCode).toBe(403);
    expect((await reveal(sales, gateId, visitId)).statusCode).toBe(403);
  });

  it("when another business's admin uses this business's ids, then 404 each time", async () => {
    const calls: InjectOptions[] = [
      { method: 'GET', url: `/api/customers/${contactId}/access-codes` },
      {
        method: 'POST',
        url: `/api/customers/${contactId}/access-codes`,
        payload: { label: 'Gate', secret: '1' },
      },
      { method: 'GET', url: `/api/customers/${contactId}/access-codes/reveals` },
      { method: 'PUT', url: `/api/access-codes/${gateId}`, payload: { label: 'Theirs' } },
      { method: 'DELETE', url: `/api/access-codes/${gateId}` },
      { method: 'POST', url: `/api/access-codes/${gateId}/reveal`, payload: {} },
      { method: 'GET', url: `/api/jobs/${visitId}/access` },
    ];
    for (const call of calls) {
      const res = await as(stranger, call);
      expect([call.url, res.statusCode]).toEqual([call.url, 404]);
      expect(res.body).not.toContain(GATE_CODE);
    }
    const theirContact = (await addContact(t.app, stranger)).id;
    const theirs = await addEntry(stranger, theirContact, 'Gate', 'their-own');
    // Their code through this business's visit, and ours through theirs: never.
    expect((await reveal(owner, theirs.id, null)).statusCode).toBe(404);
    expect((await reveal(stranger, theirs.id, visitId)).statusCode).toBe(404);
    expect((await reveal(owner, randomUUID(), null)).statusCode).toBe(404);
  });
});

describe('never carried elsewhere', () => {
  it('when the contact and the visit are read through the API, then no code is in them', async () => {
    for (const url of [`/api/customers/${contactId}`, `/api/jobs/${visitId}`]) {
      const res = await as(owner, { method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(GATE_CODE);
      expect(res.body).not.toContain('v1.');
    }
  });
});
