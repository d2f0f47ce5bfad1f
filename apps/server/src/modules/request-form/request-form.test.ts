import { REQUEST_FORM_SENT_MESSAGE, REQUEST_FORM_SERVICES } from '@crewdesk/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  businessAccounts,
  customers,
  mailMessages,
  requestEvents,
  requests,
} from '../../db/schema/index.ts';
import { RATE_LIMITED_BODY } from '../../plugins/errors.ts';
import {
  asUser,
  createTestApp,
  signedInUser,
  type SignedInUser,
  type TestApp,
} from '../../../test/build-app.ts';
import { DAY_MS, ownerWithBusinessProfile, SMALL_HOME } from '../../../test/requests.ts';
import { REQUEST_FORM_NOT_FOUND_MESSAGE } from './request-form.service.ts';

function formBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    firstName: 'Ann',
    lastName: 'Lee',
    email: 'Ann.Lee@Example.test',
    phone: '512 555 0100',
    address: '12 Oak St, Austin, TX',
    propertyType: 'commercial',
    service: 'window-cleaning',
    message: 'Second-floor windows, ideally on a Friday.',
    website: '',
    ...overrides,
  };
}

async function slugOf(t: TestApp, accountId: string): Promise<string> {
  const [row] = await t.app.db
    .select({ slug: businessAccounts.slug })
    .from(businessAccounts)
    .where(eq(businessAccounts.id, accountId));
  return row!.slug;
}

describe('public request form', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A business with a name and phone only (no e-mail: notices go to the owner). */
  async function business(): Promise<{ owner: SignedInUser; slug: string }> {
    const owner = await ownerWithBusinessProfile(t.app, {
      businessName: 'Sparkle Cleaning Co',
      phone: '512 555 0199',
    });
    return { owner, slug: await slugOf(t, owner.accountId) };
  }

  const submit = (slug: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/api/public/request-form/${slug}`, payload });
  const requestsOf = (accountId: string) =>
    t.app.db.select().from(requests).where(eq(requests.accountId, accountId));
  const contactsOf = (accountId: string) =>
    t.app.db.select().from(customers).where(eq(customers.accountId, accountId));
  const mailsOf = (accountId: string) =>
    t.app.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.accountId, accountId), eq(mailMessages.kind, 'request-form')));

  it('when the form is opened, then it shows the business and its services; an unknown slug is 404', async () => {
    const { slug } = await business();
    const res = await t.app.inject({ method: 'GET', url: `/api/public/request-form/${slug}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      business: {
        name: 'Sparkle Cleaning Co',
        logoUrl: null,
        email: null,
        phone: '512 555 0199',
        website: null,
        address: null,
        currency: 'USD',
        locale: 'en-US',
        // No zone chosen yet: the client reads times on UTC's clock, as the server does.
        timeZone: 'UTC',
      },
      services: REQUEST_FORM_SERVICES.map((s) => ({ id: s.id, name: s.name })),
    });
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/public/request-form/no-such-business-here',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'NOT_FOUND', message: REQUEST_FORM_NOT_FOUND_MESSAGE });
  });

  it('when a visitor sends the form, then a contact and an unopened inquiry are stored and the business is told', async () => {
    const { owner, slug } = await business();
    const res = await submit(slug, formBody());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ message: REQUEST_FORM_SENT_MESSAGE });

    const [contact] = await contactsOf(owner.accountId);
    expect(contact).toMatchObject({
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'Ann.Lee@Example.test',
      phone: '512 555 0100',
      address: '12 Oak St, Austin, TX',
      customerType: 'commercial',
      source: 'website',
      userId: null,
    });
    const [request] = await requestsOf(owner.accountId);
    expect(request).toMatchObject({
      type: 'inquiry',
      source: 'request_form',
      status: 'unopened',
      title: 'Request: Window Cleaning',
      client: 'Ann Lee',
      clientEmail: 'Ann.Lee@Example.test',
      clientPhone: '512 555 0100',
      customerId: contact!.id,
      description: 'Second-floor windows, ideally on a Friday.',
      amountCents: 0,
      userId: null,
      proposalType: null,
    });
    expect(request!.details).toMatchObject({
      propertyType: 'commercial',
      service: 'window-cleaning',
      clientName: 'Ann Lee',
      customer_id: contact!.id,
    });
    expect(request!.expiresAt.getTime() - request!.createdAt.getTime()).toBe(30 * DAY_MS);
    const events = await t.app.db
      .select()
      .from(requestEvents)
      .where(eq(requestEvents.requestId, request!.id));
    expect(events.map((e) => e.kind)).toEqual(['created']);

    // No business e-mail in the profile: no notice mail; the owner is told by a notification.
    expect(await mailsOf(owner.accountId)).toEqual([]);
    await t.app.events.idle();
    const bell = await asUser(t.app, owner, { method: 'GET', url: '/api/notifications' });
    expect(bell.json().items).toEqual([
      expect.objectContaining({ kind: 'request_received', title: 'New request from Ann Lee' }),
    ]);
  });

  it('when the business has an e-mail address, then the notice goes there with the request', async () => {
    const owner = await ownerWithBusinessProfile(t.app);
    const res = await submit(await slugOf(t, owner.accountId), formBody());
    expect(res.statusCode, res.body).toBe(201);
    const [request] = await requestsOf(owner.accountId);
    const [notice] = await mailsOf(owner.accountId);
    expect(notice).toMatchObject({
      toAddress: `office-${owner.accountId}@sparkle.test`,
      subject: 'New request from Ann Lee',
    });
    expect(notice!.textBody).toContain('Window Cleaning');
    expect(notice!.textBody).toContain('Second-floor windows');
    expect(notice!.links).toEqual([`http://localhost:3000/quotes/${request!.id}`]);
  });

  it('when the inquiry reaches the business, then it lists under estimates and can be opened and priced', async () => {
    const { owner, slug } = await business();
    expect((await submit(slug, formBody())).statusCode).toBe(201);
    const list = await asUser(t.app, owner, {
      method: 'GET',
      url: '/api/requests?category=estimates',
    });
    const [item] = list.json().items;
    expect(item).toMatchObject({
      type: 'inquiry',
      category: 'estimates',
      client: 'Ann Lee',
      amountCents: 0,
      status: 'unopened',
    });
    const opened = await asUser(t.app, owner, { method: 'GET', url: `/api/requests/${item.id}` });
    expect(opened.statusCode).toBe(200);
    expect(opened.json().events.map((e: { kind: string }) => e.kind)).toEqual(['created']);

    const priced = await asUser(t.app, owner, {
      method: 'PUT',
      url: `/api/requests/${item.id}`,
      payload: {
        ...opened.json().details,
        ...SMALL_HOME,
        additionalServices: ['window-cleaning'],
        type: 'inquiry',
      },
    });
    expect(priced.statusCode, priced.body).toBe(200);
    expect(priced.json()).toMatchObject({
      type: 'inquiry',
      category: 'estimates',
      amountCents: 13000,
      customerId: item.customerId,
    });
  });

  it('when the same person sends again with the e-mail in another case, then their contact is matched, not duplicated', async () => {
    const { owner, slug } = await business();
    expect((await submit(slug, formBody())).statusCode).toBe(201);
    const again = await submit(
      slug,
      formBody({ email: 'ann.lee@example.TEST', service: 'deep-cleaning', firstName: 'Annie' }),
    );
    expect(again.statusCode).toBe(201);
    const contacts = await contactsOf(owner.accountId);
    expect(contacts).toHaveLength(1);
    const rows = await requestsOf(owner.accountId);
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.customerId === contacts[0]!.id)).toBe(true);
    expect(rows.map((r) => r.title).sort()).toEqual([
      'Request: Deep Cleaning',
      'Request: Window Cleaning',
    ]);
  });

  it('when the property type is not given, then the new contact is residential', async () => {
    const { owner, slug } = await business();
    const res = await submit(
      slug,
      formBody({ propertyType: undefined, phone: '', address: undefined, message: undefined }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const [contact] = await contactsOf(owner.accountId);
    expect(contact).toMatchObject({ customerType: 'residential', phone: null, address: null });
    const [request] = await requestsOf(owner.accountId);
    expect(request).toMatchObject({ description: null, clientPhone: null });
  });

  it('when the honeypot is filled, then the same answer comes back and nothing is stored', async () => {
    const { owner, slug } = await business();
    const res = await submit(slug, formBody({ website: 'https://spam.example' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: REQUEST_FORM_SENT_MESSAGE });
    expect(await requestsOf(owner.accountId)).toEqual([]);
    expect(await contactsOf(owner.accountId)).toEqual([]);
    expect(await mailsOf(owner.accountId)).toEqual([]);
  });

  it('when a field is invalid, then 400 with the field’s message and nothing is stored', async () => {
    const { owner, slug } = await business();
    const cases: [Record<string, unknown>, string][] = [
      [{ firstName: 'A' }, 'firstName: First name must be at least 2 characters.'],
      [{ lastName: '' }, 'lastName: Last name must be at least 2 characters.'],
      [{ email: 'not-an-email' }, 'email: Please enter a valid email address.'],
      [{ phone: '123' }, 'phone: Please enter a valid phone number.'],
      [{ service: 'gardening' }, 'service: Choose a service.'],
    ];
    for (const [override, message] of cases) {
      const res = await submit(slug, formBody(override));
      expect(res.statusCode, JSON.stringify(override)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await requestsOf(owner.accountId)).toEqual([]);
  });

  it('when the slug is unknown, then 404 and nothing is stored', async () => {
    const res = await submit('no-such-business-here', formBody());
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(REQUEST_FORM_NOT_FOUND_MESSAGE);
  });
});

describe('public request form: rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ publicFormRateLimitMax: 2 });
  });
  afterAll(() => t.close());

  it('when one client sends the form past the limit, then 429 with a clear message and nothing more is stored', async () => {
    const owner = await signedInUser(t.app);
    const slug = await slugOf(t, owner.accountId);
    const post = (remoteAddress?: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/public/request-form/${slug}`,
        payload: formBody(),
        ...(remoteAddress ? { remoteAddress } : {}),
      });
    expect((await post()).statusCode).toBe(201);
    expect((await post()).statusCode).toBe(201);
    const limited = await post();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual(RATE_LIMITED_BODY);
    expect(
      await t.app.db.select().from(requests).where(eq(requests.accountId, owner.accountId)),
    ).toHaveLength(2);
    expect((await post('198.51.100.7')).statusCode).toBe(201);
  });
});
