import {
  CRITICAL_IN_APP_MESSAGE,
  notificationTitle,
  type NotificationPage,
} from '@crewdesk/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessAccounts, domainEvents, mailMessages } from '../../db/schema/index.ts';
import {
  asUser,
  createSecondTestApp,
  createTestApp,
  type SignedInUser,
  type TestApp,
} from '../../../test/build-app.ts';
import { colleagueOf, createJobAs } from '../../../test/jobs.ts';
import { createRequestAs, ownerWithBusinessProfile } from '../../../test/requests.ts';
import { openLiveStream, until } from '../../../test/live.ts';
import { requestNoun, subjectName } from './notification-subjects.repo.ts';
import { recordEvent } from './index.ts';

function formBody(firstName: string) {
  return {
    firstName,
    lastName: 'Lee',
    email: `${firstName.toLowerCase()}@example.test`,
    phone: '512 555 0100',
    address: '12 Oak St, Austin, TX',
    propertyType: 'residential',
    service: 'window-cleaning',
    message: 'Windows, please.',
    website: '',
  };
}

describe('events ledger and notifications', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function slugOf(accountId: string): Promise<string> {
    const [row] = await t.app.db
      .select({ slug: businessAccounts.slug })
      .from(businessAccounts)
      .where(eq(businessAccounts.id, accountId));
    return row!.slug;
  }

  /** A visitor sends the public form, and the dispatch that follows has run. */
  async function publicRequest(owner: SignedInUser, firstName = 'Ann') {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/public/request-form/${await slugOf(owner.accountId)}`,
      payload: formBody(firstName),
    });
    expect(res.statusCode, res.body).toBe(201);
    await t.app.events.idle();
  }

  async function notificationsOf(user: SignedInUser, query = ''): Promise<NotificationPage> {
    const res = await asUser(t.app, user, { method: 'GET', url: `/api/notifications${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  const eventsOf = (accountId: string) =>
    t.app.db.select().from(domainEvents).where(eq(domainEvents.accountId, accountId));

  const notificationMails = (accountId: string, kind: string) =>
    t.app.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.accountId, accountId), eq(mailMessages.kind, kind)));

  it('when a visitor sends the request form, then the ledger holds it and the office is told, the field is not', async () => {
    const owner = await ownerWithBusinessProfile(t.app);
    const sales = await colleagueOf(t.app, owner, 'sales_person');
    const member = await colleagueOf(t.app, owner, 'team_member');

    await publicRequest(owner);

    const events = await eventsOf(owner.accountId);
    expect(events.map((e) => [e.type, e.subject])).toContainEqual(['request.created', 'request']);
    const created = events.find((e) => e.type === 'request.created')!;
    // Ids and codes only: no name, e-mail or message of the visitor.
    expect(created.payload).toEqual({ source: 'request_form' });
    expect(created.dispatchedAt).not.toBeNull();

    for (const user of [owner, sales]) {
      const page = await notificationsOf(user);
      expect(page.unread).toBe(1);
      expect(page.items).toEqual([
        expect.objectContaining({
          kind: 'request_received',
          title: 'New request from Ann Lee',
          path: `/quotes/${created.subjectId}`,
          reason: 'You handle new requests for this business.',
          count: 1,
          readAt: null,
        }),
      ]);
    }
    expect((await notificationsOf(member)).items).toEqual([]);
    // The sales person is e-mailed (the owner too: both are told by default).
    let mails = await notificationMails(owner.accountId, 'notification:request_received');
    await until(async () => {
      mails = await notificationMails(owner.accountId, 'notification:request_received');
      return mails.length === 2;
    }, 'two notification e-mails');
    expect(mails.map((m) => m.toAddress).sort()).toEqual([owner.email, sales.email].sort());
    expect(mails[0]?.subject).toBe('New request from Ann Lee');
  });

  it('when a request has no contact (one made from findings), then notifications name its client, not “a client”', async () => {
    const owner = await ownerWithBusinessProfile(t.app);
    const request = await createRequestAs(t.app, owner, { clientName: 'Rosa Diaz' });
    expect(request.customer_id ?? null).toBeNull();
    expect(await subjectName(t.app.db, owner.accountId, 'request', request.id)).toBe('Rosa Diaz');
  });

  it("when a quote (one made from an inspection's findings) is accepted, then its notification calls it a quote and names the client", async () => {
    const owner = await ownerWithBusinessProfile(t.app);
    const quote = await createRequestAs(t.app, owner, { clientName: 'Rosa Diaz', type: 'quote' });
    const estimate = await createRequestAs(t.app, owner, { clientName: 'Ann Lee' });
    const nounOf = (id: string) => requestNoun(t.app.db, owner.accountId, id);
    expect([await nounOf(quote.id), await nounOf(estimate.id)]).toEqual(['quote', 'estimate']);
    expect(notificationTitle('estimate_accepted', 1, 'Rosa Diaz', await nounOf(quote.id))).toBe(
      'Rosa Diaz accepted the quote',
    );
    expect(notificationTitle('estimate_viewed', 2, 'Ann Lee', 'proposal')).toBe(
      '2 proposals viewed',
    );
    // Another business's request is none of this one's: it reads as the default word.
    const stranger = await ownerWithBusinessProfile(t.app);
    expect(await requestNoun(t.app.db, stranger.accountId, quote.id)).toBe('estimate');
  });

  it('when a change rolls back, then its event is gone with it', async () => {
    const owner = await ownerWithBusinessProfile(t.app);
    const before = (await eventsOf(owner.accountId)).length;
    await expect(
      t.app.db.transaction(async (tx) => {
        await recordEvent(tx, {
          accountId: owner.accountId,
          type: 'invoice.viewed',
          subjectId: crypto.randomUUID(),
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await eventsOf(owner.accountId)).toHaveLength(before);
  });

  it('when requests arrive in a burst, then they are one notification', async () => {
    const owner = await ownerWithBusinessProfile(t.app);
    await publicRequest(owner, 'Ann');
    await publicRequest(owner, 'Bob');
    await publicRequest(owner, 'Cy');
    const page = await notificationsOf(owner);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ count: 3, title: '3 new requests', path: '/quotes' });
  });

  it('when the owner turns e-mail off for new requests, then the next one arrives in the app only', async () => {
    const owner = await ownerWithBusinessProfile(t.app);
    const sales = await colleagueOf(t.app, owner, 'sales_person');
    const saved = await asUser(t.app, owner, {
      method: 'PUT',
      url: '/api/notifications/settings',
      payload: {
        preferences: [{ kind: 'request_received', channel: 'email', enabled: false }],
        dailyDigest: false,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().effective).toContainEqual({
      kind: 'request_received',
      channel: 'email',
      enabled: false,
      critical: false,
      available: true,
    });

    await publicRequest(owner);

    expect((await notificationsOf(owner)).unread).toBe(1);
    // The sales person, who kept the default, is e-mailed; once that mail exists, none for the owner.
    let mails = await notificationMails(owner.accountId, 'notification:request_received');
    await until(async () => {
      mails = await notificationMails(owner.accountId, 'notification:request_received');
      return mails.length > 0;
    }, 'the sales person’s e-mail');
    await t.app.events.idle();
    mails = await notificationMails(owner.accountId, 'notification:request_received');
    expect(mails.map((m) => m.toAddress)).toEqual([sales.email]);
  });

  it('when an admin sets the business’s defaults, then members who chose nothing follow them and a member’s own choice wins', async () => {
    const owner = await ownerWithBusinessProfile(t.app);
    const sales = await colleagueOf(t.app, owner, 'sales_person');
    const manager = await colleagueOf(t.app, owner, 'manager');
    const off = { preferences: [{ kind: 'request_received', channel: 'email', enabled: false }] };
    const refused = await asUser(t.app, sales, {
      method: 'PUT',
      url: '/api/notifications/defaults',
      payload: off,
    });
    expect(refused.statusCode).toBe(403);
    const saved = await asUser(t.app, owner, {
      method: 'PUT',
      url: '/api/notifications/defaults',
      payload: off,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().effective).toContainEqual(
      expect.objectContaining({ kind: 'request_received', channel: 'email', enabled: false }),
    );
    // The manager wants these e-mails anyway.
    await asUser(t.app, manager, {
      method: 'PUT',
      url: '/api/notifications/settings',
      payload: {
        preferences: [{ kind: 'request_received', channel: 'email', enabled: true }],
        dailyDigest: false,
      },
    });
    const mine = await asUser(t.app, sales, { method: 'GET', url: '/api/notifications/settings' });
    expect(mine.json().effective).toContainEqual(
      expect.objectContaining({ kind: 'request_received', channel: 'email', enabled: false }),
    );

    await publicRequest(owner);
    let mails = await notificationMails(owner.accountId, 'notification:request_received');
    await until(async () => {
      mails = await notificationMails(owner.accountId, 'notification:request_received');
      return mails.length > 0;
    }, 'the manager’s e-mail');
    await t.app.events.idle();
    mails = await notificationMails(owner.accountId, 'notification:request_received');
    expect(mails.map((m) => m.toAddress)).toEqual([manager.email]);
    // Everyone is still told in the app.
    for (const user of [owner, sales, manager])
      expect((await notificationsOf(user)).unread).toBe(1);
    // A critical kind cannot be turned off in the app for the business either.
    const critical = await asUser(t.app, owner, {
      method: 'PUT',
      url: '/api/notifications/defaults',
      payload: { preferences: [{ kind: 'invoice_overdue', channel: 'in_app', enabled: false }] },
    });
    expect(critical.statusCode).toBe(400);
  });

  it('when a visit is assigned, then that member is told and another member is not', async () => {
    const owner = await ownerWithBusinessProfile(t.app);
    const ann = await colleagueOf(t.app, owner, 'team_member');
    const bob = await colleagueOf(t.app, owner, 'team_member');
    const job = await createJobAs(t.app, owner, { title: 'Window wash' });
    const res = await asUser(t.app, owner, {
      method: 'PATCH',
      url: `/api/jobs/${job.id}/schedule`,
      payload: {
        startsAt: '2026-12-02T10:00:00',
        fromAssigneeId: null,
        toAssigneeId: ann.employeeId,
        version: job.version,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.events.idle();

    const kinds = (await notificationsOf(ann)).items.map((n) => [n.kind, n.title]);
    expect(kinds).toContainEqual(['visit_assigned', 'Visit assigned to you: Window wash']);
    expect((await notificationsOf(bob)).items).toEqual([]);
    // The person who made the change is not told of it.
    expect((await notificationsOf(owner)).items).toEqual([]);
  });

  it('when a visit is created with its crew, then each of them is told, and the one who made it is not', async () => {
    const owner = await ownerWithBusinessProfile(t.app);
    const ann = await colleagueOf(t.app, owner, 'team_member');
    const bob = await colleagueOf(t.app, owner, 'team_member');
    await createJobAs(t.app, owner, { title: 'Lobby polish', assigneeIds: [ann.employeeId] });
    await t.app.events.idle();
    expect((await notificationsOf(ann)).items.map((n) => n.title)).toEqual([
      'Visit assigned to you: Lobby polish',
    ]);
    expect((await notificationsOf(bob)).items).toEqual([]);
    expect((await notificationsOf(owner)).items).toEqual([]);
  });

  it('when notifications are marked read, then the count follows; another person’s id is 404', async () => {
    const owner = await ownerWithBusinessProfile(t.app);
    const sales = await colleagueOf(t.app, owner, 'sales_person');
    await publicRequest(owner);
    const [mine] = (await notificationsOf(owner)).items;
    const [theirs] = (await notificationsOf(sales)).items;

    const wrong = await asUser(t.app, owner, {
      method: 'POST',
      url: '/api/notifications/read',
      payload: { ids: [theirs!.id] },
    });
    expect(wrong.statusCode).toBe(404);
    expect((await notificationsOf(sales)).unread).toBe(1);

    const read = await asUser(t.app, owner, {
      method: 'POST',
      url: '/api/notifications/read',
      payload: { ids: [mine!.id] },
    });
    expect(read.json()).toEqual({ marked: 1 });
    const count = await asUser(t.app, owner, {
      method: 'GET',
      url: '/api/notifications/unread-count',
    });
    expect(count.json()).toEqual({ unread: 0 });
    expect((await notificationsOf(owner, '?filter=unread')).items).toEqual([]);

    const all = await asUser(t.app, sales, { method: 'POST', url: '/api/notifications/read-all' });
    expect(all.json()).toEqual({ marked: 1 });
  });

  it('when a notification of another business is asked for, then it is 404 and unchanged', async () => {
    const owner = await ownerWithBusinessProfile(t.app);
    const other = await ownerWithBusinessProfile(t.app);
    await publicRequest(owner);
    const [mine] = (await notificationsOf(owner)).items;
    for (const url of ['/api/notifications/read']) {
      const res = await asUser(t.app, other, {
        method: 'POST',
        url,
        payload: { ids: [mine!.id] },
      });
      expect(res.statusCode).toBe(404);
    }
    const page = await asUser(t.app, other, {
      method: 'GET',
      url: `/api/notifications?cursor=${mine!.id}`,
    });
    expect(page.statusCode).toBe(404);
    expect((await notificationsOf(owner)).unread).toBe(1);
  });

  it('when input is bad, then each endpoint answers 400 with the message and stores nothing', async () => {
    const owner = await ownerWithBusinessProfile(t.app);
    const cases = [
      { method: 'GET' as const, url: '/api/notifications?limit=0' },
      { method: 'GET' as const, url: '/api/notifications?filter=some' },
      { method: 'GET' as const, url: '/api/notifications?kind=nope' },
      { method: 'POST' as const, url: '/api/notifications/read', payload: { ids: [] } },
      { method: 'POST' as const, url: '/api/notifications/read', payload: { ids: ['x'] } },
      {
        method: 'PUT' as const,
        url: '/api/notifications/settings',
        payload: {
          preferences: [{ kind: 'nope', channel: 'email', enabled: true }],
          dailyDigest: false,
        },
      },
      {
        method: 'PUT' as const,
        url: '/api/notifications/settings',
        payload: {
          preferences: [{ kind: 'invoice_overdue', channel: 'in_app', enabled: false }],
          dailyDigest: false,
        },
      },
    ];
    for (const c of cases) {
      const res = await asUser(t.app, owner, c);
      expect(res.statusCode, `${c.method} ${c.url} ${res.body}`).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    const critical = await asUser(t.app, owner, cases.at(-1)!);
    expect(critical.json().message).toBe(CRITICAL_IN_APP_MESSAGE);
    const settings = await asUser(t.app, owner, {
      method: 'GET',
      url: '/api/notifications/settings',
    });
    expect(settings.json().effective).toContainEqual(
      expect.objectContaining({
        kind: 'invoice_overdue',
        channel: 'in_app',
        enabled: true,
        critical: true,
      }),
    );
  });

  it('when there is no session, then every endpoint answers 401', async () => {
    const cases = [
      { method: 'GET' as const, url: '/api/notifications' },
      { method: 'GET' as const, url: '/api/notifications/unread-count' },
      {
        method: 'POST' as const,
        url: '/api/notifications/read',
        payload: { ids: [crypto.randomUUID()] },
      },
      { method: 'POST' as const, url: '/api/notifications/read-all' },
      { method: 'GET' as const, url: '/api/notifications/settings' },
      {
        method: 'PUT' as const,
        url: '/api/notifications/settings',
        payload: { preferences: [], dailyDigest: false },
      },
      { method: 'GET' as const, url: '/api/live' },
    ];
    for (const c of cases) {
      const res = await t.app.inject({ ...c, headers: { origin: 'http://localhost:3000' } });
      expect(res.statusCode, `${c.method} ${c.url}`).toBe(401);
    }
  });
});

describe('live updates', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('when a visit changes, then its assignee and the office see it live; another member does not', async () => {
    const owner = await ownerWithBusinessProfile(t.app);
    const ann = await colleagueOf(t.app, owner, 'team_member');
    const bob = await colleagueOf(t.app, owner, 'team_member');
    const job = await createJobAs(t.app, owner, { assigneeIds: [ann.employeeId] });
    await t.app.events.idle();

    const office = openLiveStream(base, owner.cookie);
    const annStream = openLiveStream(base, ann.cookie);
    const bobStream = openLiveStream(base, bob.cookie);
    await Promise.all([office.ready, annStream.ready, bobStream.ready]);

    const res = await asUser(t.app, owner, {
      method: 'POST',
      url: `/api/jobs/${job.id}/notes`,
      payload: { text: 'Gate code is with the office.' },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);

    await until(() => office.received.length > 0 && annStream.received.length > 0, 'live events');
    expect(annStream.received.at(-1)?.data).toMatchObject({
      type: 'job.note_added',
      subject: 'job',
      subjectId: job.id,
    });
    // Ids only: nothing of the note travels.
    expect(JSON.stringify(annStream.received)).not.toContain('Gate code');
    await t.app.events.idle();
    expect(bobStream.received).toEqual([]);

    // A client coming back with the last id it saw gets what happened while it was away.
    const lastSeen = office.received.at(-1)!.id;
    office.close();
    const again = await asUser(t.app, owner, {
      method: 'POST',
      url: `/api/jobs/${job.id}/notes`,
      payload: { text: 'Second note.' },
    });
    expect(again.statusCode).toBeLessThan(300);
    await t.app.events.idle();
    const back = openLiveStream(base, owner.cookie, lastSeen);
    await back.ready;
    await until(() => back.received.length > 0, 'caught-up events');
    expect(back.received[0]!.id).toBeGreaterThan(lastSeen);
    expect(back.received[0]!.data).toMatchObject({ type: 'job.note_added', subjectId: job.id });

    for (const s of [annStream, bobStream, back]) s.close();
  });

  it(
    'when a change is made on one server, then a client connected to another server on the database sees it',
    {
      // A second app starting beside the other suites on two cores: a limit to give up at.
      timeout: 90_000,
    },
    async () => {
      const second = await createSecondTestApp(t);
      let stream: ReturnType<typeof openLiveStream> | undefined;
      try {
        const secondBase = await second.listen({ port: 0, host: '127.0.0.1' });
        const owner = await ownerWithBusinessProfile(t.app);
        const job = await createJobAs(t.app, owner);
        await t.app.events.idle();
        stream = openLiveStream(secondBase, owner.cookie);
        await stream.ready;

        const res = await asUser(t.app, owner, {
          method: 'POST',
          url: `/api/jobs/${job.id}/notes`,
          payload: { text: 'From the first server.' },
        });
        expect(res.statusCode).toBeLessThan(300);

        // Through the dispatcher of either app and PostgreSQL's NOTIFY, beside the other suites
        // on two cores: a limit to give up at.
        // The second app's own dispatcher may still be sending the job's creation when the
        // stream opens: wait for the note's event among what arrives.
        const seen = stream;
        const noteEvent = () =>
          seen.received.find((e) => (e.data as { type?: string }).type === 'job.note_added');
        await until(() => noteEvent() !== undefined, 'the event on the second server', 30_000);
        expect(noteEvent()!.data).toMatchObject({
          type: 'job.note_added',
          subjectId: job.id,
        });
      } finally {
        // Before the server closes: an open stream would hold its close until the test's limit,
        // hiding what failed.
        stream?.close();
        await second.close();
      }
    },
  );
});
