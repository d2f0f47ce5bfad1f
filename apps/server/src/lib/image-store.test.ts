import { mkdtempSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JPEG, PNG, WEBP } from '../../test/images.ts';
import {
  ImageStore,
  imageOfBody,
  imageOwnerId,
  sniffImageType,
  storedImageContentType,
  storedImageName,
} from './image-store.ts';

describe('sniffImageType', () => {
  it.each([
    [PNG, 'image/png'],
    [JPEG, 'image/jpeg'],
    [WEBP, 'image/webp'],
    [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), null],
    [Buffer.alloc(0), null],
  ])('%#: reads the type from the bytes', (bytes, type) => {
    expect(sniffImageType(bytes)).toBe(type);
  });
});

describe('imageOfBody', () => {
  it('when the body is an image, then it gives the bytes and their real type', () => {
    expect(imageOfBody(JPEG)).toEqual({ bytes: JPEG, type: 'image/jpeg' });
  });

  it.each([[Buffer.from('GIF89a')], [{ image: 'x' }], [undefined]])(
    '%#: when the body is not a PNG, JPEG or WebP, then it is a 400 with the spec text',
    (body) => {
      expect(() => imageOfBody(body)).toThrowError(
        expect.objectContaining({
          code: 'BAD_REQUEST',
          message: 'Choose a PNG, JPEG or WebP image.',
        }),
      );
    },
  );
});

describe('ImageStore', () => {
  const ownerId = crypto.randomUUID();

  it('when images of two kinds are saved, then each lives in its own folder under uploads', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'crewdesk-images-'));
    const avatars = new ImageStore(dataDir, 'avatars');
    const logos = new ImageStore(dataDir, 'logos');

    const avatar = await avatars.save(ownerId, 'image/png', PNG);
    const logo = await logos.save(ownerId, 'image/webp', WEBP);

    expect(avatar).toMatch(new RegExp(`^${ownerId}-[0-9a-f-]{36}\\.png$`));
    expect(logo).toMatch(/\.webp$/);
    expect(await readdir(join(dataDir, 'uploads', 'avatars'))).toEqual([avatar]);
    expect(await readdir(join(dataDir, 'uploads', 'logos'))).toEqual([logo]);
    expect((await avatars.read(avatar))?.equals(PNG)).toBe(true);
    expect(await avatars.read(logo)).toBeNull();
    expect(imageOwnerId(logo)).toBe(ownerId);
    expect(storedImageContentType(logo)).toBe('image/webp');

    await logos.remove(logo);
    expect(await readdir(join(dataDir, 'uploads', 'logos'))).toEqual([]);
    expect(await avatars.read(avatar)).not.toBeNull();
  });

  it('when a name is not one the store made, then nothing is read or removed', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'crewdesk-images-'));
    const store = new ImageStore(dataDir, 'logos');
    expect(await store.read('../../.auth-secret')).toBeNull();
    expect(await store.read(`${ownerId}-${crypto.randomUUID()}.png`)).toBeNull();
    await expect(store.remove('../avatars/x.png')).resolves.toBeUndefined();
    expect(imageOwnerId('../x.png')).toBeNull();
  });

  it('when the folder name is not a plain name, then the store refuses to be made', () => {
    expect(() => new ImageStore('/tmp', '../secrets')).toThrow(/folder/);
  });

  it('reads the file name only from our own URLs', () => {
    expect(storedImageName('/api/logos/a.png', '/api/logos/')).toBe('a.png');
    expect(storedImageName('https://example.test/a.png', '/api/logos/')).toBeNull();
    expect(storedImageName(null, '/api/logos/')).toBeNull();
  });
});
