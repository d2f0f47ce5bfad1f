import { createHash } from 'node:crypto';
import { strToU8, strFromU8, unzipSync, zipSync, type Zippable } from 'fflate';
import { getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { AppError } from '../../lib/app-error.ts';
import { formulaSafeCsv } from '../../lib/csv.ts';

// The archive's bytes (decision 037): a zip of manifest.json, tables/<table>.json, csv/<list>.csv
// and files/<upload folder>/<name>. Rows are keyed by the database's column names.

export type ArchiveRow = Record<string, unknown>;

export const sha256Of = (bytes: Uint8Array): string =>
  createHash('sha256').update(bytes).digest('hex');

/** A drizzle row as JSON: database column names, timestamps in ISO, bigints as strings. */
export function jsonSafeRow(table: PgTable, row: Record<string, unknown>): ArchiveRow {
  const out: ArchiveRow = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    out[column.name] = jsonSafeValue(row[key]);
  }
  return out;
}

function jsonSafeValue(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  return value ?? null;
}

export const tableEntry = (name: string) => `tables/${name}.json`;

export const jsonBytes = (value: unknown): Uint8Array => strToU8(JSON.stringify(value, null, 1));

export function zipArchive(entries: Record<string, Uint8Array>): Uint8Array {
  const zippable: Zippable = {};
  // Photos are JPEG/PNG already: storing them is as small as deflating them, and faster.
  for (const [path, bytes] of Object.entries(entries))
    zippable[path] = [bytes, { level: path.startsWith('files/') ? 0 : 6 }];
  return zipSync(zippable);
}

/** An archive may unpack to this much at most: a small zip of zeros must not fill the memory. */
export const MAX_UNZIPPED_BYTES = 1024 ** 3;

const TOO_LARGE = new AppError(
  'PAYLOAD_TOO_LARGE',
  'This archive unpacks to more than 1 GB: it is not one Crewdesk can import.',
);

/** The archive's entries, or null when the bytes are not a (complete) zip. */
export function unzipArchive(
  bytes: Uint8Array,
  maxUnzipped: number = MAX_UNZIPPED_BYTES,
): Record<string, Uint8Array> | null {
  let total = 0;
  try {
    return unzipSync(bytes, {
      // Sizes from the zip's directory, read before anything is inflated.
      filter: (file) => {
        total += file.originalSize;
        if (total > maxUnzipped) throw TOO_LARGE;
        return true;
      },
    });
  } catch (error) {
    if (error === TOO_LARGE) throw error;
    return null;
  }
}

export function parseJsonEntry(bytes: Uint8Array | undefined): unknown {
  if (!bytes) return undefined;
  try {
    return JSON.parse(strFromU8(bytes)) as unknown;
  } catch {
    return undefined;
  }
}

/** A list as CSV through the app's one formula-safe writer; objects are written as JSON. */
export async function csvOfRows(rows: readonly ArchiveRow[]): Promise<Uint8Array> {
  const header = Object.keys(rows[0] ?? {});
  const writer = formulaSafeCsv();
  const chunks: string[] = [];
  writer.on('data', (chunk: Buffer | string) => chunks.push(String(chunk)));
  const finished = new Promise<void>((resolve, reject) => {
    writer.on('end', resolve);
    writer.on('error', reject);
  });
  if (header.length > 0) writer.write(header);
  for (const row of rows) writer.write(header.map((name) => csvCell(row[name])));
  writer.end();
  await finished;
  return strToU8(chunks.join(''));
}

function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value as string);
}
