import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DATA_IMPORT_MESSAGES, type DataImportResult } from '@crewdesk/domain';
import { and, eq, getTableColumns, isNotNull } from 'drizzle-orm';
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { accountMembers, domainEvents, employees, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AccountActor } from '../../plugins/permissions.ts';
import type { ArchiveRow } from './archive.ts';
import * as repo from './data-export.repo.ts';
import { archiveFilePath, FILE_COLUMNS, remappedFileName, storedName } from './files.ts';
import { checkArchive, countsOf, type ImportPlan } from './import-check.ts';
import { accountIdColumnOf, EXPORTED_TABLES, tableName } from './tables.ts';

// Writing a checked archive into an empty business, all or nothing (decision 037 has the rules).

/** One row per account, or keyed by account and a name: the new business's defaults give way. */
export const REPLACED_TABLES: ReadonlySet<string> = new Set([
  'business_details',
  'invoice_settings',
  'inventory_settings',
  'sales_settings',
  'time_settings',
  'notification_defaults',
  'assistant_usage',
]);

/** User ids without a foreign key (history keeps them when a person is deleted). */
const SOFT_USER_COLUMNS = new Set([
  'domain_events.actor_user_id',
  'domain_events.audience_user_ids',
  'report_schedules.recipient_user_ids',
]);

/**
 * The hashes of links sent before tokens were signed (decision 055): a copy must never open
 * with the original's links, so it starts without them (its own links are signed from its new
 * ids). Named `legacy_…token_hash` in every table that has one.
 */
function isOldLinkHash(column: string): boolean {
  return column.startsWith('legacy_') && column.endsWith('token_hash');
}

/** Counters a trigger keeps (migration 0016): they start at zero and count the rows imported. */
const TRIGGER_COUNTERS = new Set(['jobs.assignee_count']);

const CHUNK = 200;

export async function dryRunImport(
  db: Db,
  actor: AccountActor,
  bytes: Uint8Array,
): Promise<DataImportResult> {
  const { plan, problems } = checkArchive(bytes);
  if (!(await repo.isEmptyAccount(db, actor.accountId)))
    problems.push(DATA_IMPORT_MESSAGES.notEmpty);
  return { dryRun: true, tables: countsOf(plan), files: plan.files.size, problems };
}

export async function runImport(
  deps: { db: Db; dataDir: string; now: Date },
  actor: AccountActor,
  bytes: Uint8Array,
): Promise<DataImportResult> {
  const { plan, problems } = checkArchive(bytes);
  if (problems.length > 0)
    throw new AppError('BAD_REQUEST', `${DATA_IMPORT_MESSAGES.problems} ${problems[0]}`, {
      problems,
    });
  const written: string[] = [];
  try {
    await deps.db.transaction(async (tx) => {
      if (!(await repo.isEmptyAccount(tx, actor.accountId)))
        throw new AppError('CONFLICT', DATA_IMPORT_MESSAGES.notEmpty);
      const context = await importContext(tx, actor, plan, deps);
      for (const table of EXPORTED_TABLES) await importTable(tx, table, plan, context);
      await importLogo(tx, plan, context);
      await writeFiles(deps.dataDir, context, written);
    });
  } catch (error) {
    // The rows rolled back: the files written for them go too.
    await Promise.all(written.map((path) => rm(path, { force: true })));
    throw error;
  }
  return { dryRun: false, tables: countsOf(plan), files: plan.files.size, problems: [] };
}

interface ImportContext {
  accountId: string;
  importerId: string;
  now: Date;
  /** Old uuid → new uuid, for every exported row's id and the business itself. */
  ids: Map<string, string>;
  /** Old user id → a user of this install (see userMapOf). */
  users: Map<string, string>;
  /** Users of this install an employee row of the business already links. */
  linkedUsers: Set<string>;
  /** Old ledger seq → new, for the columns that point at ledger events. */
  seqs: Map<number, number>;
  /** Files to write: archive path → new path under DATA_DIR/uploads. */
  files: Map<string, { bytes: Uint8Array; path: string }>;
  plan: ImportPlan;
}

async function importContext(
  tx: Tx,
  actor: AccountActor,
  plan: ImportPlan,
  deps: { now: Date },
): Promise<ImportContext> {
  const ids = new Map<string, string>();
  for (const rows of plan.tables.values())
    for (const row of rows) if (typeof row.id === 'string') ids.set(row.id, randomUUID());
  if (typeof plan.account.id === 'string') ids.set(plan.account.id, actor.accountId);
  const linked = await tx
    .select({ userId: employees.userId })
    .from(employees)
    .where(and(eq(employees.accountId, actor.accountId), isNotNull(employees.userId)));
  return {
    accountId: actor.accountId,
    importerId: actor.userId,
    now: deps.now,
    ids,
    users: await userMapOf(tx, actor, plan.members),
    linkedUsers: new Set(linked.map((row) => row.userId ?? '')),
    seqs: new Map(),
    files: new Map(),
    plan,
  };
}

/**
 * A person of the archive is the member of the importing business with the same e-mail when
 * there is one; anyone else becomes the importing admin (who did it is kept as "the importer").
 */
async function userMapOf(
  tx: Tx,
  actor: AccountActor,
  members: ArchiveRow[],
): Promise<Map<string, string>> {
  const here = await tx
    .select({ id: users.id, email: users.email })
    .from(accountMembers)
    .innerJoin(users, eq(users.id, accountMembers.userId))
    .where(eq(accountMembers.organizationId, actor.accountId));
  const byEmail = new Map(here.map((user) => [user.email.toLowerCase(), user.id]));
  const map = new Map<string, string>();
  for (const member of members) {
    const email = typeof member.email === 'string' ? member.email.toLowerCase() : '';
    if (typeof member.user_id === 'string') map.set(member.user_id, byEmail.get(email) ?? '');
  }
  return map;
}

async function importTable(tx: Tx, table: PgTable, plan: ImportPlan, context: ImportContext) {
  const name = tableName(table);
  const rows = plan.tables.get(name) ?? [];
  if (REPLACED_TABLES.has(name))
    await tx.delete(table).where(eq(accountIdColumnOf(table), context.accountId));
  const values = rows.map((row) => insertValues(table, name, row, context));
  for (let start = 0; start < values.length; start += CHUNK) {
    const chunk = values.slice(start, start + CHUNK);
    if (name === 'domain_events') await insertLedgerChunk(tx, rows.slice(start), chunk, context);
    else await tx.insert(table).values(chunk);
  }
}

/** Ledger events are numbered again in order; the old numbers map to the new for later tables. */
async function insertLedgerChunk(
  tx: Tx,
  rows: ArchiveRow[],
  chunk: Record<string, unknown>[],
  context: ImportContext,
) {
  const inserted = await tx
    .insert(domainEvents)
    .values(chunk as (typeof domainEvents.$inferInsert)[])
    .returning({ seq: domainEvents.seq });
  inserted.forEach((row, index) => context.seqs.set(Number(rows[index]?.seq), row.seq));
}

/** The row as drizzle inserts it: property names, new ids, this business, Dates. */
function insertValues(
  table: PgTable,
  name: string,
  row: ArchiveRow,
  context: ImportContext,
): Record<string, unknown> {
  const userColumns = userColumnsOf(table, name);
  const values: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    if (isGenerated(column)) continue;
    values[key] = columnValue(name, column, row[column.name], userColumns, context);
  }
  return values;
}

function columnValue(
  table: string,
  column: PgColumn,
  value: unknown,
  userColumns: Set<string>,
  context: ImportContext,
): unknown {
  const qualified = `${table}.${column.name}`;
  if (column.name === 'account_id') return context.accountId;
  if (TRIGGER_COUNTERS.has(qualified)) return 0;
  if (isOldLinkHash(column.name)) return null;
  if (value === null || value === undefined) {
    // Imported history is never dispatched again: no notifications or webhooks for the past.
    return qualified === 'domain_events.dispatched_at' ? context.now : null;
  }
  if (qualified === 'employees.user_id') return employeeUser(value, context);
  if (userColumns.has(column.name)) return mapUsers(value, context);
  if (qualified === 'sales_stage_moves.cause_seq') return context.seqs.get(Number(value)) ?? value;
  const file = FILE_COLUMNS.find((f) => f.table === table && f.column === column.name);
  if (file) return importedFileName(file, value, context);
  if (column.columnType === 'PgTimestamp') return new Date(value as string);
  return remapIds(value, context.ids);
}

const isGenerated = (column: PgColumn) =>
  Boolean(column.generatedIdentity) || column.columnType.includes('Serial');

function userColumnsOf(table: PgTable, name: string): Set<string> {
  const columns = new Set<string>();
  for (const fk of getTableConfig(table).foreignKeys) {
    const reference = fk.reference();
    if (getTableConfig(reference.foreignTable).name === 'users')
      for (const column of reference.columns) columns.add(column.name);
  }
  for (const soft of SOFT_USER_COLUMNS)
    if (soft.startsWith(`${name}.`)) columns.add(soft.slice(name.length + 1));
  return columns;
}

function mapUser(old: string, context: ImportContext): string {
  return context.users.get(old) || context.importerId;
}

function mapUsers(value: unknown, context: ImportContext): unknown {
  if (Array.isArray(value)) return [...new Set(value.map((v) => mapUser(String(v), context)))];
  return mapUser(String(value), context);
}

/**
 * An employee keeps its sign-in only when that person is a member here (same e-mail) and not yet
 * linked to another employee of the business; otherwise it is an employee without a sign-in.
 */
function employeeUser(value: unknown, context: ImportContext): string | null {
  const user = context.users.get(String(value));
  if (!user || context.linkedUsers.has(user)) return null;
  context.linkedUsers.add(user);
  return user;
}

/** Every string anywhere in the value that is an exported row's id becomes its new id. */
export function remapIds(value: unknown, ids: ReadonlyMap<string, string>): unknown {
  if (typeof value === 'string') return ids.get(value) ?? value;
  if (Array.isArray(value)) return value.map((item) => remapIds(item, ids));
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, remapIds(item, ids)]),
    );
  return value;
}

function importedFileName(
  file: (typeof FILE_COLUMNS)[number],
  value: unknown,
  context: ImportContext,
): unknown {
  const name = storedName(file, value);
  if (!name) return value;
  const bytes = context.plan.files.get(archiveFilePath(file, name));
  if (!bytes) return null;
  const owner = name.slice(0, 36);
  const newName = remappedFileName(name, context.ids.get(owner) ?? context.accountId, randomUUID());
  context.files.set(archiveFilePath(file, name), {
    bytes,
    path: join('uploads', file.folder, newName),
  });
  return `${file.prefix}${newName}`;
}

async function importLogo(tx: Tx, plan: ImportPlan, context: ImportContext) {
  const logoColumn = FILE_COLUMNS.find((f) => f.table === 'business_accounts');
  if (!logoColumn || !plan.account.logo) return;
  const logo = importedFileName(logoColumn, plan.account.logo, context);
  if (typeof logo === 'string') await repo.setAccountLogo(tx, context.accountId, logo);
}

async function writeFiles(dataDir: string, context: ImportContext, written: string[]) {
  for (const { bytes, path } of context.files.values()) {
    const full = join(dataDir, path);
    await mkdir(join(full, '..'), { recursive: true });
    await writeFile(full, bytes);
    written.push(full);
  }
}
