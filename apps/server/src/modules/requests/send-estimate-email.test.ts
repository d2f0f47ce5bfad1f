import { formatUsd, MESSAGES } from '@crewdesk/domain';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mailMessages, requests } from '../../db/schema/index.ts';
import {
  asUser,
  createTestApp,
  signedInUser,
  TEST_ORIGIN,
  type SignedInUser,
  type TestApp,
} from '../../../test/build-app.ts';
import {
  BUSINESS_TIME_ZONE,
  createRequestAs,
  insertProposalRow,
  ownerWithBusinessProfile,
  SMALL_HOME,
  SMALL_HOME_PRICE_CENTS,
} from '../../../test/requests.ts';
import { createTestAppWithInbox, type TestAppWithInbox } from '../../../test/smtp.ts';
import { SHARE_TOKEN_MISMATCH } from './request-sending.service.ts';

const NOT_SENT = MESSAGES.emailNotSent.description;

/** Ann Lee's small home: the calculator form's fields this file's requests are saved with. */
const FORM = { ...SMALL_HOME, clientName: 'Ann Lee', email: 'ann@example.test' };

const createRequest = (t: TestApp, user: SignedInUser, overrides = {}) =>
  createRequestAs(t.app, user, { ...FORM, ...overrides });

/** The spec's payload for a created request; the amount and date sent are not trusted. */
function payloadFor(created: { id: string; shareToken: string }, overrides = {}) {
  return {
    recipientEmail: 'ann@example.test',
    estimateId: created.id,
    clientName: 'Ann Lee',
    shareToken: created.shareToken,
    amount: 1,
    expirationDate: '1999-01-01',
    isQuote: false,
    ...overrides,
  };
}

const send = (t: TestApp, user: SignedInUser, payload: Record<string, unknown>) =>
  asUser(t.app, user, { method: 'POST', url: '/api/functions/send-estimate-email', payload });

const storedRow = async (t: TestApp, id: string) =>
  (await t.app.db.select().from(requests).where(eq(requests.id, id)))[0]!;

describe('POST /api/functions/send-estimate-email (SMTP)', () => {
  let t: TestAppWithInbox;
  beforeAll(async () => {
    t = await createTestAppWithInbox();
  });
  afterAll(() => t.close());
  afterEach(() => {
    t.inbox.rejectAll = false;
  });

  it('when the estimate is e-mailed, then the client gets the share link, the stored amount and expiry in the business’s name, and it is marked sent', async () => {
    const user = await ownerWithBusinessProfile(t.app);
    const created = await createRequest(t, user);
    const res = await send(t, user, payloadFor(created));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ sent: true, message: null, emailSent: true });
    expect(Date.parse(body.sharedAt)).not.toBeNaN();

    const mail = await t.inbox.waitFor(
      (m) => m.subject === 'Your estimate from Sparkle Cleaning Co',
    );
    expect(JSON.stringify(mail.to)).toContain('ann@example.test');
    expect(mail.from?.value[0]).toEqual({
      name: 'Sparkle Cleaning Co',
      address: 'no-reply@crewdesk.test',
    });
    const link = `${TEST_ORIGIN}/shared/${created.shareToken}`;
    const validUntil = new Intl.DateTimeFormat('en-US', {
      dateStyle: 'long',
      timeZone: BUSINESS_TIME_ZONE,
    }).format(new Date(created.expiresAt));
    for (const part of [link, formatUsd(SMALL_HOME_PRICE_CENTS), validUntil, 'Hello Ann Lee']) {
      expect(mail.text, part).toContain(part);
    }
    expect(mail.text).toContain('512 555 0199');
    expect(mail.html).toContain(link);
    expect(mail.text).not.toContain('$0.01');
    expect(mail.text).not.toContain('$1.00');

    const row = await storedRow(t, created.id);
    expect(row).toMatchObject({ emailSent: true, status: 'sent' });
    expect(row.sharedAt?.toISOString()).toBe(body.sharedAt);
    const detail = await asUser(t.app, user, { method: 'GET', url: `/api/requests/${created.id}` });
    const events = detail.json().events;
    expect(events.map((e: { kind: string }) => e.kind)).toEqual(['created', 'sent']);
    expect(events[1].detail).toMatchObject({ recipient: 'ann@example.test' });
    const [stored] = await t.app.db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.accountId, user.accountId));
    expect(stored).toMatchObject({ kind: 'estimate', status: 'sent', attempts: 1 });
  });

  it('when it is a quote, then the mail says Quote; a viewed one keeps its status when sent again', async () => {
    const user = await ownerWithBusinessProfile(t.app);
    const created = await createRequest(t, user, { type: 'quote' });
    await t.app.db.update(requests).set({ status: 'viewed' }).where(eq(requests.id, created.id));
    const res = await send(t, user, payloadFor(created, { isQuote: true }));
    expect(res.json().sent).toBe(true);
    const mail = await t.inbox.waitFor(
      (m) =>
        m.subject === 'Your quote from Sparkle Cleaning Co' &&
        (m.text ?? '').includes(created.shareToken),
    );
    expect(mail.text).toContain('View quote');
    expect((await storedRow(t, created.id)).status).toBe('viewed');
  });

  it('when the mail server refuses it, then sent false with the spec’s message, the request is unchanged and the mail is failed, not retried', async () => {
    const user = await ownerWithBusinessProfile(t.app);
    const created = await createRequest(t, user);
    const before = await storedRow(t, created.id);
    t.inbox.rejectAll = true;
    const res = await send(t, user, payloadFor(created));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      sent: false,
      message: NOT_SENT,
      emailSent: false,
      sharedAt: null,
    });
    expect(await storedRow(t, created.id)).toEqual(before);
    const [mail] = await t.app.db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.accountId, user.accountId));
    expect(mail).toMatchObject({ status: 'failed', attempts: 1 });
    expect(mail!.lastError).toMatch(/550|mailbox/i);

    // Accepted again: the user resends, and now it goes out.
    t.inbox.rejectAll = false;
    const again = await send(t, user, payloadFor(created));
    expect(again.json()).toMatchObject({ sent: true, emailSent: true });
  });

  it('when the estimate is another business’s, then 404; when the token does not match, 400; and nothing is sent', async () => {
    const user = await ownerWithBusinessProfile(t.app);
    const other = await ownerWithBusinessProfile(t.app);
    const theirs = await createRequest(t, other);
    const foreign = await send(t, user, payloadFor(theirs));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ code: 'NOT_FOUND', message: 'Request not found.' });

    const mine = await createRequest(t, user);
    const mismatch = await send(t, user, payloadFor(mine, { shareToken: theirs.shareToken }));
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toEqual({ code: 'BAD_REQUEST', message: SHARE_TOKEN_MISMATCH });
    const mails = await t.app.db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.accountId, user.accountId));
    expect(mails).toEqual([]);
    expect((await storedRow(t, theirs.id)).emailSent).toBe(false);
  });

  it('when the payload is invalid, then 400 names the field', async () => {
    const user = await ownerWithBusinessProfile(t.app);
    const created = await createRequest(t, user);
    const cases: [Record<string, unknown>, string][] = [
      [{ recipientEmail: 'nope' }, 'recipientEmail: Please enter a valid email address.'],
      [{ estimateId: 'x' }, 'estimateId: estimateId must be a UUID'],
      [{ clientName: '  ' }, 'clientName: clientName is required'],
      [{ isQuote: 'yes' }, 'isQuote: '],
    ];
    for (const [override, message] of cases) {
      const res = await send(t, user, payloadFor(created, override));
      expect(res.statusCode, JSON.stringify(override)).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });

  it('when a team_member e-mails a proposal, then 403; an estimate is fine', async () => {
    const member = await signedInUser(t.app, { role: 'team_member' });
    const proposal = await insertProposalRow(t.app.db, member.accountId);
    const shareToken = t.app.shares.token('estimate', proposal.id, proposal.shareVersion);
    const denied = await send(t, member, payloadFor({ id: proposal.id, shareToken }));
    expect(denied.statusCode).toBe(403);
    const estimate = await createRequest(t, member);
    expect((await send(t, member, payloadFor(estimate))).json().sent).toBe(true);
  });
});

describe('POST /api/functions/send-estimate-email (no delivery)', () => {
  it('when no SMTP server is configured, then sent false and the mail is kept in the outbox', async () => {
    const t = await createTestApp();
    try {
      const user = await ownerWithBusinessProfile(t.app);
      const created = await createRequest(t, user);
      const res = await send(t, user, payloadFor(created));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        sent: false,
        message: NOT_SENT,
        emailSent: false,
        sharedAt: null,
      });
      const [mail] = await t.app.db
        .select()
        .from(mailMessages)
        .where(eq(mailMessages.accountId, user.accountId));
      expect(mail).toMatchObject({ kind: 'estimate', status: 'kept' });
      expect(mail!.links).toEqual([`${TEST_ORIGIN}/shared/${created.shareToken}`]);
      expect(await storedRow(t, created.id)).toMatchObject({
        emailSent: false,
        status: 'unopened',
      });
    } finally {
      await t.close();
    }
  });

  it('when the mail server cannot be reached, then sent false at once and the request is not marked sent', async () => {
    const t = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:9' });
    try {
      const user = await ownerWithBusinessProfile(t.app);
      const created = await createRequest(t, user);
      const res = await send(t, user, payloadFor(created));
      expect(res.json()).toMatchObject({ sent: false, message: NOT_SENT, emailSent: false });
      expect(await storedRow(t, created.id)).toMatchObject({ emailSent: false, sharedAt: null });
      const [mail] = await t.app.db
        .select()
        .from(mailMessages)
        .where(eq(mailMessages.accountId, user.accountId));
      expect(mail).toMatchObject({ status: 'failed', attempts: 1 });
    } finally {
      await t.close();
    }
  });
});
