import { IMPORT_NO_HEADER } from '@crewdesk/domain';
import { parse } from 'csv-parse/sync';
import { stringify, type Options, type Stringifier } from 'csv-stringify';
import { AppError } from './app-error.ts';

/**
 * CSV formula injection (OWASP): a spreadsheet runs a cell that starts with =, +, -, @, a tab
 * or a carriage return as a formula (=HYPERLINK to leak data, DDE to start programs). Such a
 * cell is written with a leading apostrophe, which spreadsheets show as text.
 *
 * - A cell that is only a decimal number (-97.75, +15) cannot run and stays as it is, so
 *   coordinates and amounts remain numbers.
 * - An apostrophe the user typed before one of those characters gets one more as well, so
 *   reading the cell back (unescapeFormulaCell strips exactly one) always gives what was typed:
 *   export → import → export gives the same file, and the apostrophes never grow.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;
const ESCAPED_FORMULA_START = /^'+[=+\-@\t\r]/;

export function formulaSafeCell(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/**
 * The cell as it was before formulaSafeCell: one leading apostrophe before a formula character
 * is dropped. Importers call it on every cell, so a file the app exported (or a spreadsheet
 * saved with such cells) imports as typed.
 */
export function unescapeFormulaCell(value: string): string {
  return ESCAPED_FORMULA_START.test(value) ? value.slice(1) : value;
}

/**
 * The one CSV writer of the app: csv-stringify with every string cell (headers included) made
 * formula-safe. Write every CSV through it.
 */
export function formulaSafeCsv(options: Options = {}): Stringifier {
  return stringify({
    ...options,
    cast: {
      ...options.cast,
      string: (value, context) =>
        formulaSafeCell(options.cast?.string ? String(options.cast.string(value, context)) : value),
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Reading an import

export interface ParsedImportCsv {
  headers: string[];
  /** The data records with their row number in the file (the header is row 1). */
  rows: { row: number; cells: string[] }[];
}

export interface ImportCsvLimits {
  maxBytes: number;
  maxRows: number;
  /** The 413's message past maxBytes. */
  tooLarge: string;
  /** The 400's message past maxRows. */
  tooManyRows: string;
}

/**
 * An import's file read as CSV: its limits checked (a 413 past the size, a 400 past the rows or
 * for a file that is not CSV or has no header), formula-safe cells taken back to what was typed,
 * and blank rows left out.
 */
export function parseImportCsv(csv: string, limits: ImportCsvLimits): ParsedImportCsv {
  if (Buffer.byteLength(csv, 'utf8') > limits.maxBytes) {
    throw new AppError('PAYLOAD_TOO_LARGE', limits.tooLarge);
  }
  let records: string[][];
  try {
    records = parse(csv, { bom: true, relax_column_count: true }) as string[][];
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new AppError('BAD_REQUEST', `The file could not be read as CSV: ${reason}`);
  }
  // Exports prefix cells starting with = + - @ tab CR with an apostrophe (formulaSafeCell); one
  // is stripped here, so an exported file imports as typed and a re-export is the same file.
  records = records.map((cells) => cells.map(unescapeFormulaCell));
  const [header, ...data] = records;
  const headers = (header ?? []).map((h) => h.trim());
  if (headers.every((h) => h === '')) throw new AppError('BAD_REQUEST', IMPORT_NO_HEADER);
  const rows = data
    .map((cells, i) => ({ row: i + 2, cells }))
    // Blank lines and rows of empty cells (spreadsheets leave them at the end) are no records.
    .filter((r) => r.cells.some((c) => c.trim() !== ''));
  if (rows.length > limits.maxRows) throw new AppError('BAD_REQUEST', limits.tooManyRows);
  return { headers, rows };
}

/**
 * Each mapped field's column index in the file; a 400 when the mapping names a column the file
 * does not have.
 */
export function mappedColumns<F extends string>(
  headers: readonly string[],
  fields: readonly F[],
  mapping: Partial<Record<F, string | null>>,
): Map<F, number> {
  const columnOf = new Map<F, number>();
  for (const field of fields) {
    const header = mapping[field];
    if (!header) continue;
    const index = headers.indexOf(header.trim());
    if (index < 0) throw new AppError('BAD_REQUEST', `The column "${header}" is not in the file.`);
    columnOf.set(field, index);
  }
  return columnOf;
}

/** One row's cells by field, for the mapped fields. */
export function mappedCells<F extends string>(
  columnOf: ReadonlyMap<F, number>,
  cells: readonly string[],
): Partial<Record<F, string>> {
  const values: Partial<Record<F, string>> = {};
  for (const [field, index] of columnOf) values[field] = cells[index] ?? '';
  return values;
}
