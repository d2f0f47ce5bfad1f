import { Readable } from 'node:stream';
import {
  ASSIGNEE_NOT_IN_BUSINESS,
  contactFromCsvRow,
  CUSTOMER_EXPORT_EXTRA_HEADERS,
  CUSTOMER_FIELD_HEADERS,
  CUSTOMER_IMPORT_FIELDS,
  CUSTOMER_IMPORT_MAX_BYTES,
  CUSTOMER_IMPORT_MAX_ROWS,
  CUSTOMER_IMPORT_SAMPLE_ROWS,
  IMPORT_NO_ROWS,
  IMPORT_TOO_LARGE,
  IMPORT_TOO_MANY_ROWS,
  suggestImportMapping,
  type CustomerImportBody,
  type CustomerImportField,
  type CustomerImportPreview,
  type CustomerImportResult,
  type CustomerImportRowError,
} from '@crewdesk/domain';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { formulaSafeCsv, mappedCells, mappedColumns, parseImportCsv } from '../../lib/csv.ts';
import * as repo from './customers.repo.ts';
import { customerColumns, type CustomerActor } from './customers.service.ts';

// ---------------------------------------------------------------------------------------------
// Export

const EXPORT_BATCH = 1000;

function employeeName(e: repo.EmployeeIdentity): string {
  return `${e.firstName} ${e.lastName}`.replace(/\s+/g, ' ').trim();
}

/** Every column of a contact, as the export writes it (numbers as text, blanks for nulls). */
function exportRecord(row: repo.CustomerRow, names: Map<string, string>): string[] {
  const cell = (v: string | number | null) => (v === null ? '' : String(v));
  const values: Record<CustomerImportField, string> = {
    firstName: row.firstName,
    lastName: row.lastName,
    email: cell(row.email),
    phone: cell(row.phone),
    company: cell(row.company),
    customerType: row.customerType,
    source: row.source,
    address: cell(row.address),
    city: cell(row.city),
    state: cell(row.state),
    zip: cell(row.zip),
    latitude: cell(row.latitude),
    longitude: cell(row.longitude),
    whatsapp: cell(row.whatsapp),
    facebook: cell(row.facebook),
    instagram: cell(row.instagram),
    // The team member's name: readable, and matched again by a later import.
    assignedTo: row.assignedTo ? (names.get(row.assignedTo) ?? row.assignedTo) : '',
    notes: cell(row.notes),
  };
  return [
    ...CUSTOMER_IMPORT_FIELDS.map((f) => values[f]),
    row.id,
    row.createdAt.toISOString(),
    row.updatedAt.toISOString(),
  ];
}

export const EXPORT_HEADERS: readonly string[] = [
  ...CUSTOMER_IMPORT_FIELDS.map((f) => CUSTOMER_FIELD_HEADERS[f]),
  ...CUSTOMER_EXPORT_EXTRA_HEADERS,
];

/** All live contacts of the account as CSV with a header row, streamed a batch at a time. */
export function exportCustomersCsv(db: Db, accountId: string): Readable {
  async function* records() {
    const names = new Map(
      (await repo.listEmployeeIdentities(db, accountId)).map((e) => [e.id, employeeName(e)]),
    );
    for await (const batch of repo.liveCustomerBatches(db, accountId, EXPORT_BATCH)) {
      for (const row of batch) yield exportRecord(row, names);
    }
  }
  // Formula-safe: a contact named =HYPERLINK(…) must not run in the spreadsheet that opens this.
  const csv = formulaSafeCsv({ header: true, columns: [...EXPORT_HEADERS] });
  const source = Readable.from(records());
  source.on('error', (error) => csv.destroy(error));
  return source.pipe(csv);
}

// ---------------------------------------------------------------------------------------------
// Import

function parseCsv(csv: string) {
  return parseImportCsv(csv, {
    maxBytes: CUSTOMER_IMPORT_MAX_BYTES,
    maxRows: CUSTOMER_IMPORT_MAX_ROWS,
    tooLarge: IMPORT_TOO_LARGE,
    tooManyRows: IMPORT_TOO_MANY_ROWS,
  });
}

export function previewImport(csv: string): CustomerImportPreview {
  const { headers, rows } = parseCsv(csv);
  return {
    headers,
    suggestedMapping: suggestImportMapping(headers),
    rowCount: rows.length,
    sampleRows: rows.slice(0, CUSTOMER_IMPORT_SAMPLE_ROWS).map((r) => r.cells),
  };
}

/** Matches an import's "Assigned To" cell: an employee's id, e-mail or full name. */
function assigneeResolver(team: repo.EmployeeIdentity[]) {
  const key = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();
  const byKey = new Map<string, string[]>();
  const add = (k: string, id: string) => byKey.set(k, [...(byKey.get(k) ?? []), id]);
  for (const e of team) {
    add(key(e.id), e.id);
    if (e.email) add(key(e.email), e.id);
    add(key(employeeName(e)), e.id);
  }
  return (text: string): { id: string } | { message: string } => {
    const ids = [...new Set(byKey.get(key(text)) ?? [])];
    if (ids.length === 1) return { id: ids[0]! };
    if (ids.length > 1) {
      return { message: `"${text}" names more than one team member: use their e-mail instead.` };
    }
    return { message: ASSIGNEE_NOT_IN_BUSINESS };
  };
}

const INSERT_BATCH = 500;

/**
 * Checks every row with the contact dialog's schema, then in one transaction imports all rows
 * (all-or-nothing: none when any row has an error) or exactly the valid ones (valid-only).
 * A dry run checks and counts without writing.
 */
export async function importCustomers(
  db: Db,
  actor: CustomerActor,
  body: CustomerImportBody,
): Promise<CustomerImportResult> {
  const { headers, rows } = parseCsv(body.csv);
  if (rows.length === 0) throw new AppError('BAD_REQUEST', IMPORT_NO_ROWS);
  const columnOf = mappedColumns(headers, CUSTOMER_IMPORT_FIELDS, body.mapping);

  const resolveAssignee = assigneeResolver(await repo.listEmployeeIdentities(db, actor.accountId));
  const errors: CustomerImportRowError[] = [];
  const valid: repo.NewCustomerRow[] = [];
  for (const { row, cells } of rows) {
    const checked = contactFromCsvRow(mappedCells(columnOf, cells));
    if (!checked.ok) {
      errors.push({ row, messages: checked.messages });
      continue;
    }
    let assignedTo: string | null = null;
    if (checked.assignedToText) {
      const found = resolveAssignee(checked.assignedToText);
      if ('message' in found) {
        errors.push({ row, messages: [found.message] });
        continue;
      }
      assignedTo = found.id;
    }
    valid.push({
      ...customerColumns(checked.values),
      assignedTo,
      accountId: actor.accountId,
      userId: actor.userId,
    });
  }

  const importNothing = body.mode === 'all-or-nothing' && errors.length > 0;
  if (importNothing) return { imported: 0, errors };
  if (!body.dryRun) {
    await db.transaction(async (tx) => {
      for (let i = 0; i < valid.length; i += INSERT_BATCH) {
        await repo.insertCustomers(tx, valid.slice(i, i + INSERT_BATCH));
      }
    });
  }
  return { imported: valid.length, errors };
}
