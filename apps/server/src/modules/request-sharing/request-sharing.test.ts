import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  calculateEstimate,
  centsToDollars,
  CHOOSE_OPTION_MESSAGE,
  formatUsd,
  proposalOptionsFor,
  REQUEST_ALREADY_ANSWERED_MESSAGE,
  REQUEST_EXPIRED_MESSAGE,
  SHARED_REQUEST_NOT_FOUND_MESSAGE,
} from '@crewdesk/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailMessages, requestEvents, requests } from '../../db/schema/index.ts';
import { RATE_LIMITED_BODY } from '../../plugins/errors.ts';
import {
  asUser,
  createTestApp,
  signedInUser,
  type SignedInUser,
  type TestApp,
} from '../../../test/build-app.ts';
import { PNG } from '../../../test/images.ts';
import {
  allKeys,
  CALCULATOR_INPUT,
  calculatorFormBody,
  createRequestAs,
  DAY_MS,
  insertProposalRow,
  ownerWithBusinessProfile,
  PROPOSAL_INPUT,
  PROPOSAL_WITH_OPTIONS,
} from '../../../test/requests.ts';
import { NO_OPTIONS_MESSAGE } from './request-sharing.service.ts';
import { pdfText } from '../../../test/pdf.ts';

const expected = calculateEstimate(CALCULATOR_INPUT);

/** Every number anywhere in a JSON value. */
function allNumbers(value: unknown): number[] {
  if (typeof value === 'number') return [value];
  if (Array.isArray(value)) return value.flatMap(allNumbers);
  if (value && typeof value === 'object') return Object.values(value).flatMap(allNumbers);
  return [];
}

const INTERNAL_KEYS = [
  'totalCost',
  'profit',
  'profitMargin',
  'toolRequirements',
  'estimatedHours',
  'hourlyRate',
  'businessSummary',
  'description',
  'details',
  'customerId',
  'customer_id',
  'userId',
  'createdBy',
  'accountId',
  'acceptedIp',
];

describe('shared requests (the client’s link)', () => {
  let t: TestApp;
  /** The app's clock: null follows the real time; a test sets it to move through days. */
  let clock: Date | null = null;
  const dataDir = mkdtempSync(join(tmpdir(), 'crewdesk-share-'));

  beforeAll(async () => {
    t = await createTestApp({ dataDir, now: () => clock ?? new Date() });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    clock = null;
  });

  const open = (token: string) =>
    t.app.inject({ method: 'GET', url: `/api/public/shared/${token}` });
  const accept = (token: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/public/shared/${token}/accept`,
      headers: { 'user-agent': 'Mozilla/5.0 (Test Browser)' },
      payload,
    });
  const decline = (token: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/api/public/shared/${token}/decline`, payload });
  const businessView = async (user: SignedInUser, id: string) => {
    const res = await asUser(t.app, user, { method: 'GET', url: `/api/requests/${id}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const mailsOf = (accountId: string, kind: string) =>
    t.app.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.accountId, accountId), eq(mailMessages.kind, kind)));
  const eventsOf = async (id: string) =>
    (
      await t.app.db
        .select()
        .from(requestEvents)
        .where(eq(requestEvents.requestId, id))
        .orderBy(requestEvents.createdAt)
    ).map((e) => e.kind);

  describe('GET /api/public/shared/:token', () => {
    it('when the client opens the link, then the page shows the business, the details as labels and the amount, and no internal figure anywhere', async () => {
      const owner = await ownerWithBusinessProfile(t.app);
      const created = await createRequestAs(t.app, owner);
      const res = await open(created.shareToken);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const body = res.json();
      expect(body).toMatchObject({
        shareToken: created.shareToken,
        category: 'estimates',
        title: 'Estimate for Maria Gonzalez',
        client: 'Maria Gonzalez',
        amountCents: expected.priceCents,
        status: 'viewed',
        expired: false,
        expiresAt: created.expiresAt,
        business: {
          name: 'Sparkle Cleaning Co',
          logoUrl: null,
          email: `office-${owner.accountId}@sparkle.test`,
          phone: '512 555 0199',
          website: 'https://sparkle.test',
          address: '100 Main St, Austin, TX 78701',
        },
        property: {
          propertyType: 'Commercial',
          squareFootage: 2500,
          numberOfRooms: 3,
          numberOfBathrooms: 2,
          frequency: 'Weekly',
          condition: 'Long Time No Clean',
          preferredTime: { startTime: '9:00 AM', endTime: '12:00 PM' },
        },
        services: ['Deep Cleaning', 'Window Cleaning'],
        specificAreas: ['Offices', 'Lobby'],
        accessibility: ['Stairs'],
        clientPreferences: ['Pet Safe'],
        options: null,
        acceptance: null,
        decline: null,
      });

      const keys = allKeys(body);
      for (const key of INTERNAL_KEYS) expect(keys, key).not.toContain(key);
      const numbers = allNumbers(body);
      for (const figure of [
        expected.totalCostCents,
        centsToDollars(expected.totalCostCents),
        expected.profitCents,
        centsToDollars(expected.profitCents),
        expected.profitMarginPercent,
      ]) {
        expect(numbers, String(figure)).not.toContain(figure);
      }
      expect(res.body).not.toContain('gate code');
      expect(res.body).not.toContain(owner.userId);
    });

    it('when the link is opened twice, then the first open alone records the view, the event and one notice to the business', async () => {
      const owner = await ownerWithBusinessProfile(t.app);
      const created = await createRequestAs(t.app, owner);
      clock = new Date(Date.now() + 60_000);
      expect((await open(created.shareToken)).json().status).toBe('viewed');

      const afterFirst = await businessView(owner, created.id);
      expect(afterFirst.status).toBe('viewed');
      expect(afterFirst.viewedAt).toBe(clock.toISOString());
      expect(afterFirst.events.map((e: { kind: string }) => e.kind)).toEqual(['created', 'viewed']);
      const notices = await mailsOf(owner.accountId, 'request-viewed');
      expect(notices).toHaveLength(1);
      expect(notices[0]).toMatchObject({
        toAddress: `office-${owner.accountId}@sparkle.test`,
        subject: 'Maria Gonzalez opened your estimate',
      });
      expect(notices[0]!.links).toEqual([`http://localhost:3000/quotes/${created.id}`]);

      clock = new Date(Date.now() + 120_000);
      const second = await open(created.shareToken);
      expect(second.statusCode).toBe(200);
      const afterSecond = await businessView(owner, created.id);
      expect(afterSecond.viewedAt).toBe(afterFirst.viewedAt);
      expect(afterSecond.events).toHaveLength(2);
      expect(await mailsOf(owner.accountId, 'request-viewed')).toHaveLength(1);
    });

    it('when someone of the business previews its own link, then no view is recorded; the client’s open still is', async () => {
      const owner = await ownerWithBusinessProfile(t.app);
      const created = await createRequestAs(t.app, owner);
      const preview = await asUser(t.app, owner, {
        method: 'GET',
        url: `/api/public/shared/${created.shareToken}`,
      });
      expect(preview.statusCode, preview.body).toBe(200);
      expect((await businessView(owner, created.id)).viewedAt).toBeNull();
      expect(await eventsOf(created.id)).toEqual(['created']);
      // Someone of another business is just a visitor.
      const stranger = await signedInUser(t.app);
      await asUser(t.app, stranger, {
        method: 'GET',
        url: `/api/public/shared/${created.shareToken}`,
      });
      expect((await businessView(owner, created.id)).viewedAt).not.toBeNull();
      expect(await eventsOf(created.id)).toEqual(['created', 'viewed']);
    });

    it('when a sent estimate is opened, then it turns viewed; an answered one keeps its status', async () => {
      const owner = await ownerWithBusinessProfile(t.app);
      const sent = await createRequestAs(t.app, owner);
      await t.app.db.update(requests).set({ status: 'sent' }).where(eq(requests.id, sent.id));
      expect((await open(sent.shareToken)).json().status).toBe('viewed');

      const answered = await createRequestAs(t.app, owner);
      expect((await accept(answered.shareToken, { name: 'Maria Gonzalez' })).statusCode).toBe(200);
      const opened = await open(answered.shareToken);
      expect(opened.json().status).toBe('accepted');
      expect((await businessView(owner, answered.id)).viewedAt).not.toBeNull();
    });

    it('when the token is unknown or malformed, then 404 with the link message', async () => {
      for (const token of [crypto.randomUUID(), 'not-a-token', "1' OR '1'='1"]) {
        const res = await open(encodeURIComponent(token));
        expect(res.statusCode, token).toBe(404);
        expect(res.json()).toEqual({
          code: 'NOT_FOUND',
          message: SHARED_REQUEST_NOT_FOUND_MESSAGE,
        });
      }
      const acceptUnknown = await accept(crypto.randomUUID(), { name: 'Maria Gonzalez' });
      expect(acceptUnknown.statusCode).toBe(404);
      const pdfUnknown = await t.app.inject({
        method: 'GET',
        url: `/api/public/shared/${crypto.randomUUID()}/pdf`,
      });
      expect(pdfUnknown.statusCode).toBe(404);
    });

    it('when the business has a logo, then the page links a public copy of it', async () => {
      const owner = await ownerWithBusinessProfile(t.app);
      const upload = await asUser(t.app, owner, {
        method: 'PUT',
        url: '/api/business-profile/logo',
        headers: { 'content-type': 'image/png' },
        payload: PNG,
      });
      expect(upload.statusCode, upload.body).toBe(200);
      const created = await createRequestAs(t.app, owner);
      const shared = (await open(created.shareToken)).json();
      expect(shared.business.logoUrl).toBe(`/api/public/shared/${created.shareToken}/logo`);
      const logo = await t.app.inject({ method: 'GET', url: shared.business.logoUrl });
      expect(logo.statusCode).toBe(200);
      expect(logo.headers['content-type']).toBe('image/png');
      expect(logo.rawPayload.equals(PNG)).toBe(true);

      const pdf = await t.app.inject({
        method: 'GET',
        url: `/api/public/shared/${created.shareToken}/pdf`,
      });
      expect(pdf.statusCode).toBe(200);
      expect(await pdfText(pdf.rawPayload)).toContain('Sparkle Cleaning Co');
    });
  });

  describe('POST /api/public/shared/:token/accept', () => {
    it('when the client accepts with a typed name, then it is accepted with the signature, the business sees it and is told', async () => {
      const owner = await ownerWithBusinessProfile(t.app);
      const created = await createRequestAs(t.app, owner);
      clock = new Date(Date.now() + 5 * DAY_MS);
      const res = await accept(created.shareToken, { name: '  Maria Gonzalez ' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        status: 'accepted',
        amountCents: expected.priceCents,
        acceptance: { name: 'Maria Gonzalez', acceptedAt: clock.toISOString(), optionId: null },
      });

      const seen = await businessView(owner, created.id);
      expect(seen).toMatchObject({
        status: 'accepted',
        acceptance: { name: 'Maria Gonzalez', acceptedAt: clock.toISOString(), optionId: null },
        decline: null,
      });
      expect(seen.events.map((e: { kind: string }) => e.kind)).toEqual(['created', 'accepted']);
      expect(seen.events[1].detail).toEqual({
        name: 'Maria Gonzalez',
        amountCents: expected.priceCents,
      });
      const [row] = await t.app.db.select().from(requests).where(eq(requests.id, created.id));
      expect(row).toMatchObject({
        acceptedIp: '127.0.0.1',
        acceptedUserAgent: 'Mozilla/5.0 (Test Browser)',
        acceptedOption: null,
      });
      const [notice] = await mailsOf(owner.accountId, 'request-accepted');
      expect(notice).toMatchObject({ subject: 'Maria Gonzalez accepted your estimate' });
      expect(notice!.textBody).toContain(formatUsd(expected.priceCents));

      const again = await accept(created.shareToken, { name: 'Maria Gonzalez' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ code: 'CONFLICT', message: REQUEST_ALREADY_ANSWERED_MESSAGE });
      const declined = await decline(created.shareToken, { reason: 'Changed my mind' });
      expect(declined.statusCode).toBe(409);
      expect(await eventsOf(created.id)).toEqual(['created', 'accepted']);
    });

    it('when the client double-submits, then one answer is recorded and the other gets 409', async () => {
      const owner = await ownerWithBusinessProfile(t.app);
      const created = await createRequestAs(t.app, owner);
      const answers = await Promise.all([
        accept(created.shareToken, { name: 'Maria Gonzalez' }),
        accept(created.shareToken, { name: 'Maria Gonzalez' }),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      expect(await eventsOf(created.id)).toEqual(['created', 'accepted']);
      expect(await mailsOf(owner.accountId, 'request-accepted')).toHaveLength(1);
    });

    it('when the name is missing or too short, then 400 with the message and nothing changes', async () => {
      const owner = await ownerWithBusinessProfile(t.app);
      const created = await createRequestAs(t.app, owner);
      for (const payload of [{}, { name: ' M ' }]) {
        const res = await accept(created.shareToken, payload);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe('name: Type your full name to accept.');
      }
      expect((await businessView(owner, created.id)).status).toBe('unopened');
    });

    it('when a proposal is accepted with its second option (standard), then the amount is that option’s price', async () => {
      const owner = await ownerWithBusinessProfile(t.app);
      const proposal = await createRequestAs(t.app, owner, PROPOSAL_WITH_OPTIONS);
      const options = proposalOptionsFor(PROPOSAL_INPUT);
      expect(proposal.options).toEqual(options);
      expect(proposal.amountCents).toBe(options[1]!.priceCents);
      const shared = (await open(proposal.shareToken)).json();
      expect(shared.category).toBe('proposals');
      expect(shared.options.map((o: { id: string }) => o.id)).toEqual([
        'basic',
        'standard',
        'deep',
      ]);

      const res = await accept(proposal.shareToken, {
        name: 'Maria Gonzalez',
        optionId: 'standard',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        amountCents: options[1]!.priceCents,
        acceptance: { optionId: 'standard' },
      });
      const seen = await businessView(owner, proposal.id);
      expect(seen).toMatchObject({
        status: 'accepted',
        amountCents: options[1]!.priceCents,
        acceptance: { name: 'Maria Gonzalez', optionId: 'standard' },
      });
    });

    it('when a proposal is accepted with another option, then the amount becomes its price and stays so when the business edits it', async () => {
      const owner = await ownerWithBusinessProfile(t.app);
      const proposal = await createRequestAs(t.app, owner, PROPOSAL_WITH_OPTIONS);
      const options = proposalOptionsFor(PROPOSAL_INPUT);
      expect(options[0]!.priceCents).not.toBe(proposal.amountCents);

      const res = await accept(proposal.shareToken, { name: 'Maria Gonzalez', optionId: 'basic' });
      expect(res.statusCode, res.body).toBe(200);
      expect((await businessView(owner, proposal.id)).amountCents).toBe(options[0]!.priceCents);
      const [notice] = await mailsOf(owner.accountId, 'request-accepted');
      expect(notice!.subject).toBe('Maria Gonzalez accepted your proposal');
      expect(notice!.textBody).toContain('Basic clean');

      const edited = await asUser(t.app, owner, {
        method: 'PUT',
        url: `/api/requests/${proposal.id}`,
        payload: calculatorFormBody(PROPOSAL_WITH_OPTIONS),
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json().amountCents).toBe(options[0]!.priceCents);
    });

    it('when a proposal is accepted without an option, or an estimate with one, then 400', async () => {
      const owner = await ownerWithBusinessProfile(t.app);
      const proposal = await createRequestAs(t.app, owner, {
        type: 'quote',
        proposal_type: 'options',
      });
      const none = await accept(proposal.shareToken, { name: 'Maria Gonzalez' });
      expect(none.statusCode).toBe(400);
      expect(none.json().message).toBe(CHOOSE_OPTION_MESSAGE);
      const unknown = await accept(proposal.shareToken, {
        name: 'Maria Gonzalez',
        optionId: 'premium',
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().message).toBe(`optionId: ${CHOOSE_OPTION_MESSAGE}`);

      const estimate = await createRequestAs(t.app, owner);
      const withOption = await accept(estimate.shareToken, {
        name: 'Maria Gonzalez',
        optionId: 'deep',
      });
      expect(withOption.statusCode).toBe(400);
      expect(withOption.json().message).toBe(NO_OPTIONS_MESSAGE);
      expect((await businessView(owner, estimate.id)).status).toBe('unopened');
      expect((await businessView(owner, proposal.id)).status).toBe('unopened');
    });
  });

  describe('POST /api/public/shared/:token/decline', () => {
    it('when the client declines with a reason, then it is declined, the business sees why and is told', async () => {
      const owner = await ownerWithBusinessProfile(t.app);
      const created = await createRequestAs(t.app, owner, { type: 'quote' });
      clock = new Date(Date.now() + DAY_MS);
      const res = await decline(created.shareToken, { reason: ' Found someone closer. ' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        status: 'declined',
        decline: { reason: 'Found someone closer.', declinedAt: clock.toISOString() },
        acceptance: null,
      });
      const seen = await businessView(owner, created.id);
      expect(seen).toMatchObject({
        status: 'declined',
        decline: { reason: 'Found someone closer.', declinedAt: clock.toISOString() },
      });
      expect(seen.events.at(-1)).toMatchObject({
        kind: 'declined',
        detail: { reason: 'Found someone closer.' },
      });
      const [notice] = await mailsOf(owner.accountId, 'request-declined');
      expect(notice).toMatchObject({ subject: 'Maria Gonzalez declined your quote' });
      expect(notice!.textBody).toContain('Found someone closer.');

      const acceptAfter = await accept(created.shareToken, { name: 'Maria Gonzalez' });
      expect(acceptAfter.statusCode).toBe(409);
      expect(acceptAfter.json().message).toBe(REQUEST_ALREADY_ANSWERED_MESSAGE);
    });

    it('when the reason is blank, then 400 with the message', async () => {
      const owner = await ownerWithBusinessProfile(t.app);
      const created = await createRequestAs(t.app, owner);
      const res = await decline(created.shareToken, { reason: '   ' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('reason: Tell the business why you are declining.');
      expect((await businessView(owner, created.id)).decline).toBeNull();
    });
  });

  describe('expiry (the app’s clock)', () => {
    it('when 29 days have passed, then it is still open; at 30 days it is expired in both APIs and cannot be answered', async () => {
      const owner = await ownerWithBusinessProfile(t.app);
      const start = new Date('2031-03-01T15:00:00.000Z');
      clock = start;
      const created = await createRequestAs(t.app, owner);
      expect(created.expiresAt).toBe(new Date(start.getTime() + 30 * DAY_MS).toISOString());

      clock = new Date(start.getTime() + 29 * DAY_MS);
      expect((await businessView(owner, created.id)).status).toBe('unopened');
      const list = async (status: string) =>
        (await asUser(t.app, owner, { method: 'GET', url: `/api/requests?status=${status}` }))
          .json()
          .items.map((i: { id: string }) => i.id);
      expect(await list('unopened')).toEqual([created.id]);
      expect(await list('expired')).toEqual([]);
      const day29 = (await open(created.shareToken)).json();
      expect(day29).toMatchObject({ status: 'viewed', expired: false });

      clock = new Date(start.getTime() + 30 * DAY_MS);
      expect((await businessView(owner, created.id)).status).toBe('expired');
      expect(await list('expired')).toEqual([created.id]);
      expect(await list('viewed')).toEqual([]);
      const day30 = (await open(created.shareToken)).json();
      expect(day30).toMatchObject({ status: 'expired', expired: true });

      const accepted = await accept(created.shareToken, { name: 'Maria Gonzalez' });
      expect(accepted.statusCode).toBe(410);
      expect(accepted.json()).toEqual({ code: 'GONE', message: REQUEST_EXPIRED_MESSAGE });
      const declined = await decline(created.shareToken, { reason: 'Too late' });
      expect(declined.statusCode).toBe(410);
      expect(declined.json().message).toBe(REQUEST_EXPIRED_MESSAGE);
      expect(await eventsOf(created.id)).toEqual(['created', 'viewed']);
    });

    it('when an accepted request passes its expiry, then it stays accepted', async () => {
      const owner = await ownerWithBusinessProfile(t.app);
      const start = new Date('2031-06-01T12:00:00.000Z');
      clock = start;
      const created = await createRequestAs(t.app, owner);
      expect((await accept(created.shareToken, { name: 'Maria Gonzalez' })).statusCode).toBe(200);
      clock = new Date(start.getTime() + 45 * DAY_MS);
      expect((await businessView(owner, created.id)).status).toBe('accepted');
      expect((await open(created.shareToken)).json()).toMatchObject({
        status: 'accepted',
        expired: false,
      });
    });
  });

  describe('PDF', () => {
    it('when the client downloads the PDF, then it has the business, client, details and total in dollars, and no internal figure', async () => {
      const owner = await ownerWithBusinessProfile(t.app);
      const created = await createRequestAs(t.app, owner);
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/public/shared/${created.shareToken}/pdf`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="estimate-maria-gonzalez-\d{4}-\d{2}-\d{2}\.pdf"$/,
      );
      const text = await pdfText(res.rawPayload);
      for (const part of [
        'Sparkle Cleaning Co',
        '512 555 0199',
        'Estimate for Maria Gonzalez',
        'Maria Gonzalez',
        'Deep Cleaning',
        'Offices',
        formatUsd(expected.priceCents),
        'Valid until',
      ]) {
        expect(text, part).toContain(part);
      }
      for (const figure of [
        formatUsd(expected.totalCostCents),
        formatUsd(expected.profitCents),
        `${expected.profitMarginPercent}%`,
        'gate code',
        'Profit',
        'Cost',
      ]) {
        expect(text, figure).not.toContain(figure);
      }
      // Downloading is not opening the page.
      expect((await businessView(owner, created.id)).viewedAt).toBeNull();
    });

    it('when a proposal was accepted, then its PDF lists the options and the acceptance', async () => {
      const owner = await ownerWithBusinessProfile(t.app);
      const proposal = await createRequestAs(t.app, owner, PROPOSAL_WITH_OPTIONS);
      await accept(proposal.shareToken, { name: 'Maria Gonzalez', optionId: 'deep' });
      const deep = proposalOptionsFor(PROPOSAL_INPUT)[2]!;
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/public/shared/${proposal.shareToken}/pdf`,
      });
      const text = await pdfText(res.rawPayload);
      expect(text).toContain('Basic clean');
      expect(text).toContain('Deep clean (chosen)');
      expect(text).toContain('Accepted by Maria Gonzalez');
      expect(text).toContain(formatUsd(deep.priceCents));
    });

    it('when the business downloads it, then it is the same client PDF; another business’s is 404, and a proposal needs the proposals right', async () => {
      const owner = await ownerWithBusinessProfile(t.app);
      const created = await createRequestAs(t.app, owner);
      const res = await asUser(t.app, owner, {
        method: 'GET',
        url: `/api/requests/${created.id}/pdf`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="estimate-/);
      const text = await pdfText(res.rawPayload);
      expect(text).toContain(formatUsd(expected.priceCents));
      expect(text).not.toContain(formatUsd(expected.totalCostCents));

      const other = await signedInUser(t.app);
      const foreign = await asUser(t.app, other, {
        method: 'GET',
        url: `/api/requests/${created.id}/pdf`,
      });
      expect(foreign.statusCode).toBe(404);
      const bad = await asUser(t.app, other, { method: 'GET', url: '/api/requests/nope/pdf' });
      expect(bad.statusCode).toBe(400);

      const member = await signedInUser(t.app, { role: 'team_member' });
      const proposal = await insertProposalRow(t.app.db, member.accountId);
      const denied = await asUser(t.app, member, {
        method: 'GET',
        url: `/api/requests/${proposal.id}/pdf`,
      });
      expect(denied.statusCode).toBe(403);
    });
  });
});

describe('shared requests: the rate limit on answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ publicFormRateLimitMax: 2 });
  });
  afterAll(() => t.close());

  it('when one client posts answers past the limit, then 429 with a clear message', async () => {
    const token = crypto.randomUUID();
    const post = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/public/shared/${token}/decline`,
        payload: { reason: 'No' },
      });
    expect((await post()).statusCode).toBe(404);
    expect((await post()).statusCode).toBe(404);
    const limited = await post();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual(RATE_LIMITED_BODY);
    // Another client is not limited by the first one's tries.
    const other = await t.app.inject({
      method: 'POST',
      url: `/api/public/shared/${token}/decline`,
      remoteAddress: '198.51.100.7',
      payload: { reason: 'No' },
    });
    expect(other.statusCode).toBe(404);
  });
});
