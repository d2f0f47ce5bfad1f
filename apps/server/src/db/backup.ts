import { createReadStream, createWriteStream } from 'node:fs';
import { lstat, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { extract, pack, type Pack } from 'tar-stream';
import { pgliteExtensions } from './client.ts';

/**
 * One backup file (docs/decisions/038): a gzipped tar holding, in this order, a manifest, the
 * embedded database's data dir as PGlite dumps it (itself a tar), the generated auth secret
 * when there is one, and every file under DATA_DIR/uploads.
 */
export const MANIFEST_NAME = 'crewdesk-backup.json';
const DATABASE_NAME = 'pglite.tar';
const SECRET_NAME = '.auth-secret';
const UPLOADS = 'uploads';
const FORMAT = 1;

/** What a backup needs of the running database: a consistent dump of its data dir. */
export type DumpDatabase = () => Promise<Blob>;

/** A backup file that cannot be restored: not one of ours, cut short or damaged. */
export class BackupFileError extends Error {}

/** The data folder restore was pointed at already holds something. */
export class DataDirNotEmptyError extends Error {}

/**
 * Writes the backup of dataDir to out. The database is dumped first and the uploads read after:
 * an upload is on disk before the row naming it commits (lib/image-store), so every file a
 * dumped row points at is already there when the folder is read.
 */
export async function writeBackup(
  dump: DumpDatabase,
  dataDir: string,
  out: Writable,
  now = new Date(),
): Promise<void> {
  const database = Buffer.from(await (await dump()).arrayBuffer());
  const tar = pack();
  const written = pipeline(tar, createGzip(), out);
  const manifest = { format: FORMAT, app: 'crewdesk', createdAt: now.toISOString() };
  await addEntry(tar, MANIFEST_NAME, Buffer.from(JSON.stringify(manifest)));
  await addEntry(tar, DATABASE_NAME, database);
  await addFileIfPresent(tar, join(dataDir, SECRET_NAME), SECRET_NAME);
  for (const file of await listFiles(join(dataDir, UPLOADS))) {
    await addFileIfPresent(tar, file, `${UPLOADS}/${relative(join(dataDir, UPLOADS), file)}`);
  }
  tar.finalize();
  await written;
}

/** Writes the backup into a file, through a temporary name so a half-written one never shows. */
export async function writeBackupFile(
  dump: DumpDatabase,
  dataDir: string,
  file: string,
  now = new Date(),
): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  try {
    await writeBackup(dump, dataDir, createWriteStream(partial, { mode: 0o600 }), now);
    await rename(partial, file);
  } finally {
    await rm(partial, { force: true });
  }
}

/** Dumps an embedded database nobody else has open (the backup command with no server running). */
export async function dumpClosedDatabase(dataDir: string): Promise<Blob> {
  const client = await PGlite.create(join(dataDir, 'pglite'), { extensions: pgliteExtensions });
  try {
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

/**
 * Puts a backup file back into dataDir, which must be missing or empty. On any failure what was
 * written is removed again, so a failed restore leaves the folder as it found it.
 */
export async function restoreBackup(file: string, dataDir: string): Promise<void> {
  await assertEmpty(dataDir);
  await mkdir(dataDir, { recursive: true });
  try {
    const database = await unpack(file, dataDir);
    await loadDatabase(database, join(dataDir, 'pglite'));
  } catch (error) {
    await emptyFolder(dataDir);
    if (error instanceof BackupFileError) throw error;
    throw new BackupFileError(
      `${file} is not a Crewdesk backup, or it is damaged: ${(error as Error).message}`,
    );
  }
}

async function assertEmpty(dataDir: string): Promise<void> {
  const entries = await readdir(dataDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  if (entries.length > 0) {
    throw new DataDirNotEmptyError(
      `The data folder ${dataDir} is not empty (${entries.slice(0, 3).join(', ')}${entries.length > 3 ? ', …' : ''}). ` +
        'Restore only into an empty or new folder: set DATA_DIR to one, or move this one away first.',
    );
  }
}

async function emptyFolder(dataDir: string): Promise<void> {
  for (const entry of await readdir(dataDir).catch(() => [])) {
    await rm(join(dataDir, entry), { recursive: true, force: true });
  }
}

/** Reads the archive: writes the secret and uploads into dataDir, answers the database dump. */
async function unpack(file: string, dataDir: string): Promise<Buffer> {
  const tar = extract();
  const reading = pipeline(createReadStream(file), createGunzip(), tar);
  // A damaged file can end the loop below with the archive's own error before `reading` is
  // awaited; marked as handled now, its rejection cannot crash the process (the loop's error is
  // the one reported then). When the loop ends well, awaiting it still throws.
  reading.catch(() => undefined);
  let manifestSeen = false;
  let database: Buffer | null = null;
  for await (const entry of tar) {
    const name = entry.header.name;
    const bytes = await readAll(entry);
    if (!manifestSeen) {
      assertManifest(file, name, bytes);
      manifestSeen = true;
    } else if (name === DATABASE_NAME) {
      database = bytes;
    } else {
      const target = safeTarget(file, dataDir, name);
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, bytes, { mode: 0o600 });
    }
  }
  await reading;
  if (!manifestSeen || !database) {
    throw new BackupFileError(`${file} is not a Crewdesk backup: it holds no database.`);
  }
  return database;
}

function assertManifest(file: string, name: string, bytes: Buffer): void {
  let manifest: { app?: unknown; format?: unknown } = {};
  try {
    manifest =
      name === MANIFEST_NAME ? (JSON.parse(bytes.toString('utf8')) as typeof manifest) : {};
  } catch {
    // Reported below as not ours.
  }
  if (manifest.app !== 'crewdesk') {
    throw new BackupFileError(`${file} is not a Crewdesk backup (no ${MANIFEST_NAME} first).`);
  }
  if (manifest.format !== FORMAT) {
    throw new BackupFileError(
      `${file} is a backup in format ${String(manifest.format)}, which this version cannot read.`,
    );
  }
}

/** Where an archive entry goes: only the secret or a file under uploads, never outside dataDir. */
function safeTarget(file: string, dataDir: string, name: string): string {
  const target = resolve(dataDir, name);
  const inUploads = target.startsWith(resolve(dataDir, UPLOADS) + sep);
  if (name !== SECRET_NAME && !inUploads) {
    throw new BackupFileError(`${file} holds an unexpected entry: ${name}`);
  }
  return target;
}

async function loadDatabase(dump: Buffer, pgliteDir: string): Promise<void> {
  const client = await PGlite.create(pgliteDir, {
    extensions: pgliteExtensions,
    loadDataDir: new Blob([new Uint8Array(dump)]),
  });
  try {
    // Opens the restored database for real: a damaged dump fails here, not at the next start.
    await client.query('select count(*) from drizzle.__drizzle_migrations');
    await client.exec('CHECKPOINT');
  } finally {
    await client.close();
  }
}

async function readAll(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function addEntry(tar: Pack, name: string, bytes: Buffer): Promise<void> {
  return new Promise((done, fail) => {
    tar.entry({ name, size: bytes.length, mode: 0o600 }, bytes, (error) =>
      error ? fail(error) : done(),
    );
  });
}

/** Adds one file; one deleted meanwhile (a replaced picture) is skipped. */
async function addFileIfPresent(tar: Pack, path: string, name: string): Promise<void> {
  // Read whole (pictures are small), so the size in the header is the size written.
  const bytes = await readFile(path).catch(() => null);
  if (bytes) await addEntry(tar, name, bytes);
}

async function listFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder).catch(() => [] as string[]);
  const files: string[] = [];
  for (const entry of entries.sort()) {
    const path = join(folder, entry);
    const info = await lstat(path);
    if (info.isDirectory()) files.push(...(await listFiles(path)));
    else if (info.isFile()) files.push(path);
  }
  return files;
}
