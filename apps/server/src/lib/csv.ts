import { stringify, type Options, type Stringifier } from 'csv-stringify';

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
