import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { formulaSafeCell, formulaSafeCsv, unescapeFormulaCell } from './csv.ts';

describe('formula-safe CSV', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+1+cmd', "'+1+cmd"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', "'\r=1"],
    ["'=1", "''=1"],
    ["''+x", "'''+x"],
    ['+1 512 555 0100', "'+1 512 555 0100"],
    ['-97.75', '-97.75'],
    ['+15', '+15'],
    ['42', '42'],
    ['Ann', 'Ann'],
    ["O'Brien", "O'Brien"],
    ["'quoted'", "'quoted'"],
    ['a=b', 'a=b'],
    ['', ''],
  ])('when a cell is %j, then it is written as %j and read back as it was', (cell, written) => {
    expect(formulaSafeCell(cell)).toBe(written);
    expect(unescapeFormulaCell(written)).toBe(cell);
  });

  it('when a file is written, then every string cell is safe and it parses back', async () => {
    const csv = formulaSafeCsv({ header: true, columns: ['Name', 'Notes'] });
    const chunks: string[] = [];
    csv.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
    const done = new Promise((resolve) => csv.on('end', resolve));
    csv.write(['=HYPERLINK("https://evil.example","x")', 'line one\nline two']);
    csv.end();
    await done;
    expect(parse(chunks.join(''), { columns: true })).toEqual([
      { Name: `'=HYPERLINK("https://evil.example","x")`, Notes: 'line one\nline two' },
    ]);
  });
});
