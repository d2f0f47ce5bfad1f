import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Avatars up to this size are accepted (a phone photo, cropped, is well below). */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

export const AVATAR_TYPES = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
} as const;

export type AvatarType = keyof typeof AVATAR_TYPES;

/** The type the bytes really are (the Content-Type header is only the client's claim). */
export function sniffImageType(bytes: Buffer): AvatarType | null {
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

/** A stored file name: the owner's id and a random part, so a new upload gets a new URL. */
const FILE_NAME = /^([0-9a-f-]{36})-([0-9a-f-]{36})\.(png|jpg|webp)$/;

export function isAvatarFileName(name: string): boolean {
  return FILE_NAME.test(name);
}

export function avatarContentType(name: string): AvatarType {
  const ext = FILE_NAME.exec(name)?.[3];
  const entry = Object.entries(AVATAR_TYPES).find(([, e]) => e === ext);
  return (entry?.[0] ?? 'image/png') as AvatarType;
}

/** Avatar files live on disk under DATA_DIR/uploads/avatars. */
export class AvatarStore {
  constructor(private readonly dataDir: string) {}

  private get dir(): string {
    return join(this.dataDir, 'uploads', 'avatars');
  }

  async save(userId: string, type: AvatarType, bytes: Buffer): Promise<string> {
    await mkdir(this.dir, { recursive: true });
    const name = `${userId}-${randomUUID()}.${AVATAR_TYPES[type]}`;
    await writeFile(join(this.dir, name), bytes);
    return name;
  }

  async read(name: string): Promise<Buffer | null> {
    if (!isAvatarFileName(name)) return null;
    try {
      return await readFile(join(this.dir, name));
    } catch {
      return null;
    }
  }

  async remove(name: string): Promise<void> {
    if (!isAvatarFileName(name)) return;
    await rm(join(this.dir, name), { force: true });
  }
}
