import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The app speaks US English (issue 43): what people read says color, labor, liters and meters.
 * Code may keep its names (labourCostCents, the stored unit key 'litre'); comments are not read.
 */
const BRITISH = /\b(colours?|labours?|litres|metres)\b/i;

const root = join(import.meta.dirname, '..', '..', '..', '..');
const SOURCES = ['apps/web/src', 'apps/server/src', 'packages/domain/src'];

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield path;
  }
}

/** The file without its comments (line, block and JSDoc). */
function withoutComments(text: string): string[] {
  return (
    text
      .replace(/\/\*[\s\S]*?\*\//g, (block) => block.replace(/[^\n]/g, ''))
      .split('\n')
      .map((line) => line.replace(/(^|\s)\/\/.*$/, ''))
      // A column's id is a name in code (kept in saved views), not a word on the screen.
      .map((line) => line.replace(/\bid: '[^']*'/g, ''))
  );
}

describe('one spelling', () => {
  it('when the sources are read, then no text people see uses British spelling', () => {
    const found: string[] = [];
    const files = [
      ...SOURCES.flatMap((folder) => [...sourceFiles(join(root, folder))]),
      // The first paint of every screen, drawn before the app's code.
      join(root, 'apps/web/index.html'),
    ];
    for (const file of files) {
      withoutComments(readFileSync(file, 'utf8')).forEach((line, index) => {
        if (BRITISH.test(line)) found.push(`${relative(root, file)}:${index + 1}: ${line.trim()}`);
      });
    }
    expect(found).toEqual([]);
  });
});
