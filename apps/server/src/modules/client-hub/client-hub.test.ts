import { CLIENT_HUB_MESSAGES as M, type ClientHub, type InvoiceDetail } from '@crewdesk/domain';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientHubCodes,
  clientHubSessions,
  inspections,
  inspectionShareLinks,
  inspectionTemplates,
  requests,
  visitProofs,
  domainEvents,
  jobs,
} from '../../db/schema/index.ts';
import {
  asUser,
  memberActingFor,
  TEST_ORIGIN,
  type SignedInUser,
} from '../../../test/build-app.ts';
import { addContact } from '../../../test/customers.ts';
import { sentInvoiceAs } from '../../../test/invoices.ts';
import { createJobAs } from '../../../test/jobs.ts';
import { allKeys, createRequestAs, ownerWithBusinessProfile } from '../../../test/requests.ts';
import { createTestAppWithInbox, type TestAppWithInbox } from '../../../test/smtp.ts';

const NOW = new Date('2026-11-20T15:00:00Z');
const MINUTE = 60_000;

/** Keys a client must never see on any hub answer (the same rule as the share pages). */
const INTERNAL_KEY =
  /cost|profit|margin|tool|notes|internal|rate|payroll|wage|assignee|employee|inspector|userid|createdby|accountid|customerid|staff/i;

function tokenOf(invoice: InvoiceDetail): string {
  return invoice.publicUrl.split('/pay/')[1]!;
}

function hubCookie(res: LightMyRequestResponse): string {
  const header = res.headers['set-cookie'];
  const cookies = Array.isArray(header) ? header : header ? [header] : [];
  const found = cookies.find((c) => c.startsWith('crewdesk_hub='));
  if (!found) throw new Error('no hub cookie in the answer');
  return found;
}

describe('the client hub', () => {
  let t: TestAppWithInbox;
  let clock = NOW;
  let owner: SignedInUser;
  let other: SignedInUser;

  beforeAll(async () => {
    t = await createTestAppWithInbox({ now: () => clock });
    owner = await ownerWithBusinessProfile(t.app);
    other = await ownerWithBusinessProfile(t.app);
  });
  afterAll(() => t.close());

  const get = (url: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const post = (url: string, payload: unknown, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: payload as Record<string, unknown>,
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    });

  /** A contact of `user` with a sent invoice, a shared quote and two visits (past, upcoming). */
  async function clientWithWork(user: SignedInUser = owner) {
    const contact = await addContact(t.app, user);
    const invoice = await sentInvoiceAs(t.app, user, {
      customerId: contact.id,
      clientEmail: contact.email,
    });
    const quote = await createRequestAs(t.app, user, {
      customer_id: contact.id,
      email: contact.email,
      title: 'Spring clean',
    });
    await t.app.db.update(requests).set({ sharedAt: NOW }).where(eq(requests.id, quote.id));
    const upcoming = await createJobAs(t.app, user, {
      customerId: contact.id,
      title: 'Deep clean visit',
      startsAt: '2026-12-01T09:00:00',
    });
    const past = await createJobAs(t.app, user, {
      customerId: contact.id,
      title: 'First visit',
      startsAt: '2026-11-10T09:00:00',
    });
    return { contact, invoice, token: tokenOf(invoice), quote, upcoming, past };
  }

  /** Asks for a code through `token` and reads it from the mail the contact receives. */
  async function codeFor(token: string, email: string): Promise<string> {
    const before = t.inbox.messages.length;
    const res = await post(`/api/public/hub/links/${token}/code`, { channel: 'email' });
    expect(res.statusCode, res.body).toBe(202);
    const mail = await t.inbox.waitFor(
      (m) =>
        t.inbox.messages.indexOf(m) >= before &&
        JSON.stringify(m.to).includes(email) &&
        /Your code for/.test(m.subject ?? ''),
    );
    return /(\d{6})/.exec(mail.subject ?? '')![1]!;
  }

  async function signedInClient(token: string, email: string) {
    const code = await codeFor(token, email);
    const res = await post(`/api/public/hub/links/${token}/session`, { code });
    expect(res.statusCode, res.body).toBe(200);
    return { cookie: hubCookie(res).split(';')[0]!, hub: res.json() as ClientHub, res };
  }

  it('when a link is opened, then it names the business and its document and masks where a code goes', async () => {
    const { token, contact } = await clientWithWork();
    const res = await get(`/api/public/hub/links/${token}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toMatchObject({
      business: { name: 'Sparkle Cleaning Co' },
      document: { kind: 'invoice', path: `/pay/${token}` },
      emailHint: `a•••@example.test`,
      phoneHint: '•••• 00',
      signedIn: false,
    });
    // Nothing personal before the code: no address, no name.
    expect(JSON.stringify(body)).not.toContain(contact.email);
    expect(JSON.stringify(body)).not.toContain(contact.firstName);
    expect(JSON.stringify(body)).not.toContain(contact.lastName);
  });

  it('when the right code is entered, then a short httpOnly session opens the hub with quotes, visits and invoices', async () => {
    const { token, contact, invoice, quote, upcoming, past } = await clientWithWork();
    const code = await codeFor(token, contact.email);
    // Kept hashed: the code is nowhere in the table.
    const [stored] = await t.app.db
      .select()
      .from(clientHubCodes)
      .where(eq(clientHubCodes.customerId, contact.id));
    expect(stored!.codeHash).not.toContain(code);
    expect(stored!.expiresAt.getTime() - NOW.getTime()).toBe(10 * MINUTE);

    const res = await post(`/api/public/hub/links/${token}/session`, { code });
    expect(res.statusCode, res.body).toBe(200);
    const cookie = hubCookie(res);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Path=\/api\/public\/hub/);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const cookieToken = cookie.split(';')[0]!.split('=')[1]!;
    const sessions = await t.app.db
      .select()
      .from(clientHubSessions)
      .where(eq(clientHubSessions.customerId, contact.id));
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.tokenHash).not.toBe(cookieToken);
    expect(sessions[0]!.expiresAt.getTime() - NOW.getTime()).toBe(30 * MINUTE);

    const hub = (await get('/api/public/hub', cookie.split(';')[0]!)).json() as ClientHub;
    expect(hub.contact).toMatchObject({ firstName: contact.firstName, email: contact.email });
    expect(hub.quotes.map((q) => [q.id, q.title, q.path])).toEqual([
      [quote.id, 'Spring clean', `/shared/${quote.shareToken}`],
    ]);
    expect(hub.invoices.map((i) => [i.id, i.path])).toEqual([[invoice.id, `/pay/${token}`]]);
    expect(hub.visits.upcoming.map((v) => v.id)).toEqual([upcoming.id]);
    expect(hub.visits.past.map((v) => v.id)).toEqual([past.id]);
    expect(hub.sessionExpiresAt).toBe(new Date(NOW.getTime() + 30 * MINUTE).toISOString());

    // The code works once.
    const again = await post(`/api/public/hub/links/${token}/session`, { code });
    expect(again.statusCode).toBe(400);
    // The link now knows this browser.
    const link = await get(`/api/public/hub/links/${token}`, cookie.split(';')[0]!);
    expect(link.json().signedIn).toBe(true);
  });

  /** A finished inspection at the contact's site with a live report link (stored directly). */
  async function sharedReport(user: SignedInUser, customerId: string): Promise<string> {
    const snapshot = { name: 'Move-out check', passMarkPercent: 80, sections: [] };
    const [template] = await t.app.db
      .insert(inspectionTemplates)
      .values({ accountId: user.accountId, familyId: crypto.randomUUID(), version: 1, ...snapshot })
      .returning();
    const [inspection] = await t.app.db
      .insert(inspections)
      .values({
        accountId: user.accountId,
        templateId: template!.id,
        templateFamilyId: template!.familyId,
        templateVersion: 1,
        templateName: 'Move-out check',
        snapshot: snapshot as never,
        customerId,
        status: 'finished',
        internalNotes: 'Tenant was rude',
        passed: true,
        startedAt: NOW,
        finishedAt: NOW,
      })
      .returning();
    const [link] = await t.app.db
      .insert(inspectionShareLinks)
      .values({ accountId: user.accountId, inspectionId: inspection!.id })
      .returning();
    return t.app.shares.token('inspection-report', link!.id, 1);
  }

  it('when an inspection report link is opened, then it opens the same hub, which lists the report', async () => {
    const { contact, token: invoiceToken } = await clientWithWork();
    const reportToken = await sharedReport(owner, contact.id);
    const link = await get(`/api/public/hub/links/${reportToken}`);
    expect(link.statusCode, link.body).toBe(200);
    expect(link.json().document).toEqual({
      kind: 'inspection_report',
      path: `/inspection-report/${reportToken}`,
    });
    const { hub } = await signedInClient(reportToken, contact.email);
    expect(hub.reports).toEqual([
      expect.objectContaining({
        title: 'Move-out check',
        passed: true,
        path: `/inspection-report/${reportToken}`,
      }),
    ]);
    expect(hub.invoices.map((i) => i.path)).toEqual([`/pay/${invoiceToken}`]);
    expect(JSON.stringify(hub)).not.toContain('Tenant was rude');
    // Revoking takes the report link too.
    await asUser(t.app, owner, {
      method: 'POST',
      url: `/api/customers/${contact.id}/client-hub/revoke-links`,
    });
    expect((await get(`/api/public/inspection-reports/${reportToken}`)).statusCode).toBe(404);
    // The revocation is in the ledger, with who did it.
    const ledger = await t.app.db
      .select()
      .from(domainEvents)
      .where(
        and(
          eq(domainEvents.type, 'customer.hub_links_revoked'),
          eq(domainEvents.subjectId, contact.id),
        ),
      );
    expect(ledger.map((e) => [e.subject, e.actorUserId])).toEqual([['customer', owner.userId]]);
  });

  it("when a visit's proof-of-service link is opened, then it leads to the hub too, until the links are revoked", async () => {
    const { contact, past } = await clientWithWork();
    await t.app.db
      .update(jobs)
      .set({ status: 'completed', completedAt: NOW })
      .where(eq(jobs.id, past.id));
    const page = await asUser(t.app, owner, { method: 'GET', url: `/api/jobs/${past.id}/proof` });
    expect(page.statusCode, page.body).toBe(200);
    const proofToken = (page.json() as { token: string }).token;
    const available = await get(`/api/public/hub/links/${proofToken}/available`);
    expect(available.json()).toEqual({ available: true });
    const link = await get(`/api/public/hub/links/${proofToken}`);
    expect(link.statusCode, link.body).toBe(200);
    expect(link.json()).toMatchObject({
      document: { kind: 'visit_proof', path: `/proof/${proofToken}` },
    });
    await asUser(t.app, owner, {
      method: 'POST',
      url: `/api/customers/${contact.id}/client-hub/revoke-links`,
    });
    expect((await get(`/api/public/proof/${proofToken}`)).statusCode).toBe(404);
    expect((await get(`/api/public/hub/links/${proofToken}`)).statusCode).toBe(404);
  });

  it('when a link has no contact, or is unknown, then it opens no hub', async () => {
    const unlinked = await sentInvoiceAs(t.app, owner);
    const linked = await clientWithWork();
    const available = (token: string) => get(`/api/public/hub/links/${token}/available`);
    expect((await available(linked.token)).json()).toEqual({ available: true });
    expect((await available(tokenOf(unlinked))).json()).toEqual({ available: false });
    expect((await available(crypto.randomUUID())).json()).toEqual({ available: false });
    expect((await available('not-a-token')).statusCode).toBe(400);
    expect((await get(`/api/public/hub/links/${tokenOf(unlinked)}`)).statusCode).toBe(404);
    expect((await get(`/api/public/invoices/${tokenOf(unlinked)}`)).statusCode).toBe(200);
    expect((await get(`/api/public/hub/links/${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect((await post(`/api/public/hub/links/nope/code`, {})).statusCode).toBe(404);
  });

  it("when a past visit has its proof of service, then the hub lists that page, and not another contact's", async () => {
    const mine = await clientWithWork();
    const other = await clientWithWork();
    // The pages completing a visit makes (visit-proofs' ledger consumer), one per visit.
    const [page] = await t.app.db
      .insert(visitProofs)
      .values([
        { accountId: owner.accountId, jobId: mine.past.id },
        { accountId: owner.accountId, jobId: other.past.id },
      ])
      .returning();
    const { hub } = await signedInClient(mine.token, mine.contact.email);
    expect(hub.proofs).toEqual([
      {
        title: 'First visit',
        visitDate: expect.stringMatching(/^2026-11-10T/),
        path: `/proof/${t.app.shares.token('visit-proof', page!.id, 1)}`,
      },
    ]);
  });

  it.each(['completed', 'cancelled'] as const)(
    'when a visit still ahead is %s, then it is among the visits that were, not the upcoming ones',
    async (status) => {
      const { token, contact, upcoming, past } = await clientWithWork();
      await t.app.db.update(jobs).set({ status }).where(eq(jobs.id, upcoming.id));
      const { hub } = await signedInClient(token, contact.email);
      expect(hub.visits.upcoming).toEqual([]);
      expect(hub.visits.past.map((v) => [v.id, v.status])).toEqual([
        [upcoming.id, status],
        [past.id, 'scheduled'],
      ]);
    },
  );

  it('when a visit is added to a calendar, then its .ics holds that one visit', async () => {
    const { token, contact, upcoming } = await clientWithWork();
    const { cookie } = await signedInClient(token, contact.email);
    const res = await get(`/api/public/hub/visits/${upcoming.id}/ics`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/calendar');
    expect(res.body).toContain('BEGIN:VEVENT');
    expect(res.body).toContain('SUMMARY:Deep clean visit (Sparkle Cleaning Co)');
    expect(res.body.match(/BEGIN:VEVENT/g)).toHaveLength(1);
  });

  it("when another contact's visit or another account's contact is asked for, then it answers 404", async () => {
    const mine = await clientWithWork();
    const theirs = await clientWithWork(other);
    const sameAccount = await clientWithWork();
    const { cookie } = await signedInClient(mine.token, mine.contact.email);
    for (const id of [theirs.upcoming.id, sameAccount.upcoming.id]) {
      expect((await get(`/api/public/hub/visits/${id}/ics`, cookie)).statusCode).toBe(404);
    }
    const preview = await asUser(t.app, owner, {
      method: 'GET',
      url: `/api/customers/${theirs.contact.id}/client-hub`,
    });
    expect(preview.statusCode).toBe(404);
    const revoke = await asUser(t.app, owner, {
      method: 'POST',
      url: `/api/customers/${theirs.contact.id}/client-hub/revoke-links`,
    });
    expect(revoke.statusCode).toBe(404);
    // Their link still works: nothing was revoked.
    expect((await get(`/api/public/invoices/${theirs.token}`)).statusCode).toBe(200);
  });

  it('when a wrong code is entered, then it says so and counts the attempt', async () => {
    const { token, contact } = await clientWithWork();
    const code = await codeFor(token, contact.email);
    const wrong = code === '000000' ? '111111' : '000000';
    const res = await post(`/api/public/hub/links/${token}/session`, { code: wrong });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(M.wrongCode);
    expect(res.headers['set-cookie']).toBeUndefined();
    const [stored] = await t.app.db
      .select()
      .from(clientHubCodes)
      .where(eq(clientHubCodes.customerId, contact.id));
    expect(stored!.attempts).toBe(1);
  });

  it('when the code has expired, then it is refused', async () => {
    const { token, contact } = await clientWithWork();
    const code = await codeFor(token, contact.email);
    clock = new Date(NOW.getTime() + 11 * MINUTE);
    try {
      const res = await post(`/api/public/hub/links/${token}/session`, { code });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(M.expiredCode);
    } finally {
      clock = NOW;
    }
  });

  it('when too many wrong codes are tried, then the code is burned, even for the right one', async () => {
    const { token, contact } = await clientWithWork();
    const code = await codeFor(token, contact.email);
    const wrong = code === '000000' ? '111111' : '000000';
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      statuses.push(
        (await post(`/api/public/hub/links/${token}/session`, { code: wrong })).statusCode,
      );
    }
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    const right = await post(`/api/public/hub/links/${token}/session`, { code });
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toBe(M.tooManyAttempts);
  });

  it('when too many codes are asked for, then the next one is refused', async () => {
    const { token, contact } = await clientWithWork();
    for (let i = 0; i < 5; i += 1) {
      expect((await post(`/api/public/hub/links/${token}/code`, {})).statusCode).toBe(202);
    }
    const res = await post(`/api/public/hub/links/${token}/code`, {});
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(M.tooManyCodes);
    const rows = await t.app.db
      .select()
      .from(clientHubCodes)
      .where(eq(clientHubCodes.customerId, contact.id));
    expect(rows).toHaveLength(5);
  });

  it('when a code is asked for by text, then it goes to the phone on file', async () => {
    const { token } = await clientWithWork();
    const res = await post(`/api/public/hub/links/${token}/code`, { channel: 'sms' });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ channel: 'sms', sentTo: '•••• 00', expiresInMinutes: 10 });
  });

  it('when the session has run its 30 minutes, then the hub asks for a code again', async () => {
    const { token, contact } = await clientWithWork();
    const { cookie } = await signedInClient(token, contact.email);
    clock = new Date(NOW.getTime() + 31 * MINUTE);
    try {
      const res = await get('/api/public/hub', cookie);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(M.signedOut);
    } finally {
      clock = NOW;
    }
    expect((await get('/api/public/hub', cookie)).statusCode).toBe(200);
    expect((await get('/api/public/hub')).statusCode).toBe(401);
    expect((await get('/api/public/hub', 'crewdesk_hub=made-up')).statusCode).toBe(401);
  });

  it('when the client signs out, then the session is gone', async () => {
    const { token, contact } = await clientWithWork();
    const { cookie } = await signedInClient(token, contact.email);
    const res = await post('/api/public/hub/sign-out', undefined, cookie);
    expect(res.statusCode).toBe(204);
    expect((await get('/api/public/hub', cookie)).statusCode).toBe(401);
  });

  it('when a link is older than the lifetime the business set, then it opens no hub (its own page stays)', async () => {
    const business = await ownerWithBusinessProfile(t.app);
    const { token } = await clientWithWork(business);
    const saved = await asUser(t.app, business, {
      method: 'PUT',
      url: '/api/client-hub/settings',
      payload: { linkLifetimeDays: 2 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const read = await asUser(t.app, business, { method: 'GET', url: '/api/client-hub/settings' });
    expect(read.json()).toEqual({ linkLifetimeDays: 2 });
    clock = new Date(NOW.getTime() + 3 * 24 * 60 * MINUTE);
    try {
      const res = await get(`/api/public/hub/links/${token}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(M.linkNotFound);
      expect((await post(`/api/public/hub/links/${token}/code`, {})).statusCode).toBe(404);
      expect((await get(`/api/public/invoices/${token}`)).statusCode).toBe(200);
    } finally {
      clock = NOW;
    }
    expect((await get(`/api/public/hub/links/${token}`)).statusCode).toBe(200);
  });

  it("when staff revoke a contact's links, then every old link answers 404, sessions end and new links work", async () => {
    const { token, contact, invoice, quote } = await clientWithWork();
    const untouched = await clientWithWork();
    const { cookie } = await signedInClient(token, contact.email);
    const res = await asUser(t.app, owner, {
      method: 'POST',
      url: `/api/customers/${contact.id}/client-hub/revoke-links`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ revokedAt: NOW.toISOString(), message: M.linksRevoked });
    expect((await get(`/api/public/hub/links/${token}`)).statusCode).toBe(404);
    expect((await get(`/api/public/invoices/${token}`)).statusCode).toBe(404);
    expect((await get(`/api/public/shared/${quote.shareToken}`)).statusCode).toBe(404);
    expect((await get('/api/public/hub', cookie)).statusCode).toBe(401);
    // Another contact's links are untouched.
    expect((await get(`/api/public/hub/links/${untouched.token}`)).statusCode).toBe(200);
    // The invoice's link as staff now send it works, and opens the hub.
    const fresh = await asUser(t.app, owner, { method: 'GET', url: `/api/invoices/${invoice.id}` });
    const newToken = tokenOf(fresh.json());
    expect(newToken).not.toBe(token);
    expect((await get(`/api/public/invoices/${newToken}`)).statusCode).toBe(200);
    expect((await get(`/api/public/hub/links/${newToken}`)).statusCode).toBe(200);
  });

  it('when the client requests work, then an inquiry with their details on file reaches the business', async () => {
    const { token, contact } = await clientWithWork();
    const { cookie } = await signedInClient(token, contact.email);
    const res = await post(
      '/api/public/hub/request-work',
      { service: 'window-cleaning', message: 'Windows before the holidays, please.' },
      cookie,
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ message: M.requestSent });
    const rows = await t.app.db
      .select()
      .from(requests)
      .where(and(eq(requests.customerId, contact.id), eq(requests.type, 'inquiry')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      source: 'request_form',
      clientEmail: contact.email,
      description: 'Windows before the holidays, please.',
    });
    expect(
      (await post('/api/public/hub/request-work', { service: 'window-cleaning' })).statusCode,
    ).toBe(401);
  });

  it('when staff preview the hub as the client, then it is the same hub, for managers only', async () => {
    const { token, contact } = await clientWithWork();
    const { hub } = await signedInClient(token, contact.email);
    const res = await asUser(t.app, owner, {
      method: 'GET',
      url: `/api/customers/${contact.id}/client-hub`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json() as ClientHub;
    expect({ ...preview, business: null, sessionExpiresAt: null }).toEqual({
      ...hub,
      business: null,
      sessionExpiresAt: null,
    });
    const member = await memberActingFor(t.app, owner, 'team_member');
    const refused = await asUser(t.app, member, {
      method: 'GET',
      url: `/api/customers/${contact.id}/client-hub`,
    });
    expect(refused.statusCode).toBe(403);
    const revoke = await asUser(t.app, member, {
      method: 'POST',
      url: `/api/customers/${contact.id}/client-hub/revoke-links`,
    });
    expect(revoke.statusCode).toBe(403);
  });

  it('when any endpoint gets bad input, then it answers 400 with a message', async () => {
    const { token, contact } = await clientWithWork();
    const { cookie } = await signedInClient(token, contact.email);
    const long = 'x'.repeat(101);
    const cases: [LightMyRequestResponse, string][] = [
      [await post(`/api/public/hub/links/${token}/code`, { channel: 'fax' }), 'code channel'],
      [await post(`/api/public/hub/links/${token}/session`, { code: '12ab' }), 'code format'],
      [await post(`/api/public/hub/links/${token}/session`, {}), 'code missing'],
      [await get('/api/public/hub/visits/not-an-id/ics', cookie), 'visit id'],
      [await post('/api/public/hub/request-work', { service: 'gardening' }, cookie), 'service'],
      [
        await post(
          '/api/public/hub/request-work',
          { service: 'window-cleaning', message: 'x'.repeat(2001) },
          cookie,
        ),
        'message length',
      ],
      [await get(`/api/public/hub/logo?link=${long}`), 'logo link'],
      [
        await asUser(t.app, owner, { method: 'GET', url: '/api/customers/nope/client-hub' }),
        'preview id',
      ],
      [
        await asUser(t.app, owner, {
          method: 'POST',
          url: '/api/customers/nope/client-hub/revoke-links',
        }),
        'revoke id',
      ],
      [
        await asUser(t.app, owner, {
          method: 'PUT',
          url: '/api/client-hub/settings',
          payload: { linkLifetimeDays: 0 },
        }),
        'lifetime',
      ],
      [
        await asUser(t.app, owner, {
          method: 'PUT',
          url: '/api/client-hub/settings',
          payload: { linkLifetimeDays: 3651 },
        }),
        'lifetime too long',
      ],
    ];
    for (const [res, what] of cases) {
      expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
      expect(res.json().message, what).toEqual(expect.any(String));
    }
    expect(cases[1]![0].json().message).toContain(M.codeFormat);
    expect(cases[9]![0].json().message).toContain('Link lifetime must be between 1 and 3,650.');
  });

  it('when every hub answer is walked, then no key of internal data appears', async () => {
    const { token, contact } = await clientWithWork();
    const answers: unknown[] = [];
    answers.push((await get(`/api/public/hub/links/${token}`)).json());
    const code = await codeFor(token, contact.email);
    const session = await post(`/api/public/hub/links/${token}/session`, { code });
    answers.push(session.json());
    const cookie = hubCookie(session).split(';')[0]!;
    answers.push((await get('/api/public/hub', cookie)).json());
    answers.push(
      (
        await asUser(t.app, owner, {
          method: 'GET',
          url: `/api/customers/${contact.id}/client-hub`,
        })
      ).json(),
    );
    answers.push((await post(`/api/public/hub/links/${token}/code`, {})).json());
    const hub = answers[2] as ClientHub;
    expect(hub.quotes.length + hub.invoices.length + hub.visits.upcoming.length).toBe(3);
    for (const answer of answers) {
      const leaked = allKeys(answer).filter((k) => INTERNAL_KEY.test(k));
      expect(leaked).toEqual([]);
    }
    // And no value of the quote's own internal notes either.
    expect(JSON.stringify(answers)).not.toContain('gate code');
  });
});
