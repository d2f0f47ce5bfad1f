import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/** Reading a report's screen: its table's lines and the CSV its Download CSV link gives. */

/** The table's lines under its header (the body, then the Total line), each cell's text. */
export function reportTableLines(table: Locator): Promise<string[][]> {
  return table
    .getByRole('row')
    .evaluateAll((rows) =>
      rows.slice(1).map((r) => [...r.children].map((c) => (c.textContent ?? '').trim())),
    );
}

/** RFC 4180 lines: quoted fields may hold commas, quotes ("") and line breaks. */
export function parseCsv(text: string): string[][] {
  const lines: string[][] = [];
  let line: string[] = [];
  let field = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      line.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i++;
      line.push(field);
      lines.push(line);
      line = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || line.length > 0) lines.push([...line, field]);
  return lines;
}

/** Clicks the screen's Download CSV link: the file's name and its lines (the header first). */
export async function downloadReportCsv(page: Page): Promise<{ name: string; lines: string[][] }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download CSV' }).click(),
  ]);
  const text = readFileSync((await download.path())!, 'utf8');
  return { name: download.suggestedFilename(), lines: parseCsv(text) };
}

/** A figure as a number: '$1,234.50', '79.6%', '13.60', '1.0'; null for a dash or nothing. */
function figure(text: string): number | null {
  const plain = text.replace(/[$,%\s]/g, '');
  if (plain === '' || plain === '—') return null;
  const value = Number(plain);
  return Number.isNaN(value) ? NaN : value;
}

/**
 * The CSV says what the table says: one line per table line, in the same order; each line's
 * figures, in order, are among the CSV line's (which has more: From and To, counts beside
 * amounts); names and the Total line read the same (periods read '2026-11-01' in the CSV).
 */
export function expectCsvMatchesTable(
  csv: string[][],
  table: string[][],
  /** Table columns (0 = the label) the CSV does not have. */
  {
    notInCsv = [],
    tolerance = 0,
  }: {
    notInCsv?: number[];
    /** How far a figure may move between the table and the file (a shift still running). */
    tolerance?: number;
  } = {},
): void {
  const lines = csv.slice(1).filter((line) => line.some((cell) => cell !== ''));
  expect(lines.length, 'CSV lines against table lines').toBe(table.length);
  for (const [i, cells] of table.entries()) {
    const line = lines[i]!;
    const [label, ...figures] = cells;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(line[0] ?? '')) expect(line[0]).toBe(label);
    let at = 1;
    for (const [column, cell] of figures.entries()) {
      if (notInCsv.includes(column + 1)) continue;
      const value = figure(cell);
      const same = (other: number | null) =>
        value === null || other === null ? other === value : Math.abs(other - value) <= tolerance;
      while (at < line.length && !same(figure(line[at]!))) at++;
      expect(at, `"${cell}" of table line ${label} in the CSV's ${line.join(',')}`).toBeLessThan(
        line.length,
      );
      at++;
    }
  }
}
