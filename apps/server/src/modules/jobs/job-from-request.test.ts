import type { JobDetail } from '@crewdesk/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asUser,
  createTestApp,
  signedInUser,
  type SignedInUser,
  type TestApp,
} from '../../../test/build-app.ts';
import { addContact } from '../../../test/customers.ts';
import { colleagueOf } from '../../../test/jobs.ts';
import { createRequestAs, ownerWithBusinessProfile } from '../../../test/requests.ts';
import { requests } from '../../db/schema/index.ts';
import { ALREADY_SCHEDULED, ONLY_ACCEPTED_CAN_BE_SCHEDULED } from './job-from-request.ts';

describe('POST /api/requests/:id/schedule-job', () => {
  let t: TestApp;
  let owner: SignedInUser;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await ownerWithBusinessProfile(t.app);
  });
  afterAll(() => t.close());

  const schedule = (user: SignedInUser, id: string) =>
    asUser(t.app, user, { method: 'POST', url: `/api/requests/${id}/schedule-job` });

  async function acceptedRequest(user: SignedInUser) {
    const contact = await addContact(t.app, user, {
      address: '55 Lake Rd',
      city: 'Austin',
      state: 'TX',
      zip: '78702',
    });
    const request = await createRequestAs(t.app, user, {
      customer_id: contact.id,
      clientName: 'Ann Lee',
    });
    await t.app.db
      .update(requests)
      .set({ status: 'accepted', acceptedAt: new Date() })
      .where(eq(requests.id, request.id));
    return { request, contact };
  }

  it('when an accepted quote is scheduled, then a job carries its client, address and price, linked both ways', async () => {
    const { request, contact } = await acceptedRequest(owner);
    const res = await schedule(owner, request.id);
    expect(res.statusCode, res.body).toBe(201);
    const job: JobDetail = res.json();
    expect(job).toMatchObject({
      title: request.title,
      priceCents: request.amountCents,
      location: '55 Lake Rd, Austin, TX 78702',
      startsAt: null,
      request: { id: request.id, amountCents: request.amountCents },
    });
    expect(job.customer?.id).toBe(contact.id);
    expect(job.history.map((e) => e.kind)).toEqual(['created_from_request']);

    const detail = (
      await asUser(t.app, owner, { method: 'GET', url: `/api/requests/${request.id}` })
    ).json();
    expect(detail.jobs).toEqual([
      { id: job.id, title: job.title, status: 'scheduled', startsAt: null },
    ]);
    expect(detail.events.map((e: { kind: string }) => e.kind)).toContain('converted');

    const again = await schedule(owner, request.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ALREADY_SCHEDULED);
  });

  it('when two clicks schedule the same quote at once, then one job is made', async () => {
    const { request } = await acceptedRequest(owner);
    const answers = await Promise.all([schedule(owner, request.id), schedule(owner, request.id)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const detail = (
      await asUser(t.app, owner, { method: 'GET', url: `/api/requests/${request.id}` })
    ).json();
    expect(detail.jobs).toHaveLength(1);
  });

  it('when the request is not accepted, then 409 and no job', async () => {
    const request = await createRequestAs(t.app, owner);
    const res = await schedule(owner, request.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ONLY_ACCEPTED_CAN_BE_SCHEDULED);
    const detail = (
      await asUser(t.app, owner, { method: 'GET', url: `/api/requests/${request.id}` })
    ).json();
    expect(detail.jobs).toEqual([]);
  });

  it("when the request is another business's, then 404; a team_member gets 403", async () => {
    const stranger = await signedInUser(t.app);
    const { request } = await acceptedRequest(stranger);
    expect((await schedule(owner, request.id)).statusCode).toBe(404);
    const worker = await colleagueOf(t.app, owner);
    const mine = await acceptedRequest(owner);
    expect((await schedule(worker, mine.request.id)).statusCode).toBe(403);
  });
});
