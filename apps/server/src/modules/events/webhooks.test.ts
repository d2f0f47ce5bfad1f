import { createHmac } from 'node:crypto';
import {
  WEBHOOK_MESSAGES,
  type CreatedWebhookEndpoint,
  type WebhookDelivery,
} from '@crewdesk/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/index.ts';
import { asUser, createTestApp, type SignedInUser, type TestApp } from '../../../test/build-app.ts';
import { startHttpStub, type HttpStub } from '../../../test/http-stub.ts';
import { colleagueOf, createJobAs } from '../../../test/jobs.ts';
import { until } from '../../../test/live.ts';
import { ownerWithBusinessProfile } from '../../../test/requests.ts';
import { pinnedPost } from './pinned-post.ts';
import { assertDeliverable, isPrivateAddress, pinnedLookup } from './webhook-address.ts';

/** What a receiver checks (Standard Webhooks): the signature over id, timestamp and body. */
function verify(secret: string, headers: Record<string, unknown>, body: string): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signed = `${String(headers['webhook-id'])}.${String(headers['webhook-timestamp'])}.${body}`;
  const expected = createHmac('sha256', key).update(signed).digest('base64');
  return String(headers['webhook-signature']).split(' ').includes(`v1,${expected}`);
}

describe('outgoing webhooks', () => {
  let t: TestApp;
  let open: TestApp;
  let receiver: HttpStub;
  beforeAll(async () => {
    // The receiver is on loopback: the app under test allows private addresses; `t` does not.
    t = await createTestApp();
    open = await createTestApp({ webhooksAllowPrivate: true });
    receiver = await startHttpStub();
  });
  afterAll(async () => {
    await receiver.close();
    await open.close();
    await t.close();
  });

  async function addEndpoint(
    app: TestApp,
    owner: SignedInUser,
    path: string,
    eventTypes = ['job.note_added'],
  ): Promise<CreatedWebhookEndpoint> {
    const res = await asUser(app.app, owner, {
      method: 'POST',
      url: '/api/webhooks',
      payload: { url: `${receiver.url}${path}`, eventTypes },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  const deliveriesOf = (app: TestApp, endpointId: string) =>
    app.app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));

  it('when an event the endpoint asked for happens, then it is POSTed once, signed', async () => {
    const owner = await ownerWithBusinessProfile(open.app);
    receiver.routes.set('/ok', () => ({ status: 204, body: '' }));
    const endpoint = await addEndpoint(open, owner, '/ok');
    expect(endpoint.secret).toMatch(/^whsec_/);
    const job = await createJobAs(open.app, owner);
    const note = await asUser(open.app, owner, {
      method: 'POST',
      url: `/api/jobs/${job.id}/notes`,
      payload: { text: 'Keys under the mat.' },
    });
    expect(note.statusCode).toBeLessThan(300);
    await open.app.events.idle();

    await until(
      async () => (await deliveriesOf(open, endpoint.id))[0]?.status === 'succeeded',
      'delivered',
    );
    const sent = receiver.requests.filter((r) => r.path === '/ok');
    expect(sent).toHaveLength(1);
    const body = JSON.parse(sent[0]!.body);
    expect(body).toMatchObject({
      type: 'job.note_added',
      data: { accountId: owner.accountId, subject: 'job', subjectId: job.id, payload: {} },
    });
    // Ids only: the note's words are not in it.
    expect(sent[0]!.body).not.toContain('Keys under the mat');
    expect(verify(endpoint.secret, sent[0]!.headers, sent[0]!.body)).toBe(true);
    expect(
      verify('whsec_' + Buffer.alloc(24).toString('base64'), sent[0]!.headers, sent[0]!.body),
    ).toBe(false);
    // The job created before the endpoint asked for nothing else: one delivery only.
    expect(await deliveriesOf(open, endpoint.id)).toHaveLength(1);
  });

  it('when the endpoint answers 500, then the delivery is retried until it succeeds, and never sent again', async () => {
    const owner = await ownerWithBusinessProfile(open.app);
    let calls = 0;
    receiver.routes.set('/flaky', () => {
      calls += 1;
      return calls === 1 ? { status: 500, body: { error: 'down' } } : { status: 200, body: {} };
    });
    const endpoint = await addEndpoint(open, owner, '/flaky');
    const test = await asUser(open.app, owner, {
      method: 'POST',
      url: `/api/webhooks/${endpoint.id}/test`,
    });
    expect(test.statusCode, test.body).toBe(202);
    const delivery: WebhookDelivery = test.json();
    expect(delivery).toMatchObject({ eventType: 'webhook.test', status: 'pending' });

    await until(
      async () => (await deliveriesOf(open, endpoint.id))[0]?.status === 'succeeded',
      'retried',
    );
    const [row] = await deliveriesOf(open, endpoint.id);
    expect(row).toMatchObject({ attempts: 2, responseStatus: 200, lastError: null });
    // Another job for the same delivery (a duplicate) sends nothing.
    const { deliver } = await import('./webhooks.service.ts');
    await deliver(
      { db: open.app.db, allowPrivate: true, now: () => new Date(), log: open.app.log },
      row!.id,
      false,
    );
    expect(calls).toBe(2);

    const log = await asUser(open.app, owner, {
      method: 'GET',
      url: `/api/webhooks/${endpoint.id}/deliveries`,
    });
    expect(log.json().items).toEqual([
      expect.objectContaining({
        id: row!.id,
        status: 'succeeded',
        attempts: 2,
        responseStatus: 200,
      }),
    ]);
  });

  it('when the address is private and the setting does not allow it, then it is refused', async () => {
    const owner = await ownerWithBusinessProfile(t.app);
    for (const url of [
      `${receiver.url}/x`,
      'http://10.1.2.3/hook',
      'http://[::1]:8080/',
      'http://169.254.169.254/latest',
      // IPv4 inside IPv6: compatible, mapped, NAT64 and 6to4 forms of 127.0.0.1.
      'http://[::127.0.0.1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://[64:ff9b::7f00:1]/hook',
      'http://[2002:7f00:1::]/hook',
    ]) {
      const res = await asUser(t.app, owner, {
        method: 'POST',
        url: '/api/webhooks',
        payload: { url, eventTypes: ['job.created'] },
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toBe(WEBHOOK_MESSAGES.privateAddress);
    }
    const stored = await t.app.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.accountId, owner.accountId));
    expect(stored).toEqual([]);
    expect(isPrivateAddress('::ffff:127.0.0.1')).toBe(true);
    expect(isPrivateAddress('93.184.216.34')).toBe(false);
    expect(isPrivateAddress('2606:4700:4700::1111')).toBe(false);
  });

  it('when a name is checked, then the delivery connects to the addresses checked, not to what the name resolves to later', async () => {
    // A name that resolved to a public address when checked…
    const checked = await assertDeliverable('http://hooks.rebind.test/x', false, async () => [
      { address: '203.0.113.7', family: 4 },
    ]);
    const answered = await new Promise<string>((resolve, reject) =>
      checked.lookup!('hooks.rebind.test', { family: 0 }, (error, address) =>
        error ? reject(error) : resolve(address as string),
      ),
    );
    expect(answered).toBe('203.0.113.7');
    // …and one that resolves inside is refused before anything is sent.
    await expect(
      assertDeliverable('http://hooks.rebind.test/x', false, async () => [
        { address: '203.0.113.7', family: 4 },
        { address: '10.0.0.5', family: 4 },
      ]),
    ).rejects.toThrow(WEBHOOK_MESSAGES.privateAddress);
    // The post goes where the lookup it is given says (here the loopback receiver), for a name
    // no resolver knows: the connection never asks DNS again.
    receiver.routes.set('/pinned', () => ({ status: 204, body: '' }));
    const port = new URL(receiver.url).port;
    const answer = await pinnedPost(`http://hooks.rebind.test:${port}/pinned`, {
      headers: { 'content-type': 'application/json' },
      body: '{"ok":true}',
      timeoutMs: 5000,
      lookup: pinnedLookup([{ address: '127.0.0.1', family: 4 }]),
    });
    expect(answer.status).toBe(204);
    expect(receiver.requests.at(-1)).toMatchObject({ path: '/pinned', body: '{"ok":true}' });
  });

  it('when input is bad, then 400 with the message and nothing stored', async () => {
    const owner = await ownerWithBusinessProfile(open.app);
    const cases = [
      { url: 'ftp://example.test/x', eventTypes: ['job.created'] },
      { url: 'https://user:pw@example.test/', eventTypes: ['job.created'] },
      { url: `${receiver.url}/x`, eventTypes: [] },
      { url: `${receiver.url}/x`, eventTypes: ['job.exploded'] },
      { url: `${receiver.url}/${'a'.repeat(2100)}`, eventTypes: ['job.created'] },
    ];
    for (const payload of cases) {
      const res = await asUser(open.app, owner, { method: 'POST', url: '/api/webhooks', payload });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    const list = await asUser(open.app, owner, { method: 'GET', url: '/api/webhooks' });
    expect(list.json()).toEqual({ items: [] });
  });

  it('when another business asks for an endpoint, then 404 and nothing changes', async () => {
    const owner = await ownerWithBusinessProfile(open.app);
    const other = await ownerWithBusinessProfile(open.app);
    receiver.routes.set('/mine', () => ({ status: 200, body: {} }));
    const endpoint = await addEndpoint(open, owner, '/mine');
    const body = { url: `${receiver.url}/theirs`, eventTypes: ['job.created'] };
    for (const request of [
      { method: 'PUT' as const, url: `/api/webhooks/${endpoint.id}`, payload: body },
      { method: 'DELETE' as const, url: `/api/webhooks/${endpoint.id}` },
      { method: 'POST' as const, url: `/api/webhooks/${endpoint.id}/test` },
      { method: 'GET' as const, url: `/api/webhooks/${endpoint.id}/deliveries` },
    ]) {
      const res = await asUser(open.app, other, request);
      expect(res.statusCode, `${request.method} ${request.url}`).toBe(404);
    }
    const [row] = await open.app.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpoint.id));
    expect(row).toMatchObject({ url: `${receiver.url}/mine` });
    expect(await deliveriesOf(open, endpoint.id)).toEqual([]);
  });

  it('when a role other than an admin asks, then 403', async () => {
    const owner = await ownerWithBusinessProfile(open.app);
    for (const role of ['manager', 'sales_person', 'team_leader', 'team_member'] as const) {
      const member = await colleagueOf(open.app, owner, role);
      for (const request of [
        { method: 'GET' as const, url: '/api/webhooks' },
        {
          method: 'POST' as const,
          url: '/api/webhooks',
          payload: { url: `${receiver.url}/x`, eventTypes: ['job.created'] },
        },
      ]) {
        const res = await asUser(open.app, member, request);
        expect(res.statusCode, `${role} ${request.method}`).toBe(403);
      }
    }
  });

  it('when an admin changes, turns off or removes an endpoint, then it says so', async () => {
    const owner = await ownerWithBusinessProfile(open.app);
    receiver.routes.set('/edit', () => ({ status: 200, body: {} }));
    const endpoint = await addEndpoint(open, owner, '/edit');
    const put = await asUser(open.app, owner, {
      method: 'PUT',
      url: `/api/webhooks/${endpoint.id}`,
      payload: {
        url: `${receiver.url}/edit`,
        eventTypes: ['invoice.paid', 'job.created'],
        enabled: false,
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({
      enabled: false,
      eventTypes: ['invoice.paid', 'job.created'],
    });
    expect(put.json()).not.toHaveProperty('secret');
    // Off: a job created now is delivered nowhere.
    await createJobAs(open.app, owner);
    await open.app.events.idle();
    expect(await deliveriesOf(open, endpoint.id)).toEqual([]);
    const del = await asUser(open.app, owner, {
      method: 'DELETE',
      url: `/api/webhooks/${endpoint.id}`,
    });
    expect(del.statusCode).toBe(204);
    const list = await asUser(open.app, owner, { method: 'GET', url: '/api/webhooks' });
    expect(list.json()).toEqual({ items: [] });
  });
});
