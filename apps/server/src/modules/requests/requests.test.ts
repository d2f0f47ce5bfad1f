import { calculateEstimate, centsToDollars, MESSAGES, proposalOptionsFor } from '@crewdesk/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, requestEvents, requests } from '../../db/schema/index.ts';
import { asUser, createTestApp, signedInUser, type TestApp } from '../../../test/build-app.ts';
import {
  allKeys,
  CALCULATOR_INPUT,
  calculatorFormBody,
  createRequestAs,
  insertProposalRow,
  ownerWithBusinessProfile,
  PROPOSAL_INPUT,
  PROPOSAL_WITH_OPTIONS,
  SMALL_HOME,
  SMALL_HOME_PRICE_CENTS,
} from '../../../test/requests.ts';

const MISSING_CALCULATION = `${MESSAGES.missingCalculation.title}: ${MESSAGES.missingCalculation.description}`;
const MISSING_CLIENT = `${MESSAGES.missingClientName.title}: ${MESSAGES.missingClientName.description}`;

const expected = calculateEstimate(CALCULATOR_INPUT);

describe('requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function storedRow(id: string) {
    const [row] = await t.app.db.select().from(requests).where(eq(requests.id, id));
    return row;
  }

  describe('POST /api/requests', () => {
    it('when an admin saves the calculator form, then the price is the domain calculator’s, the contact is trimmed and the Business Summary is answered', async () => {
      const owner = await signedInUser(t.app, { role: 'business_admin' });
      const before = Date.now();
      const body = await createRequestAs(t.app, owner, {
        clientName: '  Maria Gonzalez  ',
        email: ' maria@example.test ',
        phone: '   ',
        // A service picked twice is priced once.
        additionalServices: ['deep-cleaning', 'window-cleaning', 'deep-cleaning'],
      });
      expect(body).toMatchObject({
        client: 'Maria Gonzalez',
        clientEmail: 'maria@example.test',
        clientPhone: null,
        amountCents: expected.priceCents,
        status: 'unopened',
        type: 'estimate',
        proposalType: null,
        category: 'estimates',
        emailSent: false,
        sharedAt: null,
        title: 'Estimate for Maria Gonzalez',
        businessSummary: {
          totalCostCents: expected.totalCostCents,
          profitCents: expected.profitCents,
          profitMarginPercent: expected.profitMarginPercent,
          marginBand: expected.marginBand,
        },
      });
      expect(body.businessSummary.tools.map((x: { name: string }) => x.name)).toEqual(
        expected.tools.map((x) => x.name),
      );
      expect(body.events.map((e: { kind: string }) => e.kind)).toEqual(['created']);
      expect(body.shareToken).toMatch(/^[\w-]{44}$/);
      const row = await storedRow(body.id);
      expect(row).toMatchObject({
        accountId: owner.accountId,
        userId: owner.userId,
        amountCents: expected.priceCents,
        clientPhone: null,
        status: 'unopened',
      });
      const created = row!.createdAt.getTime();
      expect(created).toBeGreaterThanOrEqual(before - 1000);
      expect(row!.expiresAt.getTime() - created).toBe(30 * 24 * 60 * 60 * 1000);
      expect(row!.details).toMatchObject({
        totalAmount: centsToDollars(expected.priceCents),
        totalCost: centsToDollars(expected.totalCostCents),
        clientName: 'Maria Gonzalez',
      });
    });

    it('when the client sends its own totals, then they are ignored and the server’s price is stored', async () => {
      const owner = await signedInUser(t.app);
      const body = await createRequestAs(t.app, owner, {
        totalAmount: 1,
        totalCost: 0,
        profit: 999999,
        profitMargin: 99,
        amountCents: 100,
        toolRequirements: [],
      });
      expect(body.amountCents).toBe(expected.priceCents);
      const row = await storedRow(body.id);
      expect(row!.amountCents).toBe(expected.priceCents);
      expect(row!.details).toMatchObject({
        totalAmount: centsToDollars(expected.priceCents),
        profit: centsToDollars(expected.profitCents),
        profitMargin: expected.profitMarginPercent,
      });
    });

    it('when a sales_person saves or reads, then the answer has no cost, profit, margin or tools anywhere', async () => {
      const seller = await signedInUser(t.app, { role: 'sales_person' });
      const created = await createRequestAs(t.app, seller);
      const read = await asUser(t.app, seller, {
        method: 'GET',
        url: `/api/requests/${created.id}`,
      });
      const list = await asUser(t.app, seller, { method: 'GET', url: '/api/requests' });
      for (const json of [created, read.json(), list.json()]) {
        const keys = allKeys(json);
        expect(keys.filter((k) => /cost|profit|margin|tool|summary/i.test(k))).toEqual([]);
      }
      // Stored in full all the same (the business's admins see it).
      expect((await storedRow(created.id))!.details).toHaveProperty('profit');
    });

    it('when the form has no calculation, then 400 Missing calculation comes before a missing client name', async () => {
      const owner = await signedInUser(t.app);
      const res = await asUser(t.app, owner, {
        method: 'POST',
        url: '/api/requests',
        payload: { clientName: '', type: 'estimate' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'BAD_REQUEST', message: MISSING_CALCULATION });
    });

    it('when the client name is blank, then 400 Missing client name and nothing is stored', async () => {
      const owner = await signedInUser(t.app);
      const res = await asUser(t.app, owner, {
        method: 'POST',
        url: '/api/requests',
        payload: calculatorFormBody({ clientName: '   ' }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MISSING_CLIENT);
      const rows = await t.app.db
        .select()
        .from(requests)
        .where(eq(requests.accountId, owner.accountId));
      expect(rows).toEqual([]);
    });

    it('when a field is invalid, then 400 names it', async () => {
      const owner = await signedInUser(t.app);
      const res = await asUser(t.app, owner, {
        method: 'POST',
        url: '/api/requests',
        payload: calculatorFormBody({ squareFootage: -5 }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^squareFootage: /);
    });

    it('when the contact is another business’s, then 400 and nothing is stored', async () => {
      const owner = await signedInUser(t.app);
      const other = await signedInUser(t.app);
      const [contact] = await t.app.db
        .insert(customers)
        .values({ accountId: other.accountId, firstName: 'Not', lastName: 'Mine' })
        .returning();
      const res = await asUser(t.app, owner, {
        method: 'POST',
        url: '/api/requests',
        payload: calculatorFormBody({ customer_id: contact!.id }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Choose a contact of this business.');
    });

    it('when the contact is the business’s own, then the answer joins it', async () => {
      const owner = await signedInUser(t.app);
      const [contact] = await t.app.db
        .insert(customers)
        .values({ accountId: owner.accountId, firstName: 'Ann', lastName: 'Lee' })
        .returning();
      const body = await createRequestAs(t.app, owner, { customer_id: contact!.id });
      expect(body.customer).toEqual({
        id: contact!.id,
        firstName: 'Ann',
        lastName: 'Lee',
        email: null,
        phone: null,
      });
    });

    it('when a team_member saves a proposal, then 403; a quote is fine', async () => {
      const member = await signedInUser(t.app, { role: 'team_member' });
      const res = await asUser(t.app, member, {
        method: 'POST',
        url: '/api/requests',
        payload: calculatorFormBody({ type: 'quote', proposal_type: 'standard' }),
      });
      expect(res.statusCode).toBe(403);
      const quote = await createRequestAs(t.app, member, { type: 'quote', proposal_type: false });
      expect(quote).toMatchObject({
        category: 'quotes',
        proposalType: null,
        title: 'Quote for Maria Gonzalez',
      });
    });
  });

  describe('field limits (issue 16: 100 KB client names and 20,000 areas were stored)', () => {
    const HUNDRED_KB = 'x'.repeat(100 * 1024);

    it.each([
      [
        'a 100 KB client name',
        { clientName: HUNDRED_KB },
        'clientName: Client name must be 200 characters or fewer.',
      ],
      ['a 100 KB phone', { phone: HUNDRED_KB }, 'phone: Phone must be 32 characters or fewer.'],
      [
        'a 100 KB assignee',
        { assignee: HUNDRED_KB },
        'assignee: Assignee must be 100 characters or fewer.',
      ],
      [
        '20,000 specific areas',
        { specificAreas: Array(20_000).fill('kitchen') },
        'specificAreas: Specific areas can have at most 50 entries.',
      ],
      [
        'a 100 KB specific area',
        { specificAreas: ['kitchen', HUNDRED_KB] },
        'specificAreas.1: Each specific area must be 100 characters or fewer.',
      ],
    ])(
      'when a request is saved with %s, then it answers 400 with %j and stores nothing',
      async (_what, overrides, message) => {
        const owner = await signedInUser(t.app, { role: 'business_admin' });
        const res = await asUser(t.app, owner, {
          method: 'POST',
          url: '/api/requests',
          payload: calculatorFormBody(overrides),
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(message);
        const rows = await t.app.db
          .select()
          .from(requests)
          .where(eq(requests.accountId, owner.accountId));
        expect(rows).toEqual([]);
      },
    );

    it('when a saved request is edited with a 100 KB client name, then it answers 400 and keeps the stored name', async () => {
      const owner = await signedInUser(t.app, { role: 'business_admin' });
      const saved = await createRequestAs(t.app, owner);
      const res = await asUser(t.app, owner, {
        method: 'PUT',
        url: `/api/requests/${saved.id}`,
        payload: calculatorFormBody({ clientName: HUNDRED_KB }),
      });
      expect(res.statusCode).toBe(400);
      expect((await storedRow(saved.id))?.client).toBe(saved.client);
    });
  });

  describe('proposal options', () => {
    it('when a proposal is saved, then its options are priced by the server and the amount is the Standard price; estimates and quotes have none', async () => {
      const owner = await signedInUser(t.app);
      const proposal = await createRequestAs(t.app, owner, PROPOSAL_WITH_OPTIONS);
      const options = proposalOptionsFor(PROPOSAL_INPUT);
      expect(proposal.options).toEqual(options);
      expect(proposal.options.map((o: { id: string }) => o.id)).toEqual([
        'basic',
        'standard',
        'deep',
      ]);
      expect(proposal.amountCents).toBe(options[1]!.priceCents);
      expect((await storedRow(proposal.id))!.options).toEqual(options);

      const estimate = await createRequestAs(t.app, owner);
      const quote = await createRequestAs(t.app, owner, { type: 'quote', proposal_type: false });
      expect(estimate.options).toBeNull();
      expect(quote.options).toBeNull();
      expect((await storedRow(quote.id))!.options).toBeNull();
    });

    it('when a proposal is updated or duplicated, then its options are priced again; turned into a quote, it has none', async () => {
      const owner = await signedInUser(t.app);
      const proposal = await createRequestAs(t.app, owner, {
        type: 'quote',
        proposal_type: 'options',
      });
      const smaller = { ...PROPOSAL_INPUT, squareFootage: 1000, additionalServices: [] };
      const updated = await asUser(t.app, owner, {
        method: 'PUT',
        url: `/api/requests/${proposal.id}`,
        payload: calculatorFormBody({ ...smaller, type: 'quote', proposal_type: 'options' }),
      });
      expect(updated.statusCode, updated.body).toBe(200);
      // Without services Standard would repeat Basic: Basic and Deep are offered, and the
      // amount is the form's own price, Basic's.
      const options = proposalOptionsFor(smaller);
      expect(options.map((o) => o.id)).toEqual(['basic', 'deep']);
      expect(updated.json().options).toEqual(options);
      expect(updated.json().amountCents).toBe(options[0]!.priceCents);

      const copy = await asUser(t.app, owner, {
        method: 'POST',
        url: `/api/requests/${proposal.id}/duplicate`,
      });
      expect(copy.json().options).toEqual(options);
      expect((await storedRow(copy.json().id))!.options).toEqual(options);

      const asQuote = await asUser(t.app, owner, {
        method: 'PUT',
        url: `/api/requests/${proposal.id}`,
        payload: calculatorFormBody({ type: 'quote', proposal_type: false }),
      });
      expect(asQuote.json()).toMatchObject({ category: 'quotes', options: null });
      expect((await storedRow(proposal.id))!.options).toBeNull();
    });
  });

  describe('GET /api/requests', () => {
    it('when listing by tab, then each tab has its own requests, newest first, with keyset pages', async () => {
      const owner = await signedInUser(t.app);
      const e1 = await createRequestAs(t.app, owner, { clientName: 'Alpha One' });
      const e2 = await createRequestAs(t.app, owner, { clientName: 'Beta Two', type: 'inquiry' });
      const q1 = await createRequestAs(t.app, owner, { clientName: 'Gamma', type: 'quote' });
      const p1 = await createRequestAs(t.app, owner, {
        clientName: 'Delta',
        type: 'quote',
        proposal_type: 'deep',
      });
      const get = async (url: string) => {
        const res = await asUser(t.app, owner, { method: 'GET', url });
        expect(res.statusCode, res.body).toBe(200);
        return res.json();
      };
      const ids = (page: { items: { id: string }[] }) => page.items.map((i) => i.id);
      expect(ids(await get('/api/requests?category=estimates'))).toEqual([e2.id, e1.id]);
      expect(ids(await get('/api/requests?category=quotes'))).toEqual([q1.id]);
      expect(ids(await get('/api/requests?category=proposals'))).toEqual([p1.id]);
      expect(ids(await get('/api/requests'))).toEqual([p1.id, q1.id, e2.id, e1.id]);

      const first = await get('/api/requests?limit=3');
      expect(ids(first)).toEqual([p1.id, q1.id, e2.id]);
      const second = await get(`/api/requests?limit=3&cursor=${first.nextCursor}`);
      expect(ids(second)).toEqual([e1.id]);
      expect(second.nextCursor).toBeNull();

      expect(ids(await get('/api/requests?q=BETA'))).toEqual([e2.id]);
      expect(ids(await get('/api/requests?q=quote%20for%20gam'))).toEqual([q1.id]);
      expect(ids(await get('/api/requests?q=50%25'))).toEqual([]);
      expect(ids(await get('/api/requests?q=gamma'))).toEqual([q1.id]);
      expect(ids(await get('/api/requests?status=accepted'))).toEqual([]);
      expect((await get('/api/requests?status=unopened')).items).toHaveLength(4);
    });

    it('when a team_member lists, then proposals are left out, and asking for them is 403', async () => {
      const member = await signedInUser(t.app, { role: 'team_member' });
      await insertProposalRow(t.app.db, member.accountId);
      const all = await asUser(t.app, member, { method: 'GET', url: '/api/requests' });
      expect(all.json().items).toEqual([]);
      const proposals = await asUser(t.app, member, {
        method: 'GET',
        url: '/api/requests?category=proposals',
      });
      expect(proposals.statusCode).toBe(403);
    });

    it('when the query is invalid, then 400 with the message', async () => {
      const owner = await signedInUser(t.app);
      const bad = await asUser(t.app, owner, { method: 'GET', url: '/api/requests?category=jobs' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(
        'category: category must be one of estimates, quotes, proposals',
      );
      const cursor = await asUser(t.app, owner, { method: 'GET', url: '/api/requests?cursor=zzz' });
      expect(cursor.statusCode).toBe(400);
      expect(cursor.json().message).toBe('cursor is not valid; start again from the first page');
    });

    it('when another business has requests, then they are never listed', async () => {
      const owner = await signedInUser(t.app);
      const other = await signedInUser(t.app);
      await createRequestAs(t.app, other, { clientName: 'Secret Client' });
      const res = await asUser(t.app, owner, { method: 'GET', url: '/api/requests?q=secret' });
      expect(res.json().items).toEqual([]);
    });
  });

  describe('by id', () => {
    it('when another business’s request is read, changed, copied or deleted, then 404 and it stays as it was', async () => {
      const owner = await signedInUser(t.app);
      const other = await signedInUser(t.app);
      const theirs = await createRequestAs(t.app, other);
      for (const [method, url, payload] of [
        ['GET', `/api/requests/${theirs.id}`, undefined],
        ['PUT', `/api/requests/${theirs.id}`, calculatorFormBody({ clientName: 'Hijack' })],
        ['POST', `/api/requests/${theirs.id}/duplicate`, undefined],
        ['DELETE', `/api/requests/${theirs.id}`, undefined],
      ] as const) {
        const res = await asUser(t.app, owner, { method, url, payload });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Request not found.' });
      }
      const row = await storedRow(theirs.id);
      expect(row!.client).toBe('Maria Gonzalez');
      const copies = await t.app.db
        .select()
        .from(requests)
        .where(eq(requests.accountId, owner.accountId));
      expect(copies).toEqual([]);
    });

    it('when the id is not a UUID, then 400', async () => {
      const owner = await signedInUser(t.app);
      const res = await asUser(t.app, owner, { method: 'GET', url: '/api/requests/nope' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('id: id must be a UUID');
    });

    it('when updated, then it is priced again, an edited event is added and the share token stays', async () => {
      const owner = await signedInUser(t.app);
      const created = await createRequestAs(t.app, owner);
      const res = await asUser(t.app, owner, {
        method: 'PUT',
        url: `/api/requests/${created.id}`,
        payload: calculatorFormBody({ ...SMALL_HOME, totalAmount: 5, phone: ' 512 555 0100 ' }),
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.amountCents).toBe(SMALL_HOME_PRICE_CENTS);
      expect(body.clientPhone).toBe('512 555 0100');
      expect(body.shareToken).toBe(created.shareToken);
      expect(body.events.map((e: { kind: string }) => e.kind)).toEqual(['created', 'edited']);
      expect(body.events[1].detail).toEqual({
        fromAmountCents: expected.priceCents,
        toAmountCents: SMALL_HOME_PRICE_CENTS,
      });
      expect((await storedRow(created.id))!.amountCents).toBe(SMALL_HOME_PRICE_CENTS);
    });

    it('when an update fails a save check, then 400 with its message and nothing changes', async () => {
      const owner = await signedInUser(t.app);
      const created = await createRequestAs(t.app, owner);
      const res = await asUser(t.app, owner, {
        method: 'PUT',
        url: `/api/requests/${created.id}`,
        payload: calculatorFormBody({ clientName: '' }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MISSING_CLIENT);
      expect((await storedRow(created.id))!.client).toBe('Maria Gonzalez');
    });

    it('when duplicated, then a new unopened request with a new share token and a created event', async () => {
      const owner = await signedInUser(t.app);
      const created = await createRequestAs(t.app, owner);
      const res = await asUser(t.app, owner, {
        method: 'POST',
        url: `/api/requests/${created.id}/duplicate`,
      });
      expect(res.statusCode, res.body).toBe(201);
      const copy = res.json();
      expect(copy.id).not.toBe(created.id);
      expect(copy.shareToken).not.toBe(created.shareToken);
      expect(copy).toMatchObject({
        client: created.client,
        amountCents: created.amountCents,
        status: 'unopened',
        emailSent: false,
      });
      expect(copy.events.map((e: { kind: string; detail: unknown }) => [e.kind, e.detail])).toEqual(
        [['created', { amountCents: created.amountCents, duplicatedFrom: created.id }]],
      );
    });

    it('when deleted, then it and its events are gone', async () => {
      const owner = await signedInUser(t.app);
      const created = await createRequestAs(t.app, owner);
      const res = await asUser(t.app, owner, {
        method: 'DELETE',
        url: `/api/requests/${created.id}`,
      });
      expect(res.statusCode).toBe(204);
      expect(await storedRow(created.id)).toBeUndefined();
      const events = await t.app.db
        .select()
        .from(requestEvents)
        .where(eq(requestEvents.requestId, created.id));
      expect(events).toEqual([]);
      const again = await asUser(t.app, owner, {
        method: 'GET',
        url: `/api/requests/${created.id}`,
      });
      expect(again.statusCode).toBe(404);
    });

    it('when a team_member opens a proposal by id, then 403', async () => {
      const member = await signedInUser(t.app, { role: 'team_member' });
      const proposal = await insertProposalRow(t.app.db, member.accountId);
      const res = await asUser(t.app, member, {
        method: 'GET',
        url: `/api/requests/${proposal.id}`,
      });
      expect(res.statusCode).toBe(403);
    });

    it('when a contact with requests is deleted, then it is archived and the request keeps it', async () => {
      const owner = await signedInUser(t.app);
      const [contact] = await t.app.db
        .insert(customers)
        .values({ accountId: owner.accountId, firstName: 'Ann', lastName: 'Lee' })
        .returning();
      const created = await createRequestAs(t.app, owner, { customer_id: contact!.id });
      const res = await asUser(t.app, owner, {
        method: 'DELETE',
        url: `/api/customers/${contact!.id}`,
      });
      expect(res.json()).toEqual({ outcome: 'archived' });
      expect((await storedRow(created.id))!.customerId).toBe(contact!.id);
    });
  });
});

describe("a request's date is the business's day", () => {
  // 9:30 PM on December 7 in Chicago: already December 8 in UTC.
  const evening = new Date('2026-12-08T03:30:00Z');
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: () => evening });
  });
  afterAll(() => t.close());

  it('when a Chicago business saves or copies an estimate in the evening, then both are dated that evening in Chicago, not in UTC', async () => {
    const owner = await ownerWithBusinessProfile(t.app);
    const created = await createRequestAs(t.app, owner);
    expect(created.date).toBe('2026-12-07');
    const copy = await asUser(t.app, owner, {
      method: 'POST',
      url: `/api/requests/${created.id}/duplicate`,
    });
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json().date).toBe('2026-12-07');
  });
});
