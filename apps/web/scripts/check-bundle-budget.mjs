#!/usr/bin/env node
// The initial-JS budget (issue 2; tightened by issue 17, item 8, from 170 KB when the
// dashboard layout, sonner and the vendor split left 130.6 KB; 136 KB since the business's
// locale and week start joined the first screen's formatting, decision 042; 134.9 KB used since
// what the entry runs at start became one file, 2026-11-29): the entry chunk plus everything it
// imports statically — what the browser must load before any lazy route — may weigh at most
// 136 KB gzipped. Reads Vite's manifest (build.manifest) after
// `vite build`. Per-route totals: scripts/route-js.mjs (docs/benchmarks.md).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 136;
const BUDGET_BYTES = BUDGET_KB * 1024;

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
let manifest;
try {
  manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
} catch (error) {
  console.error(
    `Bundle budget: cannot read dist/.vite/manifest.json (${error.message}). Run vite build first.`,
  );
  process.exit(1);
}

const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
if (entries.length === 0) {
  console.error('Bundle budget: the manifest has no entry chunk.');
  process.exit(1);
}

/** Walks static imports only: dynamic imports are the lazy routes. */
function collect(key, seen) {
  if (seen.has(key)) return;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`manifest has no chunk "${key}"`);
  seen.add(key);
  for (const imported of chunk.imports ?? []) collect(imported, seen);
}

let failed = false;
for (const [key] of entries) {
  const seen = new Set();
  collect(key, seen);
  const files = [...seen].map((k) => manifest[k].file).filter((file) => file.endsWith('.js'));
  let raw = 0;
  let gzipped = 0;
  const rows = files.map((file) => {
    const bytes = readFileSync(join(dist, file));
    const gz = gzipSync(bytes, { level: 9 }).length;
    raw += bytes.length;
    gzipped += gz;
    return { file, gz };
  });
  rows.sort((a, b) => b.gz - a.gz);
  for (const row of rows)
    console.log(`  ${(row.gz / 1024).toFixed(1).padStart(7)} KB gz  ${row.file}`);
  const kb = (gzipped / 1024).toFixed(1);
  const verdict = gzipped <= BUDGET_BYTES ? 'within' : 'OVER';
  console.log(
    `Initial JS for ${key}: ${kb} KB gzipped (${(raw / 1024).toFixed(1)} KB raw, ${files.length} files) — ${verdict} the ${BUDGET_KB} KB budget.`,
  );
  if (gzipped > BUDGET_BYTES) failed = true;
}

process.exit(failed ? 1 : 0);
