import { createServer, type IncomingHttpHeaders } from 'node:http';
import { Validator } from '@seriousme/openapi-schema-validator';
import { formatUsd, INVOICE_MESSAGES, localDateOf, type InvoiceDetail } from '@crewdesk/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  asUser,
  createTestApp,
  TEST_ORIGIN,
  type SignedInUser,
  type TestApp,
} from '../../../test/build-app.ts';
import { createInvoiceAs, payAs, sentInvoiceAs } from '../../../test/invoices.ts';
import { BUSINESS_TIME_ZONE, ownerWithBusinessProfile } from '../../../test/requests.ts';
import { loadConfig } from '../../config.ts';
import {
  invoiceEvents,
  invoicePayments,
  invoices,
  mailMessages,
  paymentWebhookEvents,
} from '../../db/schema/index.ts';
import { onlinePaymentRoutes } from './online-payments.routes.ts';
import {
  INVALID_SIGNATURE,
  PROVIDER_REFUSED,
  PROVIDER_UNREACHABLE,
} from './online-payments.service.ts';
import { onlinePaymentsEnabled, stripeOptions } from './stripe-client.ts';
import { stripeEvent } from '../../../test/stripe-events.ts';

const SECRET_KEY = 'sk_test_crewdesk_0123456789';
const WEBHOOK_SECRET = 'whsec_crewdesk_test_secret';

interface ReceivedCall {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The form-encoded parameters, as sent (line_items[0][price_data][unit_amount] …). */
  params: Record<string, string>;
}

/**
 * A local stand-in of the provider's API on loopback: it opens checkout sessions, and records
 * what the app sent it. `refuse` answers the next calls with the provider's error shape.
 */
async function startStripeStandIn() {
  const standIn = {
    url: '',
    calls: [] as ReceivedCall[],
    refuse: false,
    close: async () => {},
  };
  let count = 0;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const params = Object.fromEntries(new URLSearchParams(body));
      standIn.calls.push({
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        params,
      });
      const reply = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_test' });
        res.end(JSON.stringify(json));
      };
      if (standIn.refuse)
        return reply(400, {
          error: { type: 'invalid_request_error', message: 'Invalid currency: xyz' },
        });
      if (req.method !== 'POST' || req.url !== '/v1/checkout/sessions')
        return reply(404, { error: { type: 'invalid_request_error', message: 'Unrecognized' } });
      count += 1;
      const id = `cs_test_${String(count).padStart(4, '0')}`;
      return reply(200, {
        id,
        object: 'checkout.session',
        mode: 'payment',
        status: 'open',
        payment_status: 'unpaid',
        amount_total: Number(params['line_items[0][price_data][unit_amount]']),
        currency: params['line_items[0][price_data][currency]'],
        client_reference_id: params.client_reference_id ?? null,
        metadata: {
          invoiceId: params['metadata[invoiceId]'],
          accountId: params['metadata[accountId]'],
        },
        url: `https://checkout.stripe.test/c/pay/${id}`,
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  standIn.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  standIn.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return standIn;
}

/** The routes, unless the app registers them itself already. */
function withOnlinePayments(app: FastifyInstance) {
  if (!app.hasRoute({ method: 'POST', url: '/api/webhooks/stripe' }))
    void app.register(onlinePaymentRoutes);
}

let eventCount = 0;

/** A provider event about a checkout session of `invoice`, as the provider's JSON. */
function sessionEvent(
  type: string,
  session: { id: string; invoice: InvoiceDetail; accountId: string } & Record<string, unknown>,
  eventId = `evt_test_${++eventCount}_${Date.now()}`,
): string {
  const { id, invoice, accountId, ...rest } = session;
  return JSON.stringify(
    stripeEvent(eventId, type, {
      id,
      object: 'checkout.session',
      mode: 'payment',
      status: 'complete',
      payment_status: 'paid',
      amount_total: invoice.balanceCents,
      currency: 'usd',
      client_reference_id: invoice.id,
      customer_email: invoice.clientEmail,
      metadata: { invoiceId: invoice.id, accountId },
      ...rest,
    }),
    null,
    2,
  );
}

function signed(payload: string, options: { secret?: string; timestamp?: number } = {}) {
  return Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
    ...(options.timestamp ? { timestamp: options.timestamp } : {}),
  });
}

function deliver(app: FastifyInstance, payload: string, signature: string | null) {
  return app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature === null ? {} : { 'stripe-signature': signature }),
    },
    payload,
  });
}

function checkout(app: FastifyInstance, token: string) {
  return app.inject({ method: 'POST', url: `/api/public/invoices/${token}/checkout` });
}

const tokenOf = (invoice: InvoiceDetail) => invoice.publicUrl.split('/pay/')[1]!;

describe('online payments', () => {
  let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
  let t: TestApp;
  let owner: SignedInUser;

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    t = await createTestApp(
      {
        stripeSecretKey: SECRET_KEY,
        stripeWebhookSecret: WEBHOOK_SECRET,
        stripeApiUrl: standIn.url,
      },
      withOnlinePayments,
    );
    owner = await ownerWithBusinessProfile(t.app);
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });
  beforeEach(() => {
    standIn.calls.length = 0;
    standIn.refuse = false;
  });

  /** An invoice e-mailed to its client (kept in the outbox: no mail server here). */
  const sentInvoice = (user: SignedInUser = owner) => sentInvoiceAs(t.app, user);

  async function paymentsOf(invoiceId: string) {
    return t.app.db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, invoiceId));
  }

  async function storedInvoice(invoiceId: string) {
    const [row] = await t.app.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    return row!;
  }

  async function paymentEvents(invoiceId: string) {
    return t.app.db
      .select()
      .from(invoiceEvents)
      .where(
        and(eq(invoiceEvents.invoiceId, invoiceId), eq(invoiceEvents.kind, 'payment_recorded')),
      );
  }

  async function paidNotices(accountId: string) {
    return t.app.db
      .select()
      .from(mailMessages)
      .where(
        and(eq(mailMessages.accountId, accountId), eq(mailMessages.kind, 'invoice-paid-online')),
      );
  }

  async function handledEvent(eventId: string) {
    const rows = await t.app.db
      .select()
      .from(paymentWebhookEvents)
      .where(
        and(eq(paymentWebhookEvents.provider, 'stripe'), eq(paymentWebhookEvents.eventId, eventId)),
      );
    return rows.length > 0;
  }

  describe('POST /api/public/invoices/:token/checkout', () => {
    it('when the client pays online, then a hosted checkout of the balance opens with the invoice and the return pages', async () => {
      const invoice = await sentInvoice();
      const token = tokenOf(invoice);

      const res = await checkout(t.app, token);

      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toEqual({ url: 'https://checkout.stripe.test/c/pay/cs_test_0001' });
      expect(standIn.calls).toHaveLength(1);
      const [call] = standIn.calls;
      expect(call).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions' });
      expect(call!.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
      expect(call!.params).toMatchObject({
        mode: 'payment',
        'line_items[0][quantity]': '1',
        'line_items[0][price_data][currency]': 'usd',
        'line_items[0][price_data][unit_amount]': String(invoice.balanceCents),
        'line_items[0][price_data][product_data][name]': `Invoice ${invoice.number}`,
        client_reference_id: invoice.id,
        'metadata[invoiceId]': invoice.id,
        'metadata[accountId]': owner.accountId,
        customer_email: 'dana@example.test',
        success_url: `${TEST_ORIGIN}/invoices/payment-success?invoice=${token}&session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${TEST_ORIGIN}/pay/${token}`,
      });
    });

    it('when part is paid already, then the checkout is for what is left', async () => {
      const invoice = await sentInvoice();
      await payAs(t.app, owner, invoice.id, { amountCents: 5_000 });

      const res = await checkout(t.app, tokenOf(invoice));

      expect(res.statusCode, res.body).toBe(200);
      expect(standIn.calls[0]!.params['line_items[0][price_data][unit_amount]']).toBe(
        String(invoice.balanceCents - 5_000),
      );
    });

    it('when the token is unknown, then 404 and the provider is not asked', async () => {
      const res = await checkout(t.app, 'no-such-token');
      expect(res.statusCode).toBe(404);
      expect(standIn.calls).toEqual([]);
    });

    it('when the invoice is void, then 409 says it cannot take payments', async () => {
      const invoice = await sentInvoice();
      await asUser(t.app, owner, { method: 'POST', url: `/api/invoices/${invoice.id}/void` });

      const res = await checkout(t.app, tokenOf(invoice));

      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(INVOICE_MESSAGES.voidCannotTakePayments);
      expect(standIn.calls).toEqual([]);
    });

    it('when nothing is left to pay, then 409 says so', async () => {
      const invoice = await sentInvoice();
      await payAs(t.app, owner, invoice.id, { amountCents: invoice.balanceCents });

      const res = await checkout(t.app, tokenOf(invoice));

      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(INVOICE_MESSAGES.nothingDue);
      expect(standIn.calls).toEqual([]);
    });

    it('when the provider refuses the session, then 502 with a message the client can act on', async () => {
      const invoice = await sentInvoice();
      standIn.refuse = true;

      const res = await checkout(t.app, tokenOf(invoice));

      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ code: 'BAD_GATEWAY', message: PROVIDER_REFUSED });
    });
  });

  it('when the API reference is read, then both routes are in a valid OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const doc = res.json();
    const result = await new Validator().validate(doc);
    expect(result.errors).toBeUndefined();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/public/invoices/{token}/checkout', '/api/webhooks/stripe']),
    );
  });

  describe('POST /api/webhooks/stripe', () => {
    it('when a paid checkout is reported, then one online payment is recorded, the invoice is paid and the business is told', async () => {
      const invoice = await sentInvoice();
      const payload = sessionEvent('checkout.session.completed', {
        id: 'cs_test_paid_1',
        invoice,
        accountId: owner.accountId,
      });

      const res = await deliver(t.app, payload, signed(payload));

      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ received: true });
      const payments = await paymentsOf(invoice.id);
      expect(payments).toHaveLength(1);
      expect(payments[0]).toMatchObject({
        accountId: owner.accountId,
        method: 'online',
        amountCents: invoice.balanceCents,
        providerRef: 'cs_test_paid_1',
        paidOn: localDateOf(new Date(), BUSINESS_TIME_ZONE),
        refundedAt: null,
      });
      expect(await storedInvoice(invoice.id)).toMatchObject({
        status: 'paid',
        amountPaidCents: invoice.balanceCents,
        balanceCents: 0,
      });
      expect(await paymentEvents(invoice.id)).toHaveLength(1);
      const notices = await paidNotices(owner.accountId);
      expect(notices.map((n) => n.subject)).toContain(
        `Invoice ${invoice.number} was paid online: ${formatUsd(invoice.balanceCents)}`,
      );
      expect(notices.find((n) => n.subject.includes(invoice.number))?.toAddress).toBe(
        `office-${owner.accountId}@sparkle.test`,
      );

      const detail = await asUser(t.app, owner, {
        method: 'GET',
        url: `/api/invoices/${invoice.id}`,
      });
      expect(detail.json()).toMatchObject({ status: 'paid', balanceCents: 0 });
    });

    it('when the signature is made with another secret, then 400 and nothing is recorded', async () => {
      const invoice = await sentInvoice();
      const payload = sessionEvent('checkout.session.completed', {
        id: 'cs_test_forged',
        invoice,
        accountId: owner.accountId,
      });
      const eventId = JSON.parse(payload).id as string;

      const res = await deliver(t.app, payload, signed(payload, { secret: 'whsec_not_ours' }));

      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(INVALID_SIGNATURE);
      expect(await paymentsOf(invoice.id)).toEqual([]);
      expect((await storedInvoice(invoice.id)).status).toBe('sent');
      expect(await handledEvent(eventId)).toBe(false);
    });

    it.each([
      ['no signature header', null],
      ['a malformed header', 'garbage'],
    ])('when the call has %s, then 400 and nothing is recorded', async (_case, header) => {
      const invoice = await sentInvoice();
      const payload = sessionEvent('checkout.session.completed', {
        id: `cs_test_unsigned_${eventCount}`,
        invoice,
        accountId: owner.accountId,
      });

      const res = await deliver(t.app, payload, header);

      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(INVALID_SIGNATURE);
      expect(await paymentsOf(invoice.id)).toEqual([]);
    });

    it('when the body was changed after signing, then 400 and nothing is recorded', async () => {
      const invoice = await sentInvoice();
      const payload = sessionEvent('checkout.session.completed', {
        id: 'cs_test_tampered',
        invoice,
        accountId: owner.accountId,
        amount_total: 1,
      });
      const header = signed(payload);

      const res = await deliver(
        t.app,
        payload.replace('"amount_total": 1', '"amount_total": 2'),
        header,
      );

      expect(res.statusCode).toBe(400);
      expect(await paymentsOf(invoice.id)).toEqual([]);
    });

    it('when the signature is older than the tolerance, then 400 and nothing is recorded', async () => {
      const invoice = await sentInvoice();
      const payload = sessionEvent('checkout.session.completed', {
        id: 'cs_test_stale',
        invoice,
        accountId: owner.accountId,
      });
      const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;

      const res = await deliver(t.app, payload, signed(payload, { timestamp: tenMinutesAgo }));

      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(INVALID_SIGNATURE);
      expect(await paymentsOf(invoice.id)).toEqual([]);
    });

    it('when the same event is delivered again, then it is answered 200 and nothing more is recorded', async () => {
      const invoice = await sentInvoice();
      const payload = sessionEvent('checkout.session.completed', {
        id: 'cs_test_replayed',
        invoice,
        accountId: owner.accountId,
      });

      const first = await deliver(t.app, payload, signed(payload));
      const again = await deliver(t.app, payload, signed(payload));

      expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
      expect(await paymentsOf(invoice.id)).toHaveLength(1);
      expect(await paymentEvents(invoice.id)).toHaveLength(1);
      expect(await paidNotices(owner.accountId)).toSatisfy(
        (rows: { subject: string }[]) =>
          rows.filter((r) => r.subject.includes(invoice.number)).length === 1,
      );
    });

    it('when the same event arrives twice at once, then one payment is recorded', async () => {
      const invoice = await sentInvoice();
      const payload = sessionEvent('checkout.session.completed', {
        id: 'cs_test_concurrent',
        invoice,
        accountId: owner.accountId,
      });

      const answers = await Promise.all([
        deliver(t.app, payload, signed(payload)),
        deliver(t.app, payload, signed(payload)),
        deliver(t.app, payload, signed(payload)),
      ]);

      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
      expect(await paymentsOf(invoice.id)).toHaveLength(1);
    });

    it('when a later event reports the same session paid, then nothing more is recorded', async () => {
      const invoice = await sentInvoice();
      const session = { id: 'cs_test_twice', invoice, accountId: owner.accountId };
      const completed = sessionEvent('checkout.session.completed', session);
      const succeeded = sessionEvent('checkout.session.async_payment_succeeded', session);

      await deliver(t.app, completed, signed(completed));
      const res = await deliver(t.app, succeeded, signed(succeeded));

      expect(res.statusCode).toBe(200);
      expect(await paymentsOf(invoice.id)).toHaveLength(1);
      expect(await paymentEvents(invoice.id)).toHaveLength(1);
      expect(await handledEvent(JSON.parse(succeeded).id)).toBe(true);
    });

    it('when a delayed payment completes unpaid and succeeds later, then it is recorded on success only', async () => {
      const invoice = await sentInvoice();
      const session = { id: 'cs_test_delayed', invoice, accountId: owner.accountId };
      const completed = sessionEvent('checkout.session.completed', {
        ...session,
        payment_status: 'unpaid',
      });

      await deliver(t.app, completed, signed(completed));
      expect(await paymentsOf(invoice.id)).toEqual([]);

      const succeeded = sessionEvent('checkout.session.async_payment_succeeded', session);
      await deliver(t.app, succeeded, signed(succeeded));
      expect(await paymentsOf(invoice.id)).toHaveLength(1);
      expect((await storedInvoice(invoice.id)).status).toBe('paid');
    });

    it.each([
      ['checkout.session.expired', {}],
      ['checkout.session.async_payment_failed', {}],
      ['customer.created', {}],
      ['checkout.session.completed', { metadata: { invoiceId: 'not-an-id', accountId: 'x' } }],
      ['checkout.session.completed', { metadata: {} }],
      ['checkout.session.completed', { amount_total: 0 }],
      [
        'checkout.session.completed',
        { client_reference_id: '00000000-0000-4000-8000-000000000000' },
      ],
    ])(
      'when the event is %s %j, then it is answered 200 and changes nothing',
      async (type, extra) => {
        const invoice = await sentInvoice();
        const payload = sessionEvent(type, {
          id: `cs_test_irrelevant_${eventCount}`,
          invoice,
          accountId: owner.accountId,
          ...extra,
        });

        const res = await deliver(t.app, payload, signed(payload));

        expect(res.statusCode, res.body).toBe(200);
        expect(await paymentsOf(invoice.id)).toEqual([]);
        expect(await storedInvoice(invoice.id)).toMatchObject({
          status: 'sent',
          amountPaidCents: 0,
        });
      },
    );

    it('when the metadata pairs an invoice with another business, then nothing is recorded', async () => {
      const invoice = await sentInvoice();
      const other = await ownerWithBusinessProfile(t.app);
      const payload = sessionEvent('checkout.session.completed', {
        id: 'cs_test_other_account',
        invoice,
        accountId: other.accountId,
      });

      const res = await deliver(t.app, payload, signed(payload));

      expect(res.statusCode).toBe(200);
      expect(await paymentsOf(invoice.id)).toEqual([]);
      expect(await paidNotices(other.accountId)).toEqual([]);
    });
  });
});

describe('online payments, not set up', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ stripeSecretKey: SECRET_KEY }, withOnlinePayments);
  });
  afterAll(() => t.close());

  it('when only the secret key is set, then checkout answers 409 that online payment is not set up', async () => {
    const owner = await ownerWithBusinessProfile(t.app);
    const invoice = await createInvoiceAs(t.app, owner);

    const res = await checkout(t.app, tokenOf(invoice));

    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(INVOICE_MESSAGES.onlinePaymentsOff);
  });

  it('when a webhook call arrives, then 400 and nothing is recorded', async () => {
    const owner = await ownerWithBusinessProfile(t.app);
    const invoice = await createInvoiceAs(t.app, owner);
    const payload = sessionEvent('checkout.session.completed', {
      id: 'cs_test_off',
      invoice,
      accountId: owner.accountId,
    });

    const res = await deliver(t.app, payload, signed(payload));

    expect(res.statusCode).toBe(400);
    const payments = await t.app.db
      .select()
      .from(invoicePayments)
      .where(eq(invoicePayments.invoiceId, invoice.id));
    expect(payments).toEqual([]);
  });
});

describe('online payments, provider unreachable', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      {
        stripeSecretKey: SECRET_KEY,
        stripeWebhookSecret: WEBHOOK_SECRET,
        // Nothing listens on the discard port of loopback.
        stripeApiUrl: 'http://127.0.0.1:9',
      },
      withOnlinePayments,
    );
  });
  afterAll(() => t.close());

  it('when the provider cannot be reached, then 502 says to try again later', async () => {
    const owner = await ownerWithBusinessProfile(t.app);
    const invoice = await createInvoiceAs(t.app, owner);

    const res = await checkout(t.app, tokenOf(invoice));

    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ code: 'BAD_GATEWAY', message: PROVIDER_UNREACHABLE });
  });
});

describe('online payments configuration', () => {
  it('when both Stripe secrets are set, then online payments are on; one alone is not enough', () => {
    const base = { DATA_DIR: '/tmp/crewdesk-config-stripe', AUTH_SECRET: 'x'.repeat(32) };
    expect(onlinePaymentsEnabled(loadConfig(base))).toBe(false);
    expect(onlinePaymentsEnabled(loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_1' }))).toBe(
      false,
    );
    expect(onlinePaymentsEnabled(loadConfig({ ...base, STRIPE_WEBHOOK_SECRET: 'whsec_1' }))).toBe(
      false,
    );
    const on = loadConfig({
      ...base,
      STRIPE_SECRET_KEY: ' sk_test_1 ',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      STRIPE_API_URL: 'http://127.0.0.1:12111/',
    });
    expect(on).toMatchObject({
      stripeSecretKey: 'sk_test_1',
      stripeWebhookSecret: 'whsec_1',
      stripeApiUrl: 'http://127.0.0.1:12111',
    });
    expect(onlinePaymentsEnabled(on)).toBe(true);
    expect(() => loadConfig({ ...base, STRIPE_API_URL: 'not a url' })).toThrow(/STRIPE_API_URL/);
  });

  it('when an API base is set, then the client talks to its host, port and protocol', () => {
    expect(stripeOptions('http://127.0.0.1:12111')).toMatchObject({
      host: '127.0.0.1',
      port: '12111',
      protocol: 'http',
    });
    expect(stripeOptions('https://stripe.internal.example')).toMatchObject({
      host: 'stripe.internal.example',
      port: 443,
      protocol: 'https',
    });
    expect(stripeOptions(undefined)).not.toHaveProperty('host');
  });
});
