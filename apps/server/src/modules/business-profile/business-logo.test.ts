import { mkdtempSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessAccounts } from '../../db/schema/index.ts';
import { IMAGE_MAX_BYTES } from '../../lib/image-store.ts';
import {
  asUser,
  createTestApp,
  memberActingFor,
  signedInUser,
  type SignedInUser,
  type TestApp,
} from '../../../test/build-app.ts';
import { JPEG, PNG } from '../../../test/images.ts';

describe('business logo', () => {
  let t: TestApp;
  const dataDir = mkdtempSync(join(tmpdir(), 'crewdesk-logos-'));
  beforeAll(async () => {
    t = await createTestApp({ dataDir });
  });
  afterAll(() => t.close());

  const upload = (user: SignedInUser, body: Buffer, type = 'image/png') =>
    asUser(t.app, user, {
      method: 'PUT',
      url: '/api/business-profile/logo',
      headers: { 'content-type': type },
      payload: body,
    });
  const filesOf = async (accountId: string) =>
    (await readdir(join(dataDir, 'uploads', 'logos')).catch(() => [] as string[])).filter((n) =>
      n.startsWith(accountId),
    );
  const storedLogo = async (accountId: string) => {
    const [row] = await t.app.db
      .select({ logo: businessAccounts.logo })
      .from(businessAccounts)
      .where(eq(businessAccounts.id, accountId));
    return row?.logo;
  };
  const profileLogo = async (user: SignedInUser) =>
    (await asUser(t.app, user, { method: 'GET', url: '/api/business-profile' })).json().logoUrl;

  /** A second user with `role` in the owner's business, acting in it. */
  it('when an owner uploads a logo, then it is stored on disk and on the account, shown in the profile and served to members', async () => {
    const owner = await signedInUser(t.app);
    expect(await profileLogo(owner)).toBeNull();

    const res = await upload(owner, PNG);
    expect(res.statusCode).toBe(200);
    const { logoUrl } = res.json();
    expect(logoUrl).toMatch(new RegExp(`^/api/logos/${owner.accountId}-[0-9a-f-]{36}\\.png$`));
    expect(await storedLogo(owner.accountId)).toBe(logoUrl);
    expect(await filesOf(owner.accountId)).toEqual([logoUrl.split('/').pop()]);
    expect(await profileLogo(owner)).toBe(logoUrl);

    const worker = await memberActingFor(t.app, owner, 'team_member');
    expect(await profileLogo(worker)).toBe(logoUrl);
    const image = await asUser(t.app, worker, { method: 'GET', url: logoUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);
  });

  it('when an admin replaces and then removes the logo, then the old file goes each time', async () => {
    const owner = await signedInUser(t.app);
    const admin = await memberActingFor(t.app, owner, 'admin');
    const first = (await upload(owner, PNG)).json().logoUrl;

    const second = await upload(admin, JPEG, 'image/jpeg');
    expect(second.statusCode).toBe(200);
    const secondUrl = second.json().logoUrl;
    expect(secondUrl).toMatch(/\.jpg$/);
    expect(await filesOf(owner.accountId)).toEqual([secondUrl.split('/').pop()]);
    expect((await asUser(t.app, owner, { method: 'GET', url: first })).statusCode).toBe(404);

    const removed = await asUser(t.app, admin, {
      method: 'DELETE',
      url: '/api/business-profile/logo',
    });
    expect(removed.statusCode).toBe(204);
    expect(await filesOf(owner.accountId)).toEqual([]);
    expect(await storedLogo(owner.accountId)).toBeNull();
    expect(await profileLogo(owner)).toBeNull();
    // Removing again is harmless.
    expect(
      (await asUser(t.app, admin, { method: 'DELETE', url: '/api/business-profile/logo' }))
        .statusCode,
    ).toBe(204);
  });

  it('when the body is not an image, then it answers 400 with the spec text and nothing changes', async () => {
    const owner = await signedInUser(t.app);
    const logoUrl = (await upload(owner, PNG)).json().logoUrl;

    const svg = await upload(owner, Buffer.from('<svg onload="alert(1)"/>'));
    expect(svg.statusCode).toBe(400);
    expect(svg.json()).toEqual({
      code: 'BAD_REQUEST',
      message: 'Choose a PNG, JPEG or WebP image.',
    });
    const json = await asUser(t.app, owner, {
      method: 'PUT',
      url: '/api/business-profile/logo',
      payload: { logo: 'x' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe('Choose a PNG, JPEG or WebP image.');
    expect(await storedLogo(owner.accountId)).toBe(logoUrl);
    expect(await filesOf(owner.accountId)).toHaveLength(1);
  });

  it('when the logo is over 2 MB, then it answers 413 and nothing is stored', async () => {
    const owner = await signedInUser(t.app);
    const res = await upload(owner, Buffer.concat([PNG, Buffer.alloc(IMAGE_MAX_BYTES)]));
    expect(res.statusCode).toBe(413);
    expect(await storedLogo(owner.accountId)).toBeNull();
    expect(await filesOf(owner.accountId)).toEqual([]);
  });

  it("when a user of another business asks for this business's logo, then it is not found", async () => {
    const owner = await signedInUser(t.app);
    const stranger = await signedInUser(t.app);
    const logoUrl = (await upload(owner, PNG)).json().logoUrl;
    const res = await asUser(t.app, stranger, { method: 'GET', url: logoUrl });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Logo not found.' });
    // The stranger's own upload and removal touch only their own business.
    await upload(stranger, JPEG, 'image/jpeg');
    await asUser(t.app, stranger, { method: 'DELETE', url: '/api/business-profile/logo' });
    expect(await storedLogo(owner.accountId)).toBe(logoUrl);
    expect(await filesOf(owner.accountId)).toHaveLength(1);
  });

  it.each(['manager', 'team_member', 'sales_person'] as const)(
    'when a %s uploads or removes the logo, then it answers 403 and nothing changes',
    async (role) => {
      const user = await signedInUser(t.app, { role });
      const put = await upload(user, PNG);
      expect(put.statusCode).toBe(403);
      const del = await asUser(t.app, user, {
        method: 'DELETE',
        url: '/api/business-profile/logo',
      });
      expect(del.statusCode).toBe(403);
      expect(await storedLogo(user.accountId)).toBeNull();
      expect(await filesOf(user.accountId)).toEqual([]);
    },
  );

  it('when a team member reads the logo set by the owner and tries to remove it, then they see it but cannot remove it', async () => {
    const owner = await signedInUser(t.app);
    const logoUrl = (await upload(owner, PNG)).json().logoUrl;
    const worker = await memberActingFor(t.app, owner, 'team_member');
    expect(
      (await asUser(t.app, worker, { method: 'DELETE', url: '/api/business-profile/logo' }))
        .statusCode,
    ).toBe(403);
    expect(await storedLogo(owner.accountId)).toBe(logoUrl);
  });

  it('when signed out or asking for a file that is not a logo, then nothing is served', async () => {
    const owner = await signedInUser(t.app);
    const logoUrl = (await upload(owner, PNG)).json().logoUrl;
    expect((await t.app.inject({ method: 'GET', url: logoUrl })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/business-profile/logo',
          headers: { 'content-type': 'image/png' },
          payload: PNG,
        })
      ).statusCode,
    ).toBe(401);
    const traversal = await asUser(t.app, owner, {
      method: 'GET',
      url: '/api/logos/..%2F..%2F.auth-secret',
    });
    expect(traversal.statusCode).toBe(404);
    // An avatar file name is not a logo.
    const avatar = await asUser(t.app, owner, {
      method: 'PUT',
      url: '/api/me/avatar',
      headers: { 'content-type': 'image/png' },
      payload: PNG,
    });
    const avatarName = avatar.json().avatarUrl.split('/').pop();
    expect(
      (await asUser(t.app, owner, { method: 'GET', url: `/api/logos/${avatarName}` })).statusCode,
    ).toBe(404);
  });
});
