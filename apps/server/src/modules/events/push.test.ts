import { createECDH, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import tls from 'node:tls';
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../../db/schema/index.ts';
import { asUser, createTestApp, type TestApp } from '../../../test/build-app.ts';
import { startHttpStub, type HttpStub } from '../../../test/http-stub.ts';
import { colleagueOf, createJobAs } from '../../../test/jobs.ts';
import { until } from '../../../test/live.ts';
import { ownerWithBusinessProfile } from '../../../test/requests.ts';

// web-push's own decryption library, to read the message back as the browser would.
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(body: Buffer, options: Record<string, unknown>): Buffer;
};

/** A browser's push keys: its P-256 key pair and auth secret, as PushSubscription.toJSON has them. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    json: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
}

describe('Web Push', () => {
  let t: TestApp;
  let off: TestApp;
  let pushService: HttpStub;
  const vapid = webpush.generateVAPIDKeys();
  beforeAll(async () => {
    // The stand-in push service is on loopback: the app allows private addresses.
    t = await createTestApp({
      vapid: { ...vapid, subject: 'mailto:office@example.test' },
      webhooksAllowPrivate: true,
    });
    off = await createTestApp();
    // Push services speak only https: the stand-in has a certificate this process trusts.
    pushService = await startHttpStub({ tls: true });
    tls.setDefaultCACertificates([...tls.getCACertificates('default'), pushService.certificate!]);
  });
  afterAll(async () => {
    await pushService.close();
    await off.close();
    await t.close();
  });

  it('when a member turned push on and a visit is assigned to them, then their browser gets it, encrypted and signed', async () => {
    const owner = await ownerWithBusinessProfile(t.app);
    const member = await colleagueOf(t.app, owner, 'team_member');
    const config = await asUser(t.app, member, { method: 'GET', url: '/api/push/config' });
    expect(config.json()).toEqual({ enabled: true, publicKey: vapid.publicKey });
    const keys = browserKeys();
    pushService.routes.set('/push/abc', () => ({ status: 201, body: '' }));
    const subscribed = await asUser(t.app, member, {
      method: 'POST',
      url: '/api/push/subscriptions',
      payload: { endpoint: `${pushService.url}/push/abc`, keys: keys.json },
    });
    expect(subscribed.statusCode, subscribed.body).toBe(204);

    const job = await createJobAs(t.app, owner, { title: 'Stairwell clean' });
    const moved = await asUser(t.app, owner, {
      method: 'PATCH',
      url: `/api/jobs/${job.id}/schedule`,
      payload: {
        startsAt: '2026-12-01T09:00:00',
        fromAssigneeId: null,
        toAssigneeId: member.employeeId,
        version: job.version,
      },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await t.app.events.idle();

    await until(() => pushService.requests.some((r) => r.path === '/push/abc'), 'a push');
    const push = pushService.requests.find((r) => r.path === '/push/abc')!;
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers.ttl).toBe('3600');
    expect(String(push.headers.authorization)).toMatch(/^vapid t=.+, k=/);
    const message = JSON.parse(
      ece
        .decrypt(push.raw, { version: 'aes128gcm', privateKey: keys.ecdh, authSecret: keys.auth })
        .toString('utf8'),
    );
    expect(message).toEqual({
      title: 'Visit assigned to you: Stairwell clean',
      body: 'You were assigned to this visit.',
      url: `http://localhost:3000/jobs/${job.id}`,
    });
  });

  it('when the push service says a browser is gone, then its subscription is deleted', async () => {
    const owner = await ownerWithBusinessProfile(t.app);
    const member = await colleagueOf(t.app, owner, 'team_member');
    pushService.routes.set('/push/gone', () => ({ status: 410, body: '' }));
    const subscribed = await asUser(t.app, member, {
      method: 'POST',
      url: '/api/push/subscriptions',
      payload: { endpoint: `${pushService.url}/push/gone`, keys: browserKeys().json },
    });
    expect(subscribed.statusCode, subscribed.body).toBe(204);
    const job = await createJobAs(t.app, owner);
    await asUser(t.app, owner, {
      method: 'PATCH',
      url: `/api/jobs/${job.id}/schedule`,
      payload: {
        startsAt: null,
        fromAssigneeId: null,
        toAssigneeId: member.employeeId,
        version: job.version,
      },
    });
    await t.app.events.idle();
    const left = async () =>
      (
        await t.app.db
          .select()
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.userId, member.userId))
      ).length;
    await until(async () => (await left()) === 0, 'the gone subscription deleted');
  });

  it('when a browser turns push off, or sends a bad subscription, then it is gone or refused', async () => {
    const owner = await ownerWithBusinessProfile(t.app);
    const endpoint = `${pushService.url}/push/off`;
    const on = await asUser(t.app, owner, {
      method: 'POST',
      url: '/api/push/subscriptions',
      payload: { endpoint, keys: browserKeys().json },
    });
    expect(on.statusCode, on.body).toBe(204);
    expect(
      await t.app.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, owner.userId)),
    ).toHaveLength(1);
    const removed = await asUser(t.app, owner, {
      method: 'DELETE',
      url: '/api/push/subscriptions',
      payload: { endpoint },
    });
    expect(removed.statusCode).toBe(204);
    expect(
      await t.app.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, owner.userId)),
    ).toEqual([]);
    // A plain-http push address is refused where private addresses are not allowed.
    const plainHttp = await asUser(off.app, await ownerWithBusinessProfile(off.app), {
      method: 'POST',
      url: '/api/push/subscriptions',
      payload: { endpoint: 'http://push.example.test/x', keys: browserKeys().json },
    });
    expect(plainHttp.statusCode).toBe(400);
    expect(plainHttp.json().message).toBe('The push address must start with https://.');
    for (const payload of [
      { endpoint: 'ftp://push.example.test/x', keys: browserKeys().json },
      { endpoint, keys: { p256dh: '', auth: 'x' } },
      { endpoint: `https://${'a'.repeat(2000)}.test`, keys: browserKeys().json },
    ]) {
      const res = await asUser(t.app, owner, {
        method: 'POST',
        url: '/api/push/subscriptions',
        payload,
      });
      expect(res.statusCode).toBe(400);
    }
    // Without VAPID keys the server says push is off.
    const plain = await ownerWithBusinessProfile(off.app);
    const config = await asUser(off.app, plain, { method: 'GET', url: '/api/push/config' });
    expect(config.json()).toEqual({ enabled: false, publicKey: null });
    const settings = await asUser(off.app, plain, {
      method: 'GET',
      url: '/api/notifications/settings',
    });
    expect(settings.json().effective).toContainEqual(
      expect.objectContaining({
        kind: 'visit_assigned',
        channel: 'push',
        available: false,
        enabled: false,
      }),
    );
  });
});
