import { createServer, type AddressInfo } from 'node:net';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailMessages, users } from '../../db/schema/index.ts';
import {
  asUser,
  createTestApp,
  sessionCookie,
  signedInUser,
  signIn,
  TEST_ORIGIN,
  type TestApp,
} from '../../../test/build-app.ts';
import { createTestAppWithInbox, type TestAppWithInbox } from '../../../test/smtp.ts';
import { renderMail } from './mail.templates.ts';
import { MAIL_BATCH_SIZE } from './mail.service.ts';

async function waitForStatus(t: TestApp, id: string, status: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await t.app.db.select().from(mailMessages).where(eq(mailMessages.id, id));
    if (row?.status === status) return row;
    if (Date.now() > deadline) throw new Error(`mail ${id} is ${row?.status}, not ${status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('e-mail over SMTP', () => {
  let t: TestAppWithInbox;
  beforeAll(async () => {
    t = await createTestAppWithInbox();
  });
  afterAll(() => t.close());

  it('when a user forgets their password, then the reset mail arrives with both parts and its link resets the password', async () => {
    const user = await signedInUser(t.app, { password: 'old-password-123' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: TEST_ORIGIN },
      payload: { email: user.email, redirectTo: '/auth/reset-password' },
    });
    expect(res.statusCode).toBe(200);

    const mail = await t.inbox.waitFor(
      (m) =>
        m.subject === 'Reset your Crewdesk password' &&
        m.text?.includes(user.email) !== true &&
        m.to !== undefined &&
        JSON.stringify(m.to).includes(user.email),
    );
    expect(mail.from?.value[0]).toEqual({ name: 'Crewdesk', address: 'no-reply@crewdesk.test' });
    const link = /(http:\/\/localhost:3000\/api\/auth\/reset-password\/[\w-]+)/.exec(
      mail.text ?? '',
    )?.[1];
    expect(link).toBeDefined();
    expect(mail.html).toContain(link);
    const [queued] = await t.app.db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.toAddress, user.email));
    // The inbox has the message a moment before the worker records that SMTP took it.
    const row = await waitForStatus(t, queued!.id, 'sent');
    expect(row).toMatchObject({ kind: 'password-reset', status: 'sent', attempts: 1 });

    const token = link!.split('/').at(-1);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: TEST_ORIGIN },
      payload: { token, newPassword: 'brand-new-password-9' },
    });
    expect(reset.statusCode).toBe(200);
    await expect(signIn(t.app, user.email, 'old-password-123')).rejects.toThrow(
      'sign-in failed: 401',
    );
    await expect(signIn(t.app, user.email, 'brand-new-password-9')).resolves.toContain(
      'crewdesk.session_token=',
    );
  });

  it('when a reset is asked for an unknown e-mail, then the answer is the same and no mail is made', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: TEST_ORIGIN },
      payload: { email: 'nobody-at-all@example.test', redirectTo: '/auth/reset-password' },
    });
    expect(res.statusCode).toBe(200);
    const rows = await t.app.db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.toAddress, 'nobody-at-all@example.test'));
    expect(rows).toEqual([]);
  });

  it('when a user asks for a one-time code, then it arrives by e-mail and signs them in', async () => {
    const user = await signedInUser(t.app);
    const send = await t.app.inject({
      method: 'POST',
      url: '/api/auth/email-otp/send-verification-otp',
      headers: { origin: TEST_ORIGIN },
      payload: { email: user.email, type: 'sign-in' },
    });
    expect(send.statusCode).toBe(200);
    const mail = await t.inbox.waitFor(
      (m) =>
        JSON.stringify(m.to).includes(user.email) &&
        (m.subject ?? '').startsWith('Your Crewdesk code'),
    );
    const code = /Your Crewdesk code: (\d{6})/.exec(mail.subject ?? '')?.[1];
    expect(mail.text).toContain(code);

    const signInRes = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email-otp',
      headers: { origin: TEST_ORIGIN },
      payload: { email: user.email, otp: code },
    });
    expect(signInRes.statusCode).toBe(200);
    const me = await asUser(
      t.app,
      { cookie: sessionCookie(signInRes) },
      { method: 'GET', url: '/api/me' },
    );
    expect(me.json().user.email).toBe(user.email);
  });

  it('when a user with two-factor sign-in asks for a code, then no code is sent (a code alone must not sign them in)', async () => {
    const user = await signedInUser(t.app);
    await t.app.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, user.userId));
    const send = await t.app.inject({
      method: 'POST',
      url: '/api/auth/email-otp/send-verification-otp',
      headers: { origin: TEST_ORIGIN },
      payload: { email: user.email, type: 'sign-in' },
    });
    expect(send.statusCode).toBe(200);
    const mail = await t.inbox.waitFor(
      (m) =>
        JSON.stringify(m.to).includes(user.email) &&
        m.subject === 'Sign in to Crewdesk with your password',
    );
    expect(mail.text).not.toMatch(/\b\d{6}\b/);
    const attempt = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email-otp',
      headers: { origin: TEST_ORIGIN },
      payload: { email: user.email, otp: '123456' },
    });
    expect(attempt.statusCode).toBeGreaterThanOrEqual(400);
    expect(String(attempt.headers['set-cookie'] ?? '')).not.toMatch(/crewdesk\.session_token=[^;]/);
  });

  it('when a code is asked for an unknown e-mail, then the answer is the same and no mail is made', async () => {
    const send = await t.app.inject({
      method: 'POST',
      url: '/api/auth/email-otp/send-verification-otp',
      headers: { origin: TEST_ORIGIN },
      payload: { email: 'stranger@example.test', type: 'sign-in' },
    });
    expect(send.statusCode).toBe(200);
    const rows = await t.app.db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.toAddress, 'stranger@example.test'));
    expect(rows).toEqual([]);
  });

  it('when the mail server refuses, then the message is retried, marked failed with its error, and kept', async () => {
    t.inbox.rejectAll = true;
    try {
      const { id } = await t.app.mailer.queue({
        kind: 'test',
        to: 'bounce@example.test',
        fromName: 'Sparkle Cleaning',
        ...renderMail({
          subject: 'Hello',
          heading: 'Hello',
          paragraphs: ['Body'],
          footer: 'Footer',
        }),
      });
      const row = await waitForStatus(t, id, 'failed');
      expect(row.attempts).toBe(3); // the first try and two retries (test retry limit 2)
      expect(row.lastError).toContain('550');
      expect(row.subject).toBe('Hello');
    } finally {
      t.inbox.rejectAll = false;
    }
  });
});

describe('the send-mail worker, in batches', () => {
  let t: TestAppWithInbox;
  beforeAll(async () => {
    t = await createTestAppWithInbox();
  });
  afterAll(() => t.close());

  const recipientOf = (mail: ParsedMail) => {
    const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
    return to?.value[0]?.address ?? '';
  };
  /** How many times each address received mail. */
  const arrivals = () => {
    const counts = new Map<string, number>();
    for (const mail of t.inbox.messages) {
      const address = recipientOf(mail);
      counts.set(address, (counts.get(address) ?? 0) + 1);
    }
    return counts;
  };
  const storeTo = (accountId: string, to: string) =>
    t.app.mailer.storeInTransaction(t.app.db, {
      accountId,
      kind: 'invoice-reminder',
      to,
      fromName: 'Sparkle Cleaning',
      ...renderMail({
        subject: `Reminder for ${to}`,
        heading: 'Your invoice is due',
        paragraphs: ['Please pay.'],
        footer: 'f',
      }),
    });
  // Every message stored so far (stored in this millisecond too: the database keeps microseconds).
  const queueAllStored = () => t.app.mailer.requeueWaiting(new Date(Date.now() + 1000));
  const rowsOf = (ids: string[]) =>
    t.app.db.select().from(mailMessages).where(inArray(mailMessages.id, ids));
  async function waitUntilSettled(ids: string[], timeoutMs = 20_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const rows = await rowsOf(ids);
      if (rows.every((row) => row.status === 'sent' || row.status === 'failed')) return rows;
      if (Date.now() > deadline) {
        const left = rows.filter((row) => row.status !== 'sent' && row.status !== 'failed');
        throw new Error(`${left.length} messages still ${left[0]?.status}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  /** Send-mail jobs that could still send something. */
  const pendingJobs = async () => {
    const result = await t.app.db.execute(
      sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'send-mail' AND state < 'completed'`,
    );
    return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n);
  };
  /**
   * The pending send-mail jobs once the queue has caught up: it completes a job just after the
   * handler has settled its rows, so a check made the moment the rows settle may still see it.
   * Waits at most `timeoutMs`; a job left to send again stays pending and is counted.
   */
  const pendingJobsSettled = async (timeoutMs = 5_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const pending = await pendingJobs();
      if (pending === 0 || Date.now() > deadline) return pending;
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  it(
    'when 200 messages are queued at once, then in full batches each arrives exactly once and the outbox marks every one sent',
    { timeout: 60_000 },
    async () => {
      const owner = await signedInUser(t.app);
      const addresses = Array.from({ length: 200 }, (_, i) => `batch-${i}@example.test`);
      // Stored, then queued in one go (as at a start with mail waiting): two full batches.
      const ids: string[] = [];
      for (const to of addresses) ids.push((await storeTo(owner.accountId, to)).id);
      expect(addresses.length).toBe(2 * MAIL_BATCH_SIZE);
      await queueAllStored();

      const rows = await waitUntilSettled(ids);
      expect(rows.map((row) => [row.status, row.attempts])).toEqual(ids.map(() => ['sent', 1]));
      expect(await pendingJobsSettled()).toBe(0);
      const counts = arrivals();
      for (const to of addresses) expect(counts.get(to), to).toBe(1);

      const outbox = await asUser(t.app, owner, {
        method: 'GET',
        url: '/api/mail/outbox?limit=100',
      });
      const { items } = outbox.json();
      expect(items).toHaveLength(100);
      expect(items.every((item: { status: string }) => item.status === 'sent')).toBe(true);
    },
  );

  it(
    'when one message of a batch is refused, then only it is retried (sent at its second try), one refused every time is marked failed, and the others are not sent again',
    { timeout: 60_000 },
    async () => {
      const owner = await signedInUser(t.app);
      const flaky = 'flaky@example.test';
      const bounce = 'always-refused@example.test';
      let flakyTries = 0;
      t.inbox.refuseRecipient = (address) => {
        if (address === flaky) return (flakyTries += 1) === 1;
        return address === bounce;
      };
      try {
        const addresses = Array.from({ length: 40 }, (_, i) => `retry-${i}@example.test`);
        addresses.splice(10, 0, flaky);
        addresses.splice(25, 0, bounce);
        // Stored first and queued together (as the requeue at start does): one batch.
        const ids: string[] = [];
        for (const to of addresses) ids.push((await storeTo(owner.accountId, to)).id);
        expect(addresses.length).toBeLessThan(MAIL_BATCH_SIZE);
        await queueAllStored();

        const rows = await waitUntilSettled(ids);
        const byAddress = new Map(rows.map((row) => [row.toAddress, row]));
        expect(byAddress.get(flaky)).toMatchObject({
          status: 'sent',
          attempts: 2,
          lastError: null,
        });
        expect(byAddress.get(bounce)).toMatchObject({ status: 'failed', attempts: 3 });
        expect(byAddress.get(bounce)?.lastError).toContain('550');
        for (const to of addresses.filter((a) => a !== flaky && a !== bounce)) {
          expect(byAddress.get(to), to).toMatchObject({ status: 'sent', attempts: 1 });
        }
        expect(await pendingJobsSettled()).toBe(0);
        const counts = arrivals();
        expect(flakyTries).toBe(2);
        expect(counts.get(flaky)).toBe(1);
        expect(counts.get(bounce)).toBeUndefined();
        for (const to of addresses.filter((a) => a !== flaky && a !== bounce)) {
          expect(counts.get(to), to).toBe(1);
        }
        const stored = await t.app.db
          .select({ n: sql<number>`count(*)::int` })
          .from(mailMessages)
          .where(and(eq(mailMessages.accountId, owner.accountId), eq(mailMessages.status, 'sent')));
        expect(stored[0]?.n).toBe(41);
      } finally {
        t.inbox.refuseRecipient = undefined;
      }
    },
  );
});

describe('the send-mail worker when the mail server cannot be reached', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A port nobody listens on: every connection is refused.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}` });
  });
  afterAll(() => t.close());

  it('when a batch cannot connect, then each of its messages counts the attempt, is retried, and is marked failed after the limit', async () => {
    const ids: string[] = [];
    for (const n of [1, 2, 3]) {
      const { id } = await t.app.mailer.storeInTransaction(t.app.db, {
        kind: 'test',
        to: `unreachable-${n}@example.test`,
        fromName: 'Sparkle Cleaning',
        ...renderMail({
          subject: `Hello ${n}`,
          heading: 'Hello',
          paragraphs: ['Body'],
          footer: 'f',
        }),
      });
      ids.push(id);
    }
    await t.app.mailer.requeueWaiting(new Date(Date.now() + 1000));
    for (const id of ids) {
      const row = await waitForStatus(t, id, 'failed');
      expect(row.attempts).toBe(3); // the first try and two retries (test retry limit 2)
      expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
    }
  });
});

describe('the outbox (no SMTP server configured)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const queueFor = (accountId: string, subject: string) =>
    t.app.mailer.queue({
      accountId,
      kind: 'invitation',
      to: 'new.hire@example.test',
      fromName: 'Sparkle Cleaning',
      ...renderMail({
        subject,
        heading: subject,
        paragraphs: ['Join us'],
        action: { label: 'Join', url: 'http://localhost:3000/accept-invitation?id=1' },
        footer: 'f',
      }),
    });

  it("when mail is sent without SMTP, then it is kept, and the owner reads their business's outbox only", async () => {
    const owner = await signedInUser(t.app, { accountName: 'Sparkle Cleaning' });
    const stranger = await signedInUser(t.app);
    const { id } = await queueFor(owner.accountId, 'You are invited');
    await queueFor(stranger.accountId, 'Not yours');
    await waitForStatus(t, id, 'kept');

    const res = await asUser(t.app, owner, { method: 'GET', url: '/api/mail/outbox' });
    expect(res.statusCode).toBe(200);
    const { items, nextBefore } = res.json();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      id,
      subject: 'You are invited',
      status: 'kept',
      to: 'new.hire@example.test',
      links: ['http://localhost:3000/accept-invitation?id=1'],
    });
    expect(nextBefore).toBeNull();
  });

  it('when the outbox has more than a page, then it pages by date', async () => {
    const owner = await signedInUser(t.app);
    for (const n of [1, 2, 3]) await queueFor(owner.accountId, `Mail ${n}`);
    const first = (
      await asUser(t.app, owner, { method: 'GET', url: '/api/mail/outbox?limit=2' })
    ).json();
    expect(first.items.map((i: { subject: string }) => i.subject)).toEqual(['Mail 3', 'Mail 2']);
    const second = (
      await asUser(t.app, owner, {
        method: 'GET',
        url: `/api/mail/outbox?limit=2&before=${encodeURIComponent(first.nextBefore)}`,
      })
    ).json();
    expect(second.items.map((i: { subject: string }) => i.subject)).toEqual(['Mail 1']);
  });

  it.each(['team_member', 'manager', 'sales_person'] as const)(
    'when a %s opens the outbox, then it answers 403',
    async (role) => {
      const user = await signedInUser(t.app, { role });
      const res = await asUser(t.app, user, { method: 'GET', url: '/api/mail/outbox' });
      expect(res.statusCode).toBe(403);
    },
  );

  it('when the page cursor is not a date, then it answers 400; without a session 401', async () => {
    const owner = await signedInUser(t.app);
    expect(
      (await asUser(t.app, owner, { method: 'GET', url: '/api/mail/outbox?before=yesterday' }))
        .statusCode,
    ).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/mail/outbox' })).statusCode).toBe(401);
  });
});
