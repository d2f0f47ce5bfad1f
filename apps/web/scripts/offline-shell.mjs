#!/usr/bin/env node
// Writes into dist/sw.js the files the installed app needs to open with no connection (decision
// 053): the dashboard's frame and its menus, the sign-in page, and the visit view that works
// offline, each with everything it imports, read from Vite's build manifest. The service worker
// stores them when it installs, so an offline start after a first online visit never asks for a
// file it does not have. The cache's name carries a hash of the list: a new build is a new worker.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

/** The screens and pieces that open offline, by source path. */
const OFFLINE_ENTRIES = [
  'index.html',
  'src/app/layout/dashboard-layout.tsx',
  'src/features/auth/routes/auth-page.tsx',
  'src/features/field-visits/routes/field-visits-pages.ts',
];
/** Loaded later by those entries, yet part of drawing them (menus, the device's store). */
const LATER_PARTS = [/^src\/app\/layout\//, /^_device-db/];

const files = new Set();
const seen = new Set();
function add(key) {
  if (seen.has(key)) return;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`offline-shell: ${key} is not in the build manifest`);
  files.add(`/${chunk.file}`);
  for (const css of chunk.css ?? []) files.add(`/${css}`);
  for (const imported of chunk.imports ?? []) add(imported);
  for (const later of chunk.dynamicImports ?? []) {
    if (LATER_PARTS.some((pattern) => pattern.test(later))) add(later);
  }
}
for (const entry of OFFLINE_ENTRIES) add(entry);

const list = [...files].sort();
const version = createHash('sha256').update(list.join('\n')).digest('hex').slice(0, 12);
const swPath = join(dist, 'sw.js');
const before = readFileSync(swPath, 'utf8');
const after = before
  .replace(/^const CACHE = '[^']*';$/m, `const CACHE = 'crewdesk-shell-${version}';`)
  .replace(/^const OFFLINE_SHELL = \[\];$/m, `const OFFLINE_SHELL = ${JSON.stringify(list)};`);
if (!after.includes(version) || !after.includes(list[0])) {
  throw new Error('offline-shell: dist/sw.js has no CACHE or OFFLINE_SHELL line to fill in');
}
writeFileSync(swPath, after);
const bytes = list.reduce((sum, file) => sum + readFileSync(join(dist, file)).length, 0);
console.log(
  `offline-shell: ${list.length} files (${(bytes / 1024).toFixed(0)} KB before compression) kept by the service worker, cache ${version}`,
);
