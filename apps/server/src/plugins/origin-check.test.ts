import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asUser,
  createTestApp,
  signedInUser,
  TEST_ORIGIN,
  type SignedInUser,
  type TestApp,
} from '../../test/build-app.ts';
import { createInvoiceAs } from '../../test/invoices.ts';
import { colleagueOf } from '../../test/jobs.ts';
import { accountMembers, calendarFeeds, invoices } from '../db/schema/index.ts';
import { CROSS_ORIGIN_MESSAGE, UNSUPPORTED_BODY_MESSAGE } from './origin-check.ts';
import { stripeEvent } from '../../test/stripe-events.ts';

const FOREIGN_ORIGIN = 'https://evil.example';
const WEBHOOK_SECRET = 'whsec_origin_check_test';

describe('the origin check on API writes', () => {
  let t: TestApp;
  let owner: SignedInUser;

  beforeAll(async () => {
    t = await createTestApp({
      stripeSecretKey: 'sk_test_origin_check',
      stripeWebhookSecret: WEBHOOK_SECRET,
      stripeApiUrl: 'http://127.0.0.1:9',
    });
    owner = await signedInUser(t.app);
  });
  afterAll(() => t.close());

  async function invoiceStatus(id: string) {
    const [row] = await t.app.db
      .select({ status: invoices.status })
      .from(invoices)
      .where(and(eq(invoices.accountId, owner.accountId), eq(invoices.id, id)));
    return row?.status;
  }

  async function memberStatus(userId: string) {
    const [row] = await t.app.db
      .select({ deactivatedAt: accountMembers.deactivatedAt })
      .from(accountMembers)
      .where(
        and(eq(accountMembers.organizationId, owner.accountId), eq(accountMembers.userId, userId)),
      );
    if (!row) return undefined;
    return row.deactivatedAt ? 'deactivated' : 'active';
  }

  async function feedTokens() {
    const rows = await t.app.db
      .select({ token: calendarFeeds.token })
      .from(calendarFeeds)
      .where(eq(calendarFeeds.userId, owner.userId));
    return rows.map((r) => r.token);
  }

  function expectRefused(res: { statusCode: number; json(): unknown }) {
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'FORBIDDEN', message: CROSS_ORIGIN_MESSAGE });
  }

  describe('when a write comes from a foreign Origin', () => {
    it('then voiding an invoice answers 403 and the invoice stays as it was', async () => {
      const invoice = await createInvoiceAs(t.app, owner);
      const res = await asUser(t.app, owner, {
        method: 'POST',
        url: `/api/invoices/${invoice.id}/void`,
        headers: { origin: FOREIGN_ORIGIN },
      });
      expectRefused(res);
      expect(await invoiceStatus(invoice.id)).toBe(invoice.status);
    });

    it('then deactivating a member answers 403 and the member stays active', async () => {
      const colleague = await colleagueOf(t.app, owner);
      const res = await asUser(t.app, owner, {
        method: 'POST',
        url: `/api/team/members/${colleague.userId}/deactivate`,
        headers: { origin: FOREIGN_ORIGIN },
      });
      expectRefused(res);
      expect(await memberStatus(colleague.userId)).toBe('active');
    });

    it('then rotating the calendar feed answers 403 and the feed stays as it was', async () => {
      const before = await feedTokens();
      const res = await asUser(t.app, owner, {
        method: 'POST',
        url: '/api/calendar-feed',
        headers: { origin: FOREIGN_ORIGIN },
      });
      expectRefused(res);
      expect(await feedTokens()).toEqual(before);
    });

    it('then a JSON write (adding a contact) answers 403 too', async () => {
      const res = await asUser(t.app, owner, {
        method: 'POST',
        url: '/api/customers',
        headers: { origin: FOREIGN_ORIGIN },
        payload: { firstName: 'Eve', lastName: 'Forged' },
      });
      expectRefused(res);
    });

    it('then an Origin of "null" (sandboxed frames, file: pages) answers 403', async () => {
      const res = await asUser(t.app, owner, {
        method: 'POST',
        url: '/api/calendar-feed',
        headers: { origin: 'null' },
      });
      expectRefused(res);
    });

    it('then a public form endpoint answers 403 as well (the share pages are the app’s own)', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/public/shared/${crypto.randomUUID()}/decline`,
        headers: { origin: FOREIGN_ORIGIN },
        payload: {},
      });
      expectRefused(res);
    });
  });

  it('when a write has no Origin but Sec-Fetch-Site says cross-site, then it answers 403', async () => {
    const before = await feedTokens();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/calendar-feed',
      headers: { cookie: owner.cookie, 'sec-fetch-site': 'cross-site' },
    });
    expectRefused(res);
    expect(await feedTokens()).toEqual(before);
  });

  it('when a write has no Origin nor Sec-Fetch-Site but a foreign Referer, then it answers 403', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/calendar-feed',
      headers: { cookie: owner.cookie, referer: `${FOREIGN_ORIGIN}/page` },
    });
    expectRefused(res);
  });

  it('when writes come from the app’s own origin, then they work (void, deactivate, rotate)', async () => {
    const invoice = await createInvoiceAs(t.app, owner);
    const voided = await asUser(t.app, owner, {
      method: 'POST',
      url: `/api/invoices/${invoice.id}/void`,
      headers: { origin: TEST_ORIGIN, 'sec-fetch-site': 'same-origin' },
    });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(await invoiceStatus(invoice.id)).toBe('void');

    const colleague = await colleagueOf(t.app, owner);
    const deactivated = await asUser(t.app, owner, {
      method: 'POST',
      url: `/api/team/members/${colleague.userId}/deactivate`,
      headers: { origin: TEST_ORIGIN },
    });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    expect(await memberStatus(colleague.userId)).toBe('deactivated');

    const rotated = await t.app.inject({
      method: 'POST',
      url: '/api/calendar-feed',
      headers: { cookie: owner.cookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    expect(await feedTokens()).toHaveLength(1);
  });

  it('when a write carries none of Origin, Sec-Fetch-Site and Referer (curl, a script), then it works', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/calendar-feed',
      headers: { cookie: owner.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('when a read comes from a foreign Origin, then it is not refused (reads change nothing)', async () => {
    const res = await asUser(t.app, owner, {
      method: 'GET',
      url: '/api/calendar-feed',
      headers: { origin: FOREIGN_ORIGIN },
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  describe('when a write sends a body that is not JSON', () => {
    it('then a body-less text/plain POST (what an HTML form sends) answers 415 and changes nothing', async () => {
      const invoice = await createInvoiceAs(t.app, owner);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/invoices/${invoice.id}/void`,
        headers: { cookie: owner.cookie, 'content-type': 'text/plain' },
      });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: UNSUPPORTED_BODY_MESSAGE,
      });
      expect(await invoiceStatus(invoice.id)).toBe(invoice.status);
    });

    it('then a text/plain body that holds JSON answers 415', async () => {
      const res = await asUser(t.app, owner, {
        method: 'POST',
        url: '/api/customers',
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        payload: JSON.stringify({ firstName: 'Eve', lastName: 'Forged' }),
      });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    });

    it('then a form-encoded body answers 415', async () => {
      const colleague = await colleagueOf(t.app, owner);
      const res = await asUser(t.app, owner, {
        method: 'POST',
        url: `/api/team/members/${colleague.userId}/deactivate`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'a=1',
      });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
      expect(await memberStatus(colleague.userId)).toBe('active');
    });
  });

  it('when the payment provider’s signed webhook arrives (no Origin, JSON), then it is accepted', async () => {
    const payload = JSON.stringify(
      stripeEvent('evt_origin_check_1', 'customer.created', { id: 'cus_1', object: 'customer' }),
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({
          payload,
          secret: WEBHOOK_SECRET,
        }),
      },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true });
  });

  it('when the app is started in development, then the web dev server’s origin may write', async () => {
    const dev = await createTestApp({ nodeEnv: 'development' });
    try {
      const user = await signedInUser(dev.app);
      const res = await asUser(dev.app, user, {
        method: 'POST',
        url: '/api/calendar-feed',
        headers: { origin: 'http://localhost:5173' },
      });
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      await dev.close();
    }
  });

  it('when the app runs in production, then the web dev server’s origin is foreign', async () => {
    const res = await asUser(t.app, owner, {
      method: 'POST',
      url: '/api/calendar-feed',
      headers: { origin: 'http://localhost:5173' },
    });
    expectRefused(res);
  });
});
