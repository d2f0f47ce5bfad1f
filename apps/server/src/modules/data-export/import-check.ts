import {
  DATA_IMPORT_MESSAGES,
  dataExportManifestSchema,
  schemaVersionProblem,
  type DataExportManifest,
} from '@crewdesk/domain';
import { getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { AppError } from '../../lib/app-error.ts';
import { parseJsonEntry, sha256Of, tableEntry, unzipArchive, type ArchiveRow } from './archive.ts';
import { currentSchemaVersion } from './export.service.ts';
import { EXPORTED_TABLES, exportedTableByName, tableName } from './tables.ts';

// Checking an archive before anything is written (decision 037). An archive that is not one of
// ours, or of another database version, is refused at once (400); a damaged one (checksums,
// counts, rows) is listed as problems: a dry run shows them, an import refuses them.

/** What an import writes, read from a checked archive. */
export interface ImportPlan {
  manifest: DataExportManifest;
  account: ArchiveRow;
  members: ArchiveRow[];
  tables: Map<string, ArchiveRow[]>;
  files: Map<string, Uint8Array>;
}

const MAX_PROBLEMS = 200;

export function checkArchive(bytes: Uint8Array): { plan: ImportPlan; problems: string[] } {
  const entries = unzipArchive(bytes);
  if (!entries) throw new AppError('BAD_REQUEST', DATA_IMPORT_MESSAGES.notAnArchive);
  const manifest = manifestOf(entries);
  const problems: string[] = [];
  const tables = new Map<string, ArchiveRow[]>();
  for (const name of [...EXPORTED_TABLES.map(tableName), 'business_accounts', 'account_members']) {
    const rows = checkedTable(entries, manifest, name, problems);
    if (rows) tables.set(name, rows);
  }
  for (const name of Object.keys(manifest.tables))
    if (!tables.has(name) && !problems.some((p) => p.includes(`"${name}"`)))
      problems.push(`Table "${name}" is not one this Crewdesk exports.`);
  const files = checkedFiles(entries, manifest, problems);
  const account = tables.get('business_accounts')?.[0] ?? {};
  const members = tables.get('account_members') ?? [];
  tables.delete('business_accounts');
  tables.delete('account_members');
  return {
    plan: { manifest, account, members, tables, files },
    problems: problems.slice(0, MAX_PROBLEMS),
  };
}

function manifestOf(entries: Record<string, Uint8Array>): DataExportManifest {
  if (!entries['manifest.json']) throw new AppError('BAD_REQUEST', DATA_IMPORT_MESSAGES.noManifest);
  const parsed = dataExportManifestSchema.safeParse(parseJsonEntry(entries['manifest.json']));
  if (!parsed.success) throw new AppError('BAD_REQUEST', DATA_IMPORT_MESSAGES.badManifest);
  const versionProblem = schemaVersionProblem(parsed.data.schemaVersion, currentSchemaVersion());
  if (versionProblem) throw new AppError('BAD_REQUEST', versionProblem);
  return parsed.data;
}

function checkedTable(
  entries: Record<string, Uint8Array>,
  manifest: DataExportManifest,
  name: string,
  problems: string[],
): ArchiveRow[] | null {
  const listed = manifest.tables[name];
  const bytes = entries[tableEntry(name)];
  if (!listed || !bytes) {
    problems.push(`Table "${name}" is missing from the archive.`);
    return null;
  }
  if (sha256Of(bytes) !== listed.sha256) {
    problems.push(`Table "${name}" does not match its checksum: the archive was changed.`);
    return null;
  }
  const rows = parseJsonEntry(bytes);
  if (!Array.isArray(rows) || rows.length !== listed.rows) {
    problems.push(`Table "${name}" does not hold the ${listed.rows} rows its manifest lists.`);
    return null;
  }
  const table = exportedTableByName.get(name);
  if (table) rows.forEach((row, index) => checkRow(table, name, row, index, problems));
  return rows as ArchiveRow[];
}

/** A row is an object of the table's columns, with every required column given. */
function checkRow(table: PgTable, name: string, row: unknown, index: number, problems: string[]) {
  if (typeof row !== 'object' || row === null || Array.isArray(row)) {
    problems.push(`Row ${index + 1} of "${name}" is not a record.`);
    return;
  }
  const columns = new Map(Object.values(getTableColumns(table)).map((c) => [c.name, c]));
  const record = row as ArchiveRow;
  for (const key of Object.keys(record))
    if (!columns.has(key))
      problems.push(`Row ${index + 1} of "${name}" has an unknown column ${key}.`);
  for (const column of columns.values()) {
    const required = column.notNull && !column.hasDefault && !column.generatedIdentity;
    if (required && (record[column.name] === null || record[column.name] === undefined))
      problems.push(`Row ${index + 1} of "${name}" lacks ${column.name}.`);
  }
}

function checkedFiles(
  entries: Record<string, Uint8Array>,
  manifest: DataExportManifest,
  problems: string[],
): Map<string, Uint8Array> {
  const files = new Map<string, Uint8Array>();
  for (const [path, sha] of Object.entries(manifest.files)) {
    const bytes = entries[path];
    if (!bytes) problems.push(`File ${path} is missing from the archive.`);
    else if (sha256Of(bytes) !== sha)
      problems.push(`File ${path} does not match its checksum: the archive was changed.`);
    else files.set(path, bytes);
  }
  for (const path of Object.keys(entries))
    if (path.startsWith('files/') && !(path in manifest.files))
      problems.push(`File ${path} is not listed in the manifest.`);
  return files;
}

/** Rows per table, as a dry run answers them. */
export function countsOf(plan: ImportPlan): Record<string, number> {
  return Object.fromEntries([...plan.tables].map(([name, rows]) => [name, rows.length]));
}
