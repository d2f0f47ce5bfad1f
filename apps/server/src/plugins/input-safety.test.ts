import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asUser,
  createTestApp,
  TEST_ORIGIN,
  type SignedInUser,
  type TestApp,
} from '../../test/build-app.ts';
import { contactBody } from '../../test/customers.ts';
import { createInvoiceAs, payAs } from '../../test/invoices.ts';
import { ownerWithBusinessProfile } from '../../test/requests.ts';
import {
  businessAccounts,
  customers,
  idempotencyKeys,
  invoicePayments,
  requests,
} from '../db/schema/index.ts';
import {
  INVALID_TEXT_MESSAGE,
  MAX_JSON_DEPTH,
  PROTOTYPE_KEY_MESSAGE,
  TOO_DEEP_MESSAGE,
} from './input-safety.ts';

/** `depth` arrays inside each other, as JSON text. */
function nestedJson(depth: number, inner = '0'): string {
  return '['.repeat(depth) + inner + ']'.repeat(depth);
}

function expectInvalidText(res: { statusCode: number; body: string; json(): unknown }) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', message: INVALID_TEXT_MESSAGE });
}

function expectTooDeep(res: { statusCode: number; body: string; json(): unknown }) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toEqual({ code: 'BAD_REQUEST', message: TOO_DEEP_MESSAGE });
}

describe('hostile input', () => {
  let t: TestApp;
  let owner: SignedInUser;
  let slug: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await ownerWithBusinessProfile(t.app, { businessName: 'Sparkle Cleaning Co' });
    const [row] = await t.app.db
      .select({ slug: businessAccounts.slug })
      .from(businessAccounts)
      .where(eq(businessAccounts.id, owner.accountId));
    slug = row!.slug;
  });
  afterAll(() => t.close());

  async function storedCounts() {
    const [c] = await t.app.db
      .select({ n: count() })
      .from(customers)
      .where(eq(customers.accountId, owner.accountId));
    const [r] = await t.app.db
      .select({ n: count() })
      .from(requests)
      .where(eq(requests.accountId, owner.accountId));
    return { customers: c!.n, requests: r!.n };
  }

  function formBody(overrides: Record<string, unknown> = {}) {
    return {
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann.lee@example.test',
      service: 'window-cleaning',
      message: 'Second-floor windows.',
      ...overrides,
    };
  }

  describe('when a path parameter holds a null byte', () => {
    it.for([
      '/api/public/invoices/%00',
      '/api/public/invoices/%00/pdf',
      '/api/public/shared/%00',
      '/api/public/request-form/%00',
      '/api/public/calendar/%00.ics',
      '/api/invitations/%00',
    ])('then GET %s answers 400 with a message', async (url) => {
      expectInvalidText(await t.app.inject({ method: 'GET', url }));
    });

    it('then a signed-in read of a record answers 400 too', async () => {
      expectInvalidText(
        await asUser(t.app, owner, { method: 'GET', url: '/api/customers/abc%00def' }),
      );
    });
  });

  it('when a query value holds a null byte, then it answers 400', async () => {
    for (const q of ['%00', 'a%00b']) {
      expectInvalidText(
        await asUser(t.app, owner, { method: 'GET', url: `/api/customers/search?q=${q}` }),
      );
    }
  });

  it('when a query value holds the bytes of a lone surrogate (not UTF-8), then it answers 400', async () => {
    for (const url of ['/api/customers/search?q=x%ED%A0%80y', '/api/me?unexpected=%ED%A0%80']) {
      expectInvalidText(await asUser(t.app, owner, { method: 'GET', url }));
    }
  });

  it('when a query names __proto__ or constructor, then it answers 400 and nothing runs', async () => {
    for (const query of ['__proto__%5Bpolluted%5D=1', 'constructor%5Bprototype%5D%5Bx%5D=1']) {
      const res = await asUser(t.app, owner, { method: 'GET', url: `/api/me?${query}` });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ code: 'BAD_REQUEST', message: PROTOTYPE_KEY_MESSAGE });
    }
  });

  it('when a path holds the UTF-8 bytes of a lone surrogate, then it answers 400', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/public/invoices/%ED%A0%80' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_REQUEST' });
  });

  describe('when the public request form is sent with hostile text', () => {
    it.for([
      ['a null byte in the name', { firstName: 'Ann\u0000' }],
      ['a lone high surrogate in the message', { message: 'broken \ud800 text' }],
      ['a lone low surrogate in the last name', { lastName: 'Lee\udc00' }],
      ['a null byte in a key', { 'first\u0000Name': 'Ann' }],
      ['a null byte in an unknown field', { extra: { deep: ['\u0000'] } }],
    ] as const)('then %s answers 400 and nothing is stored', async ([, override]) => {
      const before = await storedCounts();
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/public/request-form/${slug}`,
        payload: formBody(override),
      });
      expectInvalidText(res);
      expect(await storedCounts()).toEqual(before);
    });

    it('then the same form without them is stored (the check lets good text through)', async () => {
      const before = await storedCounts();
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/public/request-form/${slug}`,
        payload: formBody({ message: 'Ünïcödé 😀 and 漢字 are fine' }),
      });
      expect(res.statusCode, res.body).toBe(201);
      expect((await storedCounts()).requests).toBe(before.requests + 1);
    });
  });

  it('when a contact is saved with a null byte in its notes, then 400 and nothing is stored', async () => {
    const before = await storedCounts();
    const res = await asUser(t.app, owner, {
      method: 'POST',
      url: '/api/customers',
      payload: { firstName: 'Ann', lastName: 'Lee', notes: 'gate code \u0000 1234' },
    });
    expectInvalidText(res);
    expect(await storedCounts()).toEqual(before);
  });

  it('when a header that is stored (the idempotency key) holds a null byte, then 400 and nothing is stored', async () => {
    const invoice = await createInvoiceAs(t.app, owner);
    const res = await payAs(t.app, owner, invoice.id, { amountCents: 100 }, 'key\u0000x');
    expectInvalidText(res);
    const keys = await t.app.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.accountId, owner.accountId));
    expect(keys.filter((k) => k.key.startsWith('key'))).toEqual([]);
  });

  describe('when a JSON body is nested very deep', () => {
    it('then the sign-in proxy answers 400 (no stack overflow)', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
        payload: `{"email":"a@example.test","password":${nestedJson(20_000)}}`,
      });
      expectTooDeep(res);
    });

    it('then a payment with an idempotency key answers 400 and nothing is stored', async () => {
      const invoice = await createInvoiceAs(t.app, owner);
      const res = await asUser(t.app, owner, {
        method: 'POST',
        url: `/api/invoices/${invoice.id}/payments`,
        headers: { 'idempotency-key': crypto.randomUUID(), 'content-type': 'application/json' },
        payload: `{"method":"cash","paidOn":"2026-11-20","amountCents":100,"note":${nestedJson(20_000)}}`,
      });
      expectTooDeep(res);
      const payments = await t.app.db
        .select()
        .from(invoicePayments)
        .where(
          and(
            eq(invoicePayments.accountId, owner.accountId),
            eq(invoicePayments.invoiceId, invoice.id),
          ),
        );
      expect(payments).toEqual([]);
      const keys = await t.app.db
        .select()
        .from(idempotencyKeys)
        .where(eq(idempotencyKeys.accountId, owner.accountId));
      expect(keys).toEqual([]);
    });

    it('then the public request form answers 400 and nothing is stored', async () => {
      const before = await storedCounts();
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/public/request-form/${slug}`,
        headers: { 'content-type': 'application/json' },
        payload: `{"firstName":"Ann","lastName":"Lee","extra":${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}}`,
      });
      expectTooDeep(res);
      expect(await storedCounts()).toEqual(before);
    });

    it(`then exactly ${MAX_JSON_DEPTH} levels still parse, and one more is refused`, async () => {
      // The body's own object is level 1.
      const atLimit = await asUser(t.app, owner, {
        method: 'POST',
        url: '/api/customers',
        headers: { 'content-type': 'application/json' },
        payload: `{"firstName":"Ann","lastName":"Lee","notes":${nestedJson(MAX_JSON_DEPTH - 1)}}`,
      });
      expect(atLimit.statusCode).toBe(400);
      expect(atLimit.json().message).not.toBe(TOO_DEEP_MESSAGE);
      expectTooDeep(
        await asUser(t.app, owner, {
          method: 'POST',
          url: '/api/customers',
          headers: { 'content-type': 'application/json' },
          payload: `{"firstName":"Ann","lastName":"Lee","notes":${nestedJson(MAX_JSON_DEPTH)}}`,
        }),
      );
    });

    it('then brackets inside strings do not count as nesting', async () => {
      const contact = await asUser(t.app, owner, {
        method: 'POST',
        url: '/api/customers',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(contactBody({ notes: `${'[{'.repeat(200)} "quoted \\" [ text` })),
      });
      expect(contact.statusCode, contact.body).toBe(201);
    });
  });

  it('when a payment is retried with its key, then the fingerprint still works (parser kept the body)', async () => {
    const invoice = await createInvoiceAs(t.app, owner);
    const key = crypto.randomUUID();
    const first = await payAs(t.app, owner, invoice.id, { amountCents: 100 }, key);
    const again = await payAs(t.app, owner, invoice.id, { amountCents: 100 }, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(again.statusCode).toBe(first.statusCode);
  });

  it('when a body carries __proto__, then it is refused as before', async () => {
    const res = await asUser(t.app, owner, {
      method: 'POST',
      url: '/api/customers',
      headers: { 'content-type': 'application/json' },
      payload: '{"firstName":"Ann","lastName":"Lee","__proto__":{"polluted":true}}',
    });
    expect(res.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
