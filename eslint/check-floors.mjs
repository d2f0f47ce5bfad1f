#!/usr/bin/env node
/**
 * Proves that lint holds the floors: each case is a line of code placed (in memory) at a path of
 * the tree and linted with the repository's own eslint.config.js. A case marked `refused` must be
 * reported by `floors/imports`, one marked allowed must not. Run by `npm run lint`, so CI shows it.
 *
 * Cases live in `floors-cases.<part>.mjs` beside this file, each exporting
 * `cases: [{ file, code, refused, rule? }]` with `file` relative to the repository root; `rule`
 * names the rule that must refuse it when it is not `floors/imports` (the size limits).
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import { ESLint } from 'eslint';
import { OVER_LIMIT } from './size-limits.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');

async function loadCases() {
  const files = (await readdir(here)).filter((name) => /^floors-cases\..+\.mjs$/.test(name)).sort();
  const cases = [];
  for (const name of files) {
    const module = await import(path.join(here, name));
    cases.push(...module.cases.map((testCase) => ({ ...testCase, from: name })));
  }
  return cases;
}

async function isRefused(eslint, testCase) {
  const [result] = await eslint.lintText(`${testCase.code}\n`, {
    filePath: path.join(root, testCase.file),
  });
  const rules = testCase.rule ? [testCase.rule] : ['floors/imports'];
  return result.messages.some((message) => rules.includes(message.ruleId));
}

// A file that left the tree leaves the list of files held over the size limits.
const gone = Object.keys(OVER_LIMIT).filter((file) => !existsSync(path.join(root, file)));
for (const file of gone) console.error(`sizes: ${file} is held in size-limits.js but is gone`);

const cases = await loadCases();
if (cases.length === 0) {
  console.error('floors: no cases found; the floors rule is unproven.');
  process.exit(1);
}
const eslint = new ESLint({ cwd: root });
const wrong = [];
for (const testCase of cases) {
  if ((await isRefused(eslint, testCase)) !== testCase.refused) wrong.push(testCase);
}
const refusedCount = cases.filter((testCase) => testCase.refused).length;
for (const testCase of wrong) {
  const expected = testCase.refused ? 'refused' : 'allowed';
  console.error(
    `floors: expected ${expected}: ${testCase.file}: ${testCase.code} (${testCase.from})`,
  );
}
console.log(
  `floors: ${refusedCount} planted breaches (imports, sizes) refused and ${cases.length - refusedCount} allowed cases accepted by lint` +
    (wrong.length ? `; ${wrong.length} cases wrong` : ''),
);
process.exit(wrong.length || gone.length ? 1 : 0);
