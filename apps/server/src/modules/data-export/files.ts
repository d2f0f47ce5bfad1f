import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { imageOwnerId, isStoredImageName } from '../../lib/image-store.ts';

// The uploaded files that belong to an account (decision 037): the columns naming them and the
// folder under DATA_DIR/uploads each lives in. Avatars are a person's, not the business's.

export interface FileColumn {
  table: string;
  column: string;
  folder: string;
  /** What the column holds before the file name (the logo's URL prefix). */
  prefix: string;
}

export const FILE_COLUMNS: readonly FileColumn[] = [
  { table: 'job_photos', column: 'file_name', folder: 'job-photos', prefix: '' },
  { table: 'inspection_photos', column: 'file_name', folder: 'inspection-photos', prefix: '' },
  { table: 'inventory_items', column: 'photo_key', folder: 'inventory-photos', prefix: '' },
  { table: 'business_accounts', column: 'logo', folder: 'logos', prefix: '/api/logos/' },
];

export const archiveFilePath = (file: FileColumn, name: string) => `files/${file.folder}/${name}`;

/** The stored file a column value names, or null (no file, or a name that is not ours). */
export function storedName(file: FileColumn, value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith(file.prefix)) return null;
  const name = value.slice(file.prefix.length);
  return isStoredImageName(name) ? name : null;
}

export async function readUpload(
  dataDir: string,
  file: FileColumn,
  name: string,
): Promise<Uint8Array | null> {
  try {
    return await readFile(join(dataDir, 'uploads', file.folder, name));
  } catch {
    // A row whose file is gone (deleted by hand): the archive simply lacks it.
    return null;
  }
}

/**
 * The name an imported file gets: its owner's new id and a fresh random part, as the image store
 * names uploads, so it never collides with the original on the same install.
 */
export function remappedFileName(name: string, newOwnerId: string, randomPart: string): string {
  const ext = name.slice(name.lastIndexOf('.') + 1);
  const owner = imageOwnerId(name);
  if (!owner) throw new Error(`not a stored image name: ${name}`);
  return `${newOwnerId}-${randomPart}.${ext}`;
}
