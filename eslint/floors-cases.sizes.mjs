/** The size limits (size-limits.js): planted files and functions just over and just within. */
import { MAX_FILE_LINES, MAX_FUNCTION_LINES, OVER_LIMIT } from './size-limits.js';

/** `count` lines of code, each a statement of its own. */
const statements = (count, indent = '') =>
  Array.from({ length: count }, (_, i) => `${indent}console.log(${i});`).join('\n');
/** A function whose body makes it `count` lines long, braces included. */
const functionOf = (count) => `export function planted() {\n${statements(count - 2, '  ')}\n}`;

const [heldFile, held] = Object.entries(OVER_LIMIT).find(([, entry]) => entry.lines);

export const cases = [
  {
    file: 'apps/server/src/modules/jobs/planted.ts',
    code: statements(MAX_FILE_LINES + 100),
    refused: true,
    rule: 'max-lines',
  },
  {
    file: 'apps/web/src/features/jobs/planted.tsx',
    code: statements(MAX_FILE_LINES + 1),
    refused: true,
    rule: 'max-lines',
  },
  {
    file: 'packages/domain/src/jobs/planted.ts',
    code: statements(MAX_FILE_LINES),
    refused: false,
    rule: 'max-lines',
  },
  {
    file: 'apps/web/src/features/jobs/planted.tsx',
    code: functionOf(MAX_FUNCTION_LINES + 1),
    refused: true,
    rule: 'max-lines-per-function',
  },
  {
    file: 'apps/server/src/lib/planted.ts',
    code: functionOf(MAX_FUNCTION_LINES),
    refused: false,
    rule: 'max-lines-per-function',
  },
  // A test grows with its cases: not held.
  {
    file: 'apps/server/src/modules/jobs/planted.test.ts',
    code: statements(MAX_FILE_LINES + 100),
    refused: false,
    rule: 'max-lines',
  },
  // A file over the limit today is held at its own size: it may not grow.
  { file: heldFile, code: statements(held.lines + 1), refused: true, rule: 'max-lines' },
  { file: heldFile, code: statements(held.lines), refused: false, rule: 'max-lines' },
];
