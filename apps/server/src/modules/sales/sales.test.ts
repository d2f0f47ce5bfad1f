import { and, eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, createTestApp, type SignedInUser, type TestApp } from '../../../test/build-app.ts';
import { addContact } from '../../../test/customers.ts';
import { payAs } from '../../../test/invoices.ts';
import { colleagueOf, type Colleague } from '../../../test/jobs.ts';
import { createRequestAs, DAY_MS, ownerWithBusinessProfile } from '../../../test/requests.ts';
import {
  businessAccounts,
  domainEvents,
  jobs,
  notifications,
  requests,
  salesOpportunities,
  salesOpportunityRequests,
  salesStageMoves,
} from '../../db/schema/index.ts';
import { insertRequestEvent } from '../requests/index.ts';
import { recordExpiredRequests } from '../events/index.ts';
import { recordFollowUpsDue } from './index.ts';
import { consumeLedgerEvent } from './sales-moves.service.ts';

/**
 * The sales pipeline (issue 22) on a real database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL): cards move from the events ledger, by hand, and show their figures.
 */

let now = new Date('2026-11-16T14:00:00Z'); // Monday 8:00 AM in Chicago
let t: TestApp;
let owner: SignedInUser;
let manager: Colleague;
let seller: Colleague;
let otherSeller: Colleague;
let member: Colleague;
let estimateFree: Colleague;
let stranger: SignedInUser;

const as = (user: SignedInUser, options: InjectOptions) => asUser(t.app, user, options);
const dispatch = () => t.app.events.idle();

async function slugOf(accountId: string) {
  const [row] = await t.app.db
    .select({ slug: businessAccounts.slug })
    .from(businessAccounts)
    .where(eq(businessAccounts.id, accountId));
  return row!.slug;
}

async function opportunityOf(requestId: string) {
  const [row] = await t.app.db
    .select({ opportunity: salesOpportunities })
    .from(salesOpportunityRequests)
    .innerJoin(
      salesOpportunities,
      eq(salesOpportunities.id, salesOpportunityRequests.opportunityId),
    )
    .where(eq(salesOpportunityRequests.requestId, requestId));
  return row?.opportunity;
}

async function movesOf(opportunityId: string) {
  return t.app.db
    .select()
    .from(salesStageMoves)
    .where(eq(salesStageMoves.opportunityId, opportunityId))
    .orderBy(salesStageMoves.createdAt, salesStageMoves.seq);
}

/** What sending the estimate by e-mail writes once the mail is delivered (requests.service). */
async function markSent(accountId: string, requestId: string) {
  await t.app.db.transaction(async (tx) => {
    await tx
      .update(requests)
      .set({ status: 'sent', emailSent: true, sharedAt: now })
      .where(and(eq(requests.accountId, accountId), eq(requests.id, requestId)));
    await insertRequestEvent(tx, { accountId, requestId, kind: 'sent', detail: {} });
  });
}

async function estimateFor(
  user: SignedInUser,
  customerId: string,
  extra: Record<string, unknown> = {},
) {
  return createRequestAs(t.app, user, { customer_id: customerId, ...extra }) as Promise<{
    id: string;
    shareToken: string;
    amountCents: number;
  }>;
}

const accept = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/public/shared/${token}/accept`,
    headers: { 'user-agent': 'Test' },
    payload: { name: 'Ann Lee' },
  });
const decline = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/public/shared/${token}/decline`,
    payload: { reason: 'Too dear' },
  });

beforeAll(async () => {
  t = await createTestApp({ now: () => now });
  owner = await ownerWithBusinessProfile(t.app);
  manager = await colleagueOf(t.app, owner, 'business_manager');
  seller = await colleagueOf(t.app, owner, 'sales_person');
  otherSeller = await colleagueOf(t.app, owner, 'sales_person');
  member = await colleagueOf(t.app, owner, 'team_member');
  estimateFree = await colleagueOf(t.app, owner, 'estimate-free');
  stranger = await ownerWithBusinessProfile(t.app);
}, 180_000);

afterAll(() => t.close());

describe('automatic moves from the events ledger', () => {
  let formRequestId: string;
  let opportunityId: string;

  it('when a request comes from the public form, then an unowned opportunity opens in New, sourced from the form, and the sales person sees it', async () => {
    const slug = await slugOf(owner.accountId);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/public/request-form/${slug}`,
      payload: {
        firstName: 'Ann',
        lastName: 'Lee',
        email: 'ann.lee@example.test',
        phone: '512 555 0100',
        address: '12 Oak St, Austin, TX',
        propertyType: 'residential',
        service: 'window-cleaning',
        message: 'Windows, please.',
        website: '',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    await dispatch();
    const [row] = await t.app.db
      .select({ id: requests.id })
      .from(requests)
      .where(and(eq(requests.accountId, owner.accountId), eq(requests.source, 'request_form')));
    formRequestId = row!.id;
    const opportunity = await opportunityOf(formRequestId);
    expect(opportunity).toMatchObject({ stage: 'new', source: 'request_form', ownerUserId: null });
    opportunityId = opportunity!.id;
    const moves = await movesOf(opportunityId);
    expect(moves).toEqual([
      expect.objectContaining({ fromStage: null, toStage: 'new', causeType: 'request.created' }),
    ]);

    const board = await as(seller, { method: 'GET', url: '/api/sales/board' });
    expect(board.statusCode, board.body).toBe(200);
    expect(board.json().scope).toBe('mine');
    const column = board.json().columns.find((c: { stage: string }) => c.stage === 'new');
    expect(column.cards.map((c: { id: string }) => c.id)).toContain(opportunityId);
    expect(column.probability).toBe(10);
  });

  it('when the sales person makes an estimate for the contact and it is sent, then it joins the opportunity, they own it and it moves to Quoted', async () => {
    const opportunity = (
      await t.app.db
        .select()
        .from(salesOpportunities)
        .where(eq(salesOpportunities.id, opportunityId))
    )[0]!;
    const estimate = await estimateFor(seller, opportunity.customerId!);
    await dispatch();
    expect((await opportunityOf(estimate.id))?.id).toBe(opportunityId);

    await markSent(owner.accountId, estimate.id);
    await dispatch();
    const moved = await opportunityOf(estimate.id);
    expect(moved).toMatchObject({
      stage: 'quoted',
      ownerUserId: seller.userId,
      quotedValueCents: estimate.amountCents,
    });
    const history = await as(seller, {
      method: 'GET',
      url: `/api/sales/opportunities/${opportunityId}`,
    });
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().history[0]).toMatchObject({
      fromStage: 'new',
      toStage: 'quoted',
      by: null,
      byEvent: 'request.sent',
    });
    expect(
      history
        .json()
        .requests.map((r: { id: string }) => r.id)
        .sort(),
    ).toEqual([formRequestId, estimate.id].sort());
    // The stage change is itself in the ledger, for live screens and webhooks.
    const events = await t.app.db
      .select()
      .from(domainEvents)
      .where(
        and(
          eq(domainEvents.subjectId, opportunityId),
          eq(domainEvents.type, 'opportunity.stage_changed'),
        ),
      );
    expect(events.map((e) => e.payload)).toEqual([
      expect.objectContaining({ from: 'new', to: 'quoted' }),
    ]);

    // The client accepts on the share page: Won.
    expect((await accept(estimate.shareToken)).statusCode).toBe(200);
    await dispatch();
    expect(await opportunityOf(estimate.id)).toMatchObject({ stage: 'won', lostReason: null });
  });

  it('when the ledger hands the same event over again, then nothing moves twice', async () => {
    const [sent] = await t.app.db
      .select()
      .from(domainEvents)
      .where(
        and(eq(domainEvents.accountId, owner.accountId), eq(domainEvents.type, 'request.accepted')),
      );
    const before = await movesOf(opportunityId);
    await t.app.db.transaction((tx) => consumeLedgerEvent(tx, sent!, now));
    expect(await movesOf(opportunityId)).toHaveLength(before.length);
  });

  it('when the client declines the only offer, then the opportunity is lost with the reason; with another offer open it stays', async () => {
    const contact = await addContact(t.app, seller, {
      firstName: 'Bo',
      lastName: 'Diaz',
      email: 'bo@example.test',
    });
    const first = await estimateFor(seller, contact.id);
    const second = await estimateFor(seller, contact.id);
    await markSent(owner.accountId, first.id);
    await markSent(owner.accountId, second.id);
    await dispatch();
    expect((await opportunityOf(first.id))?.id).toBe((await opportunityOf(second.id))?.id);
    expect((await decline(first.shareToken)).statusCode).toBe(200);
    await dispatch();
    expect(await opportunityOf(first.id)).toMatchObject({ stage: 'quoted' });
    expect((await decline(second.shareToken)).statusCode).toBe(200);
    await dispatch();
    expect(await opportunityOf(second.id)).toMatchObject({
      stage: 'lost',
      lostReason: 'The client declined',
      quotedValueCents: 0,
    });
  });

  it('when a sent offer runs past its expiry, then the hourly run writes request.expired once and the opportunity is lost', async () => {
    const contact = await addContact(t.app, seller, {
      firstName: 'Cy',
      lastName: 'Ek',
      email: 'cy@example.test',
    });
    const estimate = await estimateFor(seller, contact.id);
    await markSent(owner.accountId, estimate.id);
    await dispatch();
    const saved = now;
    now = new Date(saved.getTime() + 31 * DAY_MS);
    try {
      // An offer that expired long before the run (an old one, on the first run after an
      // upgrade) is not announced late.
      const later = new Date(now.getTime() + 3 * DAY_MS);
      expect(await recordExpiredRequests(t.app.db, later)).toBe(0);
      expect(await recordExpiredRequests(t.app.db, now)).toBeGreaterThan(0);
      expect(await recordExpiredRequests(t.app.db, now)).toBe(0);
      await dispatch();
      expect(await opportunityOf(estimate.id)).toMatchObject({
        stage: 'lost',
        lostReason: 'The offer expired',
      });
    } finally {
      now = saved;
    }
  });
});

describe('a business that had requests before the pipeline', () => {
  it('when the pipeline is first opened, then each contact’s older requests become one opportunity in the stage their statuses say', async () => {
    const business = await ownerWithBusinessProfile(t.app);
    const won = await addContact(t.app, business, { firstName: 'Old', lastName: 'Won' });
    const lost = await addContact(t.app, business, { firstName: 'Old', lastName: 'Lost' });
    const rows = [
      { customerId: won.id, status: 'declined' as const },
      { customerId: won.id, status: 'accepted' as const },
      { customerId: lost.id, status: 'declined' as const },
    ];
    for (const r of rows)
      await t.app.db.insert(requests).values({
        accountId: business.accountId,
        customerId: r.customerId,
        title: 'Older estimate',
        client: 'Older client',
        amountCents: 10_000,
        date: '2026-10-01',
        status: r.status,
        type: 'estimate',
        expiresAt: new Date(now.getTime() + 10 * DAY_MS),
      });
    const board = await as(business, { method: 'GET', url: '/api/sales/board' });
    expect(board.statusCode, board.body).toBe(200);
    const counts = Object.fromEntries(
      board.json().columns.map((c: { stage: string; count: number }) => [c.stage, c.count]),
    );
    expect(counts).toEqual({ new: 0, contacted: 0, quoted: 0, won: 1, lost: 1 });
    const wonCard = board.json().columns.find((c: { stage: string }) => c.stage === 'won').cards[0];
    expect(wonCard).toMatchObject({ valueCents: 10_000, requestCount: 2 });
    // Asked again, nothing more is made.
    const again = await as(business, { method: 'GET', url: '/api/sales/opportunities' });
    expect(again.json().total).toBe(2);
  });

  it('when there are more older requests than one batch, then each becomes its opportunity with its request and first move, owned only by those who sell', async () => {
    const business = await ownerWithBusinessProfile(t.app);
    const sells = await colleagueOf(t.app, business, 'sales_person');
    const cleans = await colleagueOf(t.app, business, 'team_member');
    // 1,201 requests without a contact (each its own opportunity), over three batches of 500;
    // every other one made by the sales person, the rest by the team member.
    await t.app.db.execute(sql`
      insert into requests (account_id, user_id, title, client, amount_cents, date, status, type, expires_at)
      select ${business.accountId}::uuid,
             case when i % 2 = 0 then ${sells.userId}::uuid else ${cleans.userId}::uuid end,
             'Older estimate ' || i, 'Client ' || i, 5000, date '2026-10-01', 'sent', 'estimate',
             ${new Date(now.getTime() + 10 * DAY_MS).toISOString()}::timestamptz
      from generate_series(1, 1201) as i`);
    const board = await as(business, { method: 'GET', url: '/api/sales/board' });
    expect(board.statusCode, board.body).toBe(200);
    const count = async (query: ReturnType<typeof sql>) =>
      Number(((await t.app.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]!.n);
    const of = business.accountId;
    expect(
      await count(sql`select count(*)::int as n from sales_opportunities where account_id = ${of}`),
    ).toBe(1201);
    expect(
      await count(
        sql`select count(*)::int as n from sales_opportunity_requests where account_id = ${of}`,
      ),
    ).toBe(1201);
    expect(
      await count(
        sql`select count(*)::int as n from sales_stage_moves where account_id = ${of} and cause_type = 'backfill' and to_stage = 'quoted'`,
      ),
    ).toBe(1201);
    expect(
      await count(
        sql`select count(*)::int as n from sales_opportunities where account_id = ${of} and owner_user_id = ${sells.userId}`,
      ),
    ).toBe(600);
    expect(
      await count(
        sql`select count(*)::int as n from sales_opportunities where account_id = ${of} and owner_user_id is null`,
      ),
    ).toBe(601);
  });
});

describe('hand moves, history and who may do what', () => {
  let id: string;
  let contactId: string;

  beforeAll(async () => {
    const contact = await addContact(t.app, seller, {
      firstName: 'Dee',
      lastName: 'Fox',
      email: 'dee@example.test',
      source: 'referral',
    });
    contactId = contact.id;
    const res = await as(seller, {
      method: 'POST',
      url: '/api/sales/opportunities',
      payload: { customerId: contactId, valueCents: 50_000, followUpOn: '2026-11-20' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      stage: 'new',
      source: 'referral',
      owner: { userId: seller.userId },
      valueCents: 50_000,
      valueEntered: true,
      weightedCents: 5_000,
    });
    id = res.json().id;
  });

  it('when the sales person drags a card to Contacted, then it moves and the history names them', async () => {
    const res = await as(seller, {
      method: 'POST',
      url: `/api/sales/opportunities/${id}/move`,
      payload: { stage: 'contacted', note: 'Called, will decide Friday' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ stage: 'contacted', daysInStage: 0, probability: 25 });
    const moves = await movesOf(id);
    expect(moves.at(-1)).toMatchObject({
      fromStage: 'new',
      toStage: 'contacted',
      byUserId: seller.userId,
      causeSeq: null,
      note: 'Called, will decide Friday',
    });
    const again = await as(seller, {
      method: 'POST',
      url: `/api/sales/opportunities/${id}/move`,
      payload: { stage: 'contacted' },
    });
    expect(again.statusCode).toBe(409);
  });

  it('when a card goes to Lost, then a reason from the business’s list is required', async () => {
    for (const payload of [
      { stage: 'lost' },
      { stage: 'lost', lostReason: 'Because' },
      { stage: 'gone' },
    ]) {
      const res = await as(seller, {
        method: 'POST',
        url: `/api/sales/opportunities/${id}/move`,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await movesOf(id)).at(-1)?.toStage).toBe('contacted');
    const res = await as(seller, {
      method: 'POST',
      url: `/api/sales/opportunities/${id}/move`,
      payload: { stage: 'lost', lostReason: 'price too high' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      stage: 'lost',
      lostReason: 'Price too high',
      weightedCents: 0,
    });
    const back = await as(manager, {
      method: 'POST',
      url: `/api/sales/opportunities/${id}/move`,
      payload: { stage: 'quoted' },
    });
    expect(back.json()).toMatchObject({ stage: 'quoted', lostReason: null });
    const detail = await as(manager, { method: 'GET', url: `/api/sales/opportunities/${id}` });
    expect(
      detail
        .json()
        .history.map((h: { toStage: string; by: { userId: string } | null }) => [
          h.toStage,
          h.by?.userId,
        ]),
    ).toEqual([
      ['quoted', manager.userId],
      ['lost', seller.userId],
      ['contacted', seller.userId],
      ['new', seller.userId],
    ]);
    expect(detail.json().contact).toMatchObject({ id: contactId, email: 'dee@example.test' });
  });

  it('when another sales person looks, then it is not theirs to see, unless the business shows the team’s', async () => {
    const detail = await as(otherSeller, { method: 'GET', url: `/api/sales/opportunities/${id}` });
    expect(detail.statusCode).toBe(404);
    const move = await as(otherSeller, {
      method: 'POST',
      url: `/api/sales/opportunities/${id}/move`,
      payload: { stage: 'won' },
    });
    expect(move.statusCode).toBe(404);
    expect(
      (await as(otherSeller, { method: 'GET', url: '/api/sales/board?scope=team' })).statusCode,
    ).toBe(403);
    const board = await as(otherSeller, { method: 'GET', url: '/api/sales/board' });
    const ids = board
      .json()
      .columns.flatMap((c: { cards: { id: string }[] }) => c.cards.map((x) => x.id));
    expect(ids).not.toContain(id);

    const settings = await as(seller, { method: 'GET', url: '/api/sales/settings' });
    expect(settings.statusCode).toBe(200);
    expect(
      (await as(seller, { method: 'PUT', url: '/api/sales/settings', payload: settings.json() }))
        .statusCode,
    ).toBe(403);
    const allow = await as(manager, {
      method: 'PUT',
      url: '/api/sales/settings',
      payload: { ...(settings.json() as Record<string, unknown>), teamVisible: true },
    });
    expect(allow.statusCode, allow.body).toBe(200);
    try {
      const team = await as(otherSeller, { method: 'GET', url: '/api/sales/board?scope=team' });
      expect(team.statusCode).toBe(200);
      expect(team.json().teamAllowed).toBe(true);
      expect(
        (await as(otherSeller, { method: 'GET', url: `/api/sales/opportunities/${id}` }))
          .statusCode,
      ).toBe(200);
      // Seeing is not taking: a sales person may make only themselves the owner.
      const take = await as(otherSeller, {
        method: 'PATCH',
        url: `/api/sales/opportunities/${id}`,
        payload: { ownerUserId: manager.userId },
      });
      expect(take.statusCode).toBe(403);
    } finally {
      await as(manager, { method: 'PUT', url: '/api/sales/settings', payload: settings.json() });
    }
  });

  it('when a manager hands it to a member who does not sell, then it is refused; to the other sales person, it goes', async () => {
    const wrong = await as(manager, {
      method: 'PATCH',
      url: `/api/sales/opportunities/${id}`,
      payload: { ownerUserId: member.userId },
    });
    expect(wrong.statusCode).toBe(400);
    const right = await as(manager, {
      method: 'PATCH',
      url: `/api/sales/opportunities/${id}`,
      payload: { ownerUserId: otherSeller.userId, valueCents: null, expectedCloseOn: '2026-12-01' },
    });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toMatchObject({
      owner: { userId: otherSeller.userId },
      valueEntered: false,
      valueCents: 0,
      expectedCloseOn: '2026-12-01',
    });
    const back = await as(manager, {
      method: 'PATCH',
      url: `/api/sales/opportunities/${id}`,
      payload: { ownerUserId: seller.userId, valueCents: 50_000 },
    });
    expect(back.statusCode).toBe(200);
  });

  it('when a note is added, then it is on the timeline with its author', async () => {
    const res = await as(seller, {
      method: 'POST',
      url: `/api/sales/opportunities/${id}/notes`,
      payload: { body: 'Prefers mornings.' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const detail = await as(seller, { method: 'GET', url: `/api/sales/opportunities/${id}` });
    expect(detail.json().timeline).toContainEqual(
      expect.objectContaining({
        kind: 'note',
        text: 'Prefers mornings.',
        by: expect.objectContaining({ userId: seller.userId }),
      }),
    );
    expect(
      (
        await as(seller, {
          method: 'POST',
          url: `/api/sales/opportunities/${id}/notes`,
          payload: { body: '' },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await as(seller, {
          method: 'POST',
          url: `/api/sales/opportunities/${id}/notes`,
          payload: { body: 'x'.repeat(5001) },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('when another business or a role without the pipeline asks, then 404 and 403, and nothing changes', async () => {
    const writes: InjectOptions[] = [
      { method: 'GET', url: `/api/sales/opportunities/${id}` },
      { method: 'PATCH', url: `/api/sales/opportunities/${id}`, payload: { title: 'Taken' } },
      { method: 'POST', url: `/api/sales/opportunities/${id}/move`, payload: { stage: 'won' } },
      { method: 'POST', url: `/api/sales/opportunities/${id}/notes`, payload: { body: 'Hi' } },
    ];
    for (const request of writes) {
      const label = `${request.method} ${String(request.url)}`;
      expect((await as(stranger, request)).statusCode, label).toBe(404);
      expect((await as(member, request)).statusCode, label).toBe(403);
      expect((await as(estimateFree, request)).statusCode, label).toBe(403);
    }
    const created = await as(stranger, {
      method: 'POST',
      url: '/api/sales/opportunities',
      payload: { customerId: contactId },
    });
    expect(created.statusCode).toBe(404);
    for (const url of [
      '/api/sales/board',
      '/api/sales/opportunities',
      '/api/sales/owners',
      '/api/sales/settings',
      '/api/sales/source-to-cash',
    ]) {
      expect((await as(member, { method: 'GET', url })).statusCode, url).toBe(403);
      expect((await as(estimateFree, { method: 'GET', url })).statusCode, url).toBe(403);
    }
    expect((await as(seller, { method: 'GET', url: '/api/sales/source-to-cash' })).statusCode).toBe(
      403,
    );
    expect((await movesOf(id)).at(-1)?.toStage).toBe('quoted');
    const [row] = await t.app.db
      .select()
      .from(salesOpportunities)
      .where(eq(salesOpportunities.id, id));
    expect(row?.title).toBe('Dee Fox');
  });

  it('when inputs are wrong, then each endpoint answers 400 with a message', async () => {
    const bad: InjectOptions[] = [
      { method: 'GET', url: '/api/sales/board?source=carrier-pigeon' },
      { method: 'GET', url: '/api/sales/board?minValueCents=-1' },
      { method: 'GET', url: '/api/sales/board?owner=someone' },
      { method: 'GET', url: '/api/sales/opportunities?limit=1000' },
      { method: 'GET', url: '/api/sales/opportunities?cursor=not-a-cursor' },
      { method: 'GET', url: `/api/sales/opportunities?q=${'x'.repeat(101)}` },
      { method: 'GET', url: '/api/sales/opportunities/not-an-id' },
      { method: 'POST', url: '/api/sales/opportunities', payload: { customerId: 'nope' } },
      {
        method: 'POST',
        url: '/api/sales/opportunities',
        payload: { customerId: contactId, valueCents: 1.5 },
      },
      { method: 'PATCH', url: `/api/sales/opportunities/${id}`, payload: {} },
      {
        method: 'PATCH',
        url: `/api/sales/opportunities/${id}`,
        payload: { followUpOn: '2026-13-40' },
      },
      {
        method: 'PATCH',
        url: `/api/sales/opportunities/${id}`,
        payload: { title: 'x'.repeat(201) },
      },
      { method: 'POST', url: `/api/sales/opportunities/${id}/move`, payload: {} },
      {
        method: 'PUT',
        url: '/api/sales/settings',
        payload: {
          teamVisible: true,
          nudgeDays: 0,
          lostReasons: ['A'],
          probabilities: { new: 1, contacted: 2, quoted: 3 },
        },
      },
      {
        method: 'PUT',
        url: '/api/sales/settings',
        payload: {
          teamVisible: true,
          nudgeDays: 3,
          lostReasons: [],
          probabilities: { new: 1, contacted: 2, quoted: 3 },
        },
      },
      { method: 'GET', url: '/api/sales/source-to-cash?from=2026-12-01&to=2026-11-01' },
    ];
    for (const request of bad) {
      const res = await as(manager, request);
      expect(res.statusCode, `${request.method} ${request.url}`).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
  });
});

describe('the board’s figures, filters and the list', () => {
  let business: SignedInUser;
  let bizSeller: Colleague;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    business = await ownerWithBusinessProfile(t.app);
    bizSeller = await colleagueOf(t.app, business, 'sales_person');
    const plan = [
      { key: 'a', stage: 'new', value: 10_000, source: 'website', follow: '2026-11-10' },
      { key: 'b', stage: 'new', value: 5_005, source: 'referral', follow: null },
      { key: 'c', stage: 'quoted', value: 40_000, source: 'website', follow: '2026-11-30' },
      { key: 'd', stage: 'won', value: 12_000, source: 'referral', follow: '2026-11-01' },
      { key: 'e', stage: 'lost', value: 8_000, source: 'cold_call', follow: null },
    ];
    for (const p of plan) {
      const contact = await addContact(t.app, business, {
        firstName: `P${p.key}`,
        lastName: 'Plan',
        source: p.source,
      });
      const res = await as(business, {
        method: 'POST',
        url: '/api/sales/opportunities',
        payload: {
          customerId: contact.id,
          valueCents: p.value,
          followUpOn: p.follow,
          ownerUserId: p.key === 'b' ? bizSeller.userId : null,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      ids[p.key] = res.json().id;
      if (p.stage !== 'new') {
        const moved = await as(business, {
          method: 'POST',
          url: `/api/sales/opportunities/${res.json().id}/move`,
          payload: p.stage === 'lost' ? { stage: 'lost', lostReason: 'Other' } : { stage: p.stage },
        });
        expect(moved.statusCode, moved.body).toBe(200);
      }
    }
  });

  it('when the board is opened, then each column has its count, total and weighted total', async () => {
    const res = await as(business, { method: 'GET', url: '/api/sales/board' });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      res
        .json()
        .columns.map((c: Record<string, unknown>) => [
          c.stage,
          c.count,
          c.totalCents,
          c.weightedCents,
        ]),
    ).toEqual([
      ['new', 2, 15_005, 1_501],
      ['contacted', 0, 0, 0],
      ['quoted', 1, 40_000, 20_000],
      ['won', 1, 12_000, 12_000],
      ['lost', 1, 8_000, 0],
    ]);
    expect(res.json().scope).toBe('team');
  });

  it('when filters are set, then only the matching cards are counted', async () => {
    const stagesOf = async (query: string) => {
      const res = await as(business, { method: 'GET', url: `/api/sales/opportunities?${query}` });
      expect(res.statusCode, res.body).toBe(200);
      return res
        .json()
        .items.map((i: { id: string }) => i.id)
        .sort();
    };
    // Today in Chicago is 2026-11-16: a's follow-up passed; d's too but it is won.
    expect(await stagesOf('overdue=true')).toEqual([ids.a]);
    expect(await stagesOf('source=referral')).toEqual([ids.b, ids.d].sort());
    expect(await stagesOf('minValueCents=10000&maxValueCents=20000')).toEqual(
      [ids.a, ids.d].sort(),
    );
    expect(await stagesOf(`owner=${bizSeller.userId}`)).toEqual([ids.b]);
    expect(await stagesOf('stage=quoted')).toEqual([ids.c]);
    expect(await stagesOf('q=pc%20plan')).toEqual([ids.c]);
    // The sales person's own view: their own and the unowned ones.
    const mine = await as(bizSeller, { method: 'GET', url: '/api/sales/opportunities?owner=me' });
    expect(mine.json().items.map((i: { id: string }) => i.id)).toEqual([ids.b]);
  });

  it('when the list is paged, then the pages join up and carry the total', async () => {
    const first = await as(business, { method: 'GET', url: '/api/sales/opportunities?limit=2' });
    expect(first.json()).toMatchObject({ total: 5, totalCapped: false });
    const seen = first.json().items.map((i: { id: string }) => i.id);
    let cursor = first.json().nextCursor;
    while (cursor) {
      const next = await as(business, {
        method: 'GET',
        url: `/api/sales/opportunities?limit=2&cursor=${cursor}`,
      });
      seen.push(...next.json().items.map((i: { id: string }) => i.id));
      cursor = next.json().nextCursor;
    }
    expect(seen.sort()).toEqual(Object.values(ids).sort());
  });

  it('when a follow-up date passes, then its owner is told once', async () => {
    const due = await as(business, {
      method: 'PATCH',
      url: `/api/sales/opportunities/${ids.b}`,
      payload: { followUpOn: '2026-11-15' },
    });
    expect(due.statusCode, due.body).toBe(200);
    expect(due.json().followUpOverdue).toBe(true);
    expect(await recordFollowUpsDue(t.app.db, now)).toBeGreaterThan(0);
    expect(await recordFollowUpsDue(t.app.db, now)).toBe(0);
    await dispatch();
    const told = await t.app.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, bizSeller.userId), eq(notifications.kind, 'follow_up_due')),
      );
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ subjectId: ids.b, title: 'Time to follow up: Pb Plan' });
  });
});

describe('needs a nudge', () => {
  it('when a quote was viewed N days ago and not answered, then it shows under the nudge filter', async () => {
    const contact = await addContact(t.app, seller, {
      firstName: 'Nu',
      lastName: 'Dge',
      email: 'nudge@example.test',
    });
    const estimate = await estimateFor(seller, contact.id);
    await markSent(owner.accountId, estimate.id);
    await dispatch();
    const opportunity = await opportunityOf(estimate.id);
    await t.app.db
      .update(requests)
      .set({ status: 'viewed', viewedAt: new Date(now.getTime() - 4 * DAY_MS) })
      .where(eq(requests.id, estimate.id));
    const nudged = await as(seller, { method: 'GET', url: '/api/sales/opportunities?nudge=true' });
    expect(nudged.json().items.map((i: { id: string }) => i.id)).toEqual([opportunity!.id]);
    expect(nudged.json().items[0].needsNudge).toBe(true);
    await t.app.db
      .update(requests)
      .set({ viewedAt: new Date(now.getTime() - 2 * DAY_MS) })
      .where(eq(requests.id, estimate.id));
    const early = await as(seller, { method: 'GET', url: '/api/sales/opportunities?nudge=true' });
    expect(early.json().items).toEqual([]);
  });
});

describe('source to cash on a fixed data set', () => {
  it('when the figures are asked for, then each source has its opportunities, win rate, days to the first visit and money collected', async () => {
    const business = await ownerWithBusinessProfile(t.app);
    const slug = await slugOf(business.accountId);
    // Two form leads: one won (visit 3 days later, $120.00 paid of its invoice), one lost.
    const leads: { email: string; win: boolean }[] = [
      { email: 'won@example.test', win: true },
      { email: 'lost@example.test', win: false },
    ];
    for (const lead of leads) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/public/request-form/${slug}`,
        payload: {
          firstName: 'Lead',
          lastName: lead.win ? 'Won' : 'Lost',
          email: lead.email,
          propertyType: 'residential',
          service: 'window-cleaning',
          website: '',
        },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    await dispatch();
    const inquiries = await t.app.db
      .select()
      .from(requests)
      .where(eq(requests.accountId, business.accountId));
    const wonInquiry = inquiries.find((r) => r.clientEmail === 'won@example.test')!;
    const lostInquiry = inquiries.find((r) => r.clientEmail === 'lost@example.test')!;
    const estimate = await estimateFor(business, wonInquiry.customerId!);
    await markSent(business.accountId, estimate.id);
    expect((await accept(estimate.shareToken)).statusCode).toBe(200);
    const lostEstimate = await estimateFor(business, lostInquiry.customerId!);
    await markSent(business.accountId, lostEstimate.id);
    expect((await decline(lostEstimate.shareToken)).statusCode).toBe(200);
    await dispatch();

    const job = await as(business, {
      method: 'POST',
      url: `/api/requests/${estimate.id}/schedule-job`,
    });
    expect(job.statusCode, job.body).toBe(201);
    await t.app.db
      .update(jobs)
      .set({ startsAt: new Date(now.getTime() + 3 * DAY_MS + 60_000) })
      .where(eq(jobs.id, job.json().id));
    const invoice = await as(business, {
      method: 'POST',
      url: `/api/requests/${estimate.id}/invoice`,
    });
    expect(invoice.statusCode, invoice.body).toBe(201);
    expect(
      (await payAs(t.app, business, invoice.json().id, { amountCents: 12_000 })).statusCode,
    ).toBe(201);

    // A referral opened by hand, still open.
    const referral = await addContact(t.app, business, {
      firstName: 'Ref',
      lastName: 'Erral',
      source: 'referral',
    });
    expect(
      (
        await as(business, {
          method: 'POST',
          url: '/api/sales/opportunities',
          payload: { customerId: referral.id },
        })
      ).statusCode,
    ).toBe(201);

    const res = await as(business, { method: 'GET', url: '/api/sales/source-to-cash' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().rows).toEqual([
      {
        source: 'request_form',
        label: 'Request form',
        opportunities: 2,
        won: 1,
        lost: 1,
        winRatePercent: 50,
        medianDaysToFirstVisit: 3,
        collectedCents: 12_000,
      },
      {
        source: 'referral',
        label: 'Referral',
        opportunities: 1,
        won: 0,
        lost: 0,
        winRatePercent: null,
        medianDaysToFirstVisit: null,
        collectedCents: 0,
      },
    ]);
    expect(res.json().definitions.winRate).toBe(
      'Won ÷ (won + lost): opportunities still open do not count yet.',
    );
    const later = await as(business, {
      method: 'GET',
      url: '/api/sales/source-to-cash?from=2026-12-01',
    });
    expect(later.json().rows).toEqual([]);
  });
});
