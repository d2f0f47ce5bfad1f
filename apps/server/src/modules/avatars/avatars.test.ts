import { mkdtempSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, createTestApp, signedInUser, type TestApp } from '../../../test/build-app.ts';
import { JPEG, PNG } from '../../../test/images.ts';
import { colleagueOf } from '../../../test/jobs.ts';
import { users } from '../../db/schema/index.ts';
import { IMAGE_MAX_BYTES } from '../../lib/image-store.ts';

describe('avatar upload', () => {
  let t: TestApp;
  const dataDir = mkdtempSync(join(tmpdir(), 'crewdesk-avatars-'));
  beforeAll(async () => {
    t = await createTestApp({ dataDir });
  });
  afterAll(() => t.close());

  const upload = (user: { cookie: string }, body: Buffer, type = 'image/png') =>
    asUser(t.app, user, {
      method: 'PUT',
      url: '/api/me/avatar',
      headers: { 'content-type': type },
      payload: body,
    });
  const files = () => readdir(join(dataDir, 'uploads', 'avatars')).catch(() => []);

  it('when a user uploads a picture, then it is stored on disk, shown in /api/me and served back', async () => {
    const user = await signedInUser(t.app);
    const res = await upload(user, PNG);
    expect(res.statusCode).toBe(200);
    const { avatarUrl } = res.json();
    expect(avatarUrl).toMatch(/^\/api\/avatars\/.+\.png$/);
    expect(
      (await asUser(t.app, user, { method: 'GET', url: '/api/me' })).json().user.avatarUrl,
    ).toBe(avatarUrl);
    const image = await asUser(t.app, user, { method: 'GET', url: avatarUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);

    // A new picture replaces the old file.
    const second = (await upload(user, JPEG, 'image/jpeg')).json().avatarUrl;
    expect(second).toMatch(/\.jpg$/);
    const names = (await files()).filter((n) => n.startsWith(user.userId));
    expect(names).toEqual([second.split('/').pop()]);

    // Removing it goes back to initials.
    const removed = await asUser(t.app, user, { method: 'DELETE', url: '/api/me/avatar' });
    expect(removed.statusCode).toBe(204);
    expect((await files()).filter((n) => n.startsWith(user.userId))).toEqual([]);
    expect(
      (await asUser(t.app, user, { method: 'GET', url: '/api/me' })).json().user.avatarUrl,
    ).toBeNull();
  });

  it('when the body is not an image, then it is refused with a clear message and nothing changes', async () => {
    const user = await signedInUser(t.app);
    const res = await upload(user, Buffer.from('<svg onload="alert(1)"/>'));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Choose a PNG, JPEG or WebP image.');
    const json = await asUser(t.app, user, {
      method: 'PUT',
      url: '/api/me/avatar',
      payload: { image: 'x' },
    });
    expect(json.statusCode).toBeGreaterThanOrEqual(400);
    expect(json.statusCode).toBeLessThan(500);
    expect(
      (await asUser(t.app, user, { method: 'GET', url: '/api/me' })).json().user.avatarUrl,
    ).toBeNull();
  });

  it('when the picture is over 2 MB, then it answers 413', async () => {
    const user = await signedInUser(t.app);
    const big = Buffer.concat([PNG, Buffer.alloc(IMAGE_MAX_BYTES)]);
    expect((await upload(user, big)).statusCode).toBe(413);
  });

  it('when signed out or asking for a file that is not an avatar, then nothing is served', async () => {
    const user = await signedInUser(t.app);
    const { avatarUrl } = (await upload(user, PNG)).json();
    expect((await t.app.inject({ method: 'GET', url: avatarUrl })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/me/avatar',
          headers: { 'content-type': 'image/png' },
          payload: PNG,
        })
      ).statusCode,
    ).toBe(401);
    const traversal = await asUser(t.app, user, {
      method: 'GET',
      url: '/api/avatars/..%2F..%2F.auth-secret',
    });
    expect(traversal.statusCode).toBe(404);
  });

  describe('who may see a picture', () => {
    const see = (user: { cookie: string }, url: string) =>
      asUser(t.app, user, { method: 'GET', url });

    it('when a user of another business asks for a profile picture by its URL, then 404 and no bytes', async () => {
      const owner = await signedInUser(t.app);
      const { avatarUrl } = (await upload(owner, PNG)).json();
      const stranger = await signedInUser(t.app);
      const res = await see(stranger, avatarUrl);
      expect(res.statusCode).toBe(404);
      expect(res.rawPayload.includes(PNG)).toBe(false);
    });

    it('when a fellow member of the business asks, then they get the picture, both ways', async () => {
      const owner = await signedInUser(t.app);
      const ownerPicture = (await upload(owner, PNG)).json().avatarUrl;
      const member = await colleagueOf(t.app, owner);
      const memberPicture = (await upload(member, JPEG, 'image/jpeg')).json().avatarUrl;

      const seen = await see(member, ownerPicture);
      expect(seen.statusCode).toBe(200);
      expect(seen.rawPayload.equals(PNG)).toBe(true);
      const back = await see(owner, memberPicture);
      expect(back.statusCode).toBe(200);
      expect(back.headers['content-type']).toBe('image/jpeg');
    });

    it("when a user points their profile at another user's picture file, then it is refused, not served, and the file survives their next upload", async () => {
      const victim = await signedInUser(t.app);
      const victimPicture: string = (await upload(victim, PNG)).json().avatarUrl;
      const attacker = await signedInUser(t.app);

      const pointed = await asUser(t.app, attacker, {
        method: 'POST',
        url: '/api/auth/update-user',
        payload: { image: victimPicture },
      });
      expect(pointed.statusCode).toBe(400);
      const me = await asUser(t.app, attacker, { method: 'GET', url: '/api/me' });
      expect(me.json().user.avatarUrl).toBeNull();
      expect((await see(attacker, victimPicture)).statusCode).toBe(404);

      // Even if such a URL were stored, a new upload removes only the user's own old file.
      await t.app.db
        .update(users)
        .set({ image: victimPicture })
        .where(eq(users.id, attacker.userId));
      expect((await upload(attacker, PNG)).statusCode).toBe(200);
      expect(await files()).toContain(victimPicture.split('/').pop());
      expect((await see(victim, victimPicture)).statusCode).toBe(200);
    });
  });
});
