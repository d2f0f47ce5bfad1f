import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asUser,
  createTestApp,
  signedInUser,
  type SignedInUser,
  type TestApp,
} from '../../../test/build-app.ts';
import { addContact } from '../../../test/customers.ts';
import { createInvoiceAs, payAs } from '../../../test/invoices.ts';
import { createJobAs } from '../../../test/jobs.ts';
import { createRequestAs, ownerWithBusinessProfile } from '../../../test/requests.ts';

const NOW = new Date('2026-11-20T15:00:00Z');

/**
 * What a contact's page reads: each list narrowed to one contact (requests, visits upcoming and
 * past, invoices, payments) and the contact's balance owed.
 */
describe("a contact's work", () => {
  let t: TestApp;
  let owner: SignedInUser;
  let ann: { id: string };
  let bob: { id: string };
  const get = (user: SignedInUser, url: string) => asUser(t.app, user, { method: 'GET', url });

  /** A sent invoice of `customerId` for $240 (plus untaxed supplies), with `paidCents` paid. */
  async function sentInvoice(customerId: string, paidCents: number, issueDate = '2026-11-18') {
    const invoice = await createInvoiceAs(t.app, owner, { customerId, issueDate });
    const sent = await asUser(t.app, owner, {
      method: 'POST',
      url: `/api/invoices/${invoice.id}/send`,
      payload: { to: 'client@example.test' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    if (paidCents > 0) {
      const paid = await payAs(t.app, owner, invoice.id, { amountCents: paidCents });
      expect(paid.statusCode, paid.body).toBe(201);
    }
    return invoice;
  }

  beforeAll(async () => {
    t = await createTestApp({ now: () => NOW });
    owner = await ownerWithBusinessProfile(t.app);
    ann = await addContact(t.app, owner, { firstName: 'Ann', lastName: 'Lee' });
    bob = await addContact(t.app, owner, { firstName: 'Bob', lastName: 'Stone' });
    for (const customerId of [ann.id, bob.id]) {
      await createRequestAs(t.app, owner, { customer_id: customerId, clientName: 'Client' });
    }
    for (const startsAt of ['2026-11-10T09:00:00', '2026-11-12T09:00:00', '2026-12-01T09:00:00']) {
      await createJobAs(t.app, owner, { customerId: ann.id, startsAt, title: `Visit ${startsAt}` });
    }
    await createJobAs(t.app, owner, { customerId: bob.id, startsAt: '2026-11-11T09:00:00' });
  });
  afterAll(() => t.close());

  it("when the lists are asked for one contact, then each holds that contact's records only", async () => {
    const requests = (await get(owner, `/api/requests?customerId=${ann.id}`)).json();
    expect(requests.items).toHaveLength(1);
    expect(requests.items[0].customerId).toBe(ann.id);

    const upcoming = (await get(owner, `/api/jobs?customerId=${ann.id}&from=2026-11-20`)).json();
    expect(upcoming.items.map((v: { title: string }) => v.title)).toEqual([
      'Visit 2026-12-01T09:00:00',
    ]);
    const past = (
      await get(owner, `/api/jobs?customerId=${ann.id}&to=2026-11-19&order=latest&limit=1`)
    ).json();
    expect(past.items.map((v: { title: string }) => v.title)).toEqual([
      'Visit 2026-11-12T09:00:00',
    ]);
    const older = (
      await get(
        owner,
        `/api/jobs?customerId=${ann.id}&to=2026-11-19&order=latest&limit=1&cursor=${past.nextCursor}`,
      )
    ).json();
    expect(older.items.map((v: { title: string }) => v.title)).toEqual([
      'Visit 2026-11-10T09:00:00',
    ]);
    expect(older.nextCursor).toBeNull();
  });

  it('when a contact has open invoices, then their balance owed, its overdue part and their payments show', async () => {
    const carol = await addContact(t.app, owner, { firstName: 'Carol', lastName: 'Park' });
    const first = await sentInvoice(carol.id, 10_000);
    await sentInvoice(carol.id, 0, '2026-10-01');
    await sentInvoice(bob.id, 0);

    const balance = await get(owner, `/api/customers/${carol.id}/balance`);
    expect(balance.statusCode, balance.body).toBe(200);
    // Each invoice totals $240 + 8.25% tax + $25 supplies = $284.80; $100 was paid on the first.
    expect(balance.json()).toEqual({
      balanceCents: 2 * 28_480 - 10_000,
      openCount: 2,
      overdueCents: 28_480,
      overdueCount: 1,
    });
    const invoices = (await get(owner, `/api/invoices?customerId=${carol.id}`)).json();
    expect(invoices.items).toHaveLength(2);
    const payments = (await get(owner, `/api/payments?customerId=${carol.id}`)).json();
    expect(payments.items).toHaveLength(1);
    expect(payments.items[0]).toMatchObject({ invoiceId: first.id, amountCents: 10_000 });

    const nothing = await addContact(t.app, owner, { firstName: 'Dan', lastName: 'Ray' });
    expect((await get(owner, `/api/customers/${nothing.id}/balance`)).json()).toEqual({
      balanceCents: 0,
      openCount: 0,
      overdueCents: 0,
      overdueCount: 0,
    });
  });

  it.each([
    '/api/requests?customerId=42',
    '/api/jobs?customerId=42',
    '/api/jobs?order=oldest',
    '/api/payments?customerId=42',
    '/api/invoices?customerId=42',
    '/api/customers/42/balance',
  ])('when %s is asked with a bad value, then 400 names it', async (url) => {
    const res = await get(owner, url);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/customerId|order|id/);
  });

  it("when another business's contact is named, then its balance is 404 and the lists are empty", async () => {
    const stranger = await signedInUser(t.app, { accountName: 'Other Co' });
    expect((await get(stranger, `/api/customers/${ann.id}/balance`)).statusCode).toBe(404);
    for (const list of ['requests', 'jobs', 'invoices', 'payments']) {
      const res = await get(stranger, `/api/${list}?customerId=${ann.id}`);
      expect(res.statusCode, list).toBe(200);
      expect(res.json().items, list).toEqual([]);
    }
  });

  it('when a team member asks for a balance, then 403', async () => {
    const member = await signedInUser(t.app, { role: 'team_member' });
    // The role is refused before any record is looked up.
    const res = await get(member, `/api/customers/${crypto.randomUUID()}/balance`);
    expect(res.statusCode).toBe(403);
  });
});
