import { readFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  DATA_EXPORT_FORMAT,
  DATA_EXPORT_TTL_DAYS,
  type DataExport,
  type DataExportManifest,
} from '@crewdesk/domain';
import type { Db, DbOrTx } from '../../db/client.ts';
import { migrationsFolder } from '../../db/client.ts';
import type { AccountActor } from '../../plugins/permissions.ts';
import { businessAccounts } from '../../db/schema/index.ts';
import { notFound, AppError } from '../../lib/app-error.ts';
import {
  csvOfRows,
  jsonBytes,
  jsonSafeRow,
  sha256Of,
  tableEntry,
  zipArchive,
  type ArchiveRow,
} from './archive.ts';
import { recordEvent } from '../events/index.ts';
import * as repo from './data-export.repo.ts';
import { archiveFilePath, FILE_COLUMNS, readUpload, storedName } from './files.ts';
import { EXCLUDED_COLUMNS, EXPORTED_TABLES, tableName } from './tables.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The main lists, also as CSV for a spreadsheet: archive name → table. */
const CSV_LISTS = {
  contacts: 'customers',
  invoices: 'invoices',
  jobs: 'jobs',
  requests: 'requests',
};

/** This install's database version: the latest migration's tag. */
export function currentSchemaVersion(): string {
  const journal = JSON.parse(
    readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { tag: string }[] };
  const last = journal.entries.at(-1);
  if (!last) throw new Error('no migrations in the journal');
  return last.tag;
}

export interface ArchiveSource {
  db: DbOrTx;
  dataDir: string;
  accountId: string;
  now: Date;
  /** Told after each table, 0–100. */
  onProgress?: (percent: number) => Promise<void>;
}

/** The whole account as archive entries (path → bytes), manifest.json included. */
export async function buildArchiveEntries(
  source: ArchiveSource,
): Promise<Record<string, Uint8Array>> {
  const { db, accountId } = source;
  const account = await repo.accountRow(db, accountId);
  if (!account) throw notFound('Business');
  const entries: Record<string, Uint8Array> = {};
  const manifestTables: DataExportManifest['tables'] = {};
  const put = (name: string, rows: ArchiveRow[]) => {
    entries[tableEntry(name)] = jsonBytes(rows);
    manifestTables[name] = { rows: rows.length, sha256: sha256Of(entries[tableEntry(name)]!) };
  };
  const accountRow = withoutExcludedColumns(
    'business_accounts',
    jsonSafeRow(businessAccounts, account),
  );
  put('business_accounts', [accountRow]);
  put('account_members', (await repo.membersOf(db, accountId)).map(jsonSafeMember));
  const tables: Record<string, ArchiveRow[]> = { business_accounts: [accountRow] };
  for (const [index, table] of EXPORTED_TABLES.entries()) {
    const name = tableName(table);
    const rows = (await repo.accountRows(db, table, accountId)).map((row) =>
      withoutExcludedColumns(name, jsonSafeRow(table, row)),
    );
    tables[name] = rows;
    put(name, rows);
    await source.onProgress?.(Math.floor(((index + 1) / EXPORTED_TABLES.length) * 90));
  }
  for (const [list, table] of Object.entries(CSV_LISTS))
    entries[`csv/${list}.csv`] = await csvOfRows(tables[table] ?? []);
  const files = await addFiles(entries, tables, source.dataDir);
  const manifest: DataExportManifest = {
    format: DATA_EXPORT_FORMAT,
    schemaVersion: currentSchemaVersion(),
    exportedAt: source.now.toISOString(),
    account: { id: account.id, name: account.name },
    tables: manifestTables,
    files,
  };
  entries['manifest.json'] = jsonBytes(manifest);
  return entries;
}

async function addFiles(
  entries: Record<string, Uint8Array>,
  tables: Record<string, ArchiveRow[]>,
  dataDir: string,
): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const file of FILE_COLUMNS) {
    for (const row of tables[file.table] ?? []) {
      const name = storedName(file, row[file.column]);
      if (!name) continue;
      const bytes = await readUpload(dataDir, file, name);
      if (!bytes) continue;
      const path = archiveFilePath(file, name);
      entries[path] = bytes;
      files[path] = sha256Of(bytes);
    }
  }
  return files;
}

function withoutExcludedColumns(table: string, row: ArchiveRow): ArchiveRow {
  const excluded = EXCLUDED_COLUMNS[table];
  if (!excluded) return row;
  return Object.fromEntries(Object.entries(row).filter(([column]) => !(column in excluded)));
}

function jsonSafeMember(member: Awaited<ReturnType<typeof repo.membersOf>>[number]): ArchiveRow {
  return {
    ...member,
    created_at: member.created_at.toISOString(),
    deactivated_at: member.deactivated_at?.toISOString() ?? null,
  };
}

// ---------------------------------------------------------------------------------------------
// The export job and its rows

export const exportPath = (id: string) => join('exports', `${id}.zip`);

export function exportView(row: repo.DataExportRow): DataExport {
  return {
    id: row.id,
    status: row.status,
    progress: row.progress,
    sizeBytes: row.sizeBytes,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

export async function requestExport(
  db: Db,
  actor: AccountActor,
  now: Date,
  queue: (id: string) => Promise<unknown>,
): Promise<DataExport> {
  const row = await repo.insertExport(db, {
    accountId: actor.accountId,
    requestedBy: actor.userId,
    expiresAt: new Date(now.getTime() + DATA_EXPORT_TTL_DAYS * DAY_MS),
  });
  await queue(row.id);
  return exportView(row);
}

/** Runs one export: the archive to DATA_DIR/exports/<id>.zip, progress told on its row. */
export async function runExport(deps: ExportDeps, id: string) {
  const row = await repo.findExportForJob(deps.db, id);
  if (!row || row.status === 'ready') return;
  await repo.updateExport(deps.db, id, { status: 'running', progress: 0, error: null });
  try {
    const archive = await writeArchive(deps, row);
    // Deleted while it was being made: the file has no row to expire with, so it goes now.
    if (!(await markReady(deps.db, row, archive)))
      await rm(join(deps.dataDir, archive.path), { force: true });
  } catch (error) {
    await repo.updateExport(deps.db, id, {
      status: 'failed',
      error: error instanceof Error ? error.message.slice(0, 2000) : 'The export failed.',
    });
    throw error;
  }
}

interface ExportDeps {
  db: Db;
  dataDir: string;
  now: () => Date;
}

async function writeArchive(
  deps: ExportDeps,
  row: repo.DataExportRow,
): Promise<{ path: string; sizeBytes: number }> {
  const entries = await buildArchiveEntries({
    db: deps.db,
    dataDir: deps.dataDir,
    accountId: row.accountId,
    now: deps.now(),
    onProgress: (progress) =>
      repo.updateExport(deps.db, row.id, { progress }).then(() => undefined),
  });
  const zip = zipArchive(entries);
  const path = exportPath(row.id);
  await mkdir(join(deps.dataDir, 'exports'), { recursive: true });
  await writeFile(join(deps.dataDir, path), zip);
  return { path, sizeBytes: zip.byteLength };
}

/**
 * The row and its ledger event together: the admins are told once the archive can be had.
 * False when the row is gone (deleted meanwhile): then nobody is told.
 */
async function markReady(
  db: Db,
  row: repo.DataExportRow,
  archive: { path: string; sizeBytes: number },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const updated = await repo.updateExport(tx, row.id, {
      status: 'ready',
      progress: 100,
      filePath: archive.path,
      sizeBytes: archive.sizeBytes,
    });
    if (!updated) return false;
    await recordEvent(tx, {
      accountId: row.accountId,
      type: 'data_export.ready',
      subjectId: row.id,
      // The job made it, not the admin who asked: the one who asked is told too.
      actorUserId: null,
    });
    return true;
  });
}

export async function listExports(db: Db, actor: AccountActor) {
  return { items: (await repo.listExports(db, actor.accountId)).map(exportView) };
}

/** The ready archive's path on disk; 404 for another account's, 410 once expired. */
export async function downloadablePath(
  db: Db,
  actor: AccountActor,
  id: string,
  now: Date,
  dataDir: string,
): Promise<string> {
  const row = await repo.findExport(db, actor.accountId, id);
  if (!row) throw notFound('Export');
  if (row.expiresAt <= now) throw new AppError('GONE', 'This export has expired. Make a new one.');
  if (row.status !== 'ready' || !row.filePath)
    throw new AppError('CONFLICT', 'This export is not ready yet.');
  return join(dataDir, row.filePath);
}

export async function deleteExport(db: Db, actor: AccountActor, id: string, dataDir: string) {
  const row = await repo.findExport(db, actor.accountId, id);
  if (!row) throw notFound('Export');
  await repo.deleteExport(db, actor.accountId, id);
  if (row.filePath) await rm(join(dataDir, row.filePath), { force: true });
}

/** Deletes the archives past their expiry, files and rows. Answers how many. */
export async function sweepExpiredExports(db: Db, dataDir: string, now: Date): Promise<number> {
  const expired = await repo.expiredExports(db, now);
  for (const row of expired)
    if (row.filePath) await rm(join(dataDir, row.filePath), { force: true });
  await repo.deleteExportsById(
    db,
    expired.map((row) => row.id),
  );
  return expired.length;
}
