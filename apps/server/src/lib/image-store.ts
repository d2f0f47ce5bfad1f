import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from './app-error.ts';

/** Uploaded images (profile photos, business logos) up to this size are accepted. */
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;

export const IMAGE_TYPES = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
} as const;

export type ImageType = keyof typeof IMAGE_TYPES;

export const NOT_AN_IMAGE_MESSAGE = 'Choose a PNG, JPEG or WebP image.';

/** The type the bytes really are (the Content-Type header is only the client's claim). */
export function sniffImageType(bytes: Buffer): ImageType | null {
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'image/jpeg';
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'image/webp';
  return null;
}

/**
 * Lets the routes of the calling plugin take a raw PNG, JPEG or WebP body (up to
 * IMAGE_MAX_BYTES) as a Buffer. Parsers are encapsulated: call it once per route plugin.
 */
export function acceptImageBodies(app: FastifyInstance, maxBytes: number = IMAGE_MAX_BYTES): void {
  for (const type of Object.keys(IMAGE_TYPES)) {
    app.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: maxBytes }, (_req, body, done) =>
      done(null, body),
    );
  }
}

/** The uploaded image and its real type; a 400 when the body is anything else. */
export function imageOfBody(body: unknown): { bytes: Buffer; type: ImageType } {
  const type = Buffer.isBuffer(body) ? sniffImageType(body) : null;
  if (!Buffer.isBuffer(body) || !type) throw new AppError('BAD_REQUEST', NOT_AN_IMAGE_MESSAGE);
  return { bytes: body, type };
}

/** A stored file name: the owner's id and a random part, so a new upload gets a new URL. */
const FILE_NAME = /^([0-9a-f-]{36})-([0-9a-f-]{36})\.(png|jpg|webp)$/;

export function isStoredImageName(name: string): boolean {
  return FILE_NAME.test(name);
}

/** The id the file was saved for (a user, a business account), or null for a foreign name. */
export function imageOwnerId(name: string): string | null {
  return FILE_NAME.exec(name)?.[1] ?? null;
}

export function storedImageContentType(name: string): ImageType {
  const ext = FILE_NAME.exec(name)?.[3];
  const entry = Object.entries(IMAGE_TYPES).find(([, e]) => e === ext);
  return (entry?.[0] ?? 'image/png') as ImageType;
}

/** The stored file behind an image URL, when the URL is one of ours under `urlPrefix`. */
export function storedImageName(url: string | null | undefined, urlPrefix: string): string | null {
  return url?.startsWith(urlPrefix) ? url.slice(urlPrefix.length) : null;
}

/** Image files on disk under DATA_DIR/uploads/<folder> (avatars, logos …). */
export class ImageStore {
  private readonly dir: string;

  constructor(dataDir: string, folder: string) {
    // A fixed name of ours, never user input: it must stay one folder under uploads.
    if (!/^[a-z][a-z0-9-]*$/.test(folder)) throw new Error(`Bad upload folder name: ${folder}`);
    this.dir = join(dataDir, 'uploads', folder);
  }

  async save(ownerId: string, type: ImageType, bytes: Buffer): Promise<string> {
    await mkdir(this.dir, { recursive: true });
    const name = `${ownerId}-${randomUUID()}.${IMAGE_TYPES[type]}`;
    await writeFile(join(this.dir, name), bytes);
    return name;
  }

  async read(name: string): Promise<Buffer | null> {
    if (!isStoredImageName(name)) return null;
    try {
      return await readFile(join(this.dir, name));
    } catch {
      return null;
    }
  }

  async remove(name: string): Promise<void> {
    if (!isStoredImageName(name)) return;
    await rm(join(this.dir, name), { force: true });
  }

  /**
   * Puts a new image in the place of the owner's `previous` file: saves it, has `setUrl` point the
   * owner's row at it, and only then deletes the file it replaced, so that a failed step never
   * leaves the row pointing at a missing file. Answers the new URL.
   */
  async replace(change: {
    ownerId: string;
    image: { bytes: Buffer; type: ImageType };
    previous: string | null;
    urlPrefix: string;
    setUrl: (url: string) => Promise<unknown>;
  }): Promise<string> {
    const name = await this.save(change.ownerId, change.image.type, change.image.bytes);
    const url = `${change.urlPrefix}${name}`;
    await change.setUrl(url);
    if (change.previous) await this.remove(change.previous);
    return url;
  }

  /** Takes the owner's image away: the row first (`clearUrl`), then the `previous` file. */
  async clear(previous: string | null, clearUrl: () => Promise<unknown>): Promise<void> {
    await clearUrl();
    if (previous) await this.remove(previous);
  }
}

/**
 * Sends a stored image to the one who may see it. Private, and kept a day without asking again:
 * a new upload gets a new name, so a kept copy is never stale.
 */
export function sendStoredImage(reply: FastifyReply, name: string, bytes: Buffer) {
  return reply
    .header('content-type', storedImageContentType(name))
    .header('cache-control', 'private, max-age=86400, immutable')
    .send(bytes);
}
