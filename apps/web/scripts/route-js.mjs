#!/usr/bin/env node
// The JS each first screen fetches (issue 17, item 8), from Vite's manifest after `vite build`:
// the initial JS of index.html (the entry and its static imports), the chunks the app shell
// imports lazily at start (the Toaster's sonner), and for each route the lazy chunks its first
// render asks for, each with its static imports (Vite preloads those beside it). Chunks a screen
// loads later (a dialog, the map of a job's location, an e-mail code step) are not counted, nor
// the dashboard's extras that wait for the first screen to show (the header's menus, the
// slide-out menu: app/layout/first-screen.tsx); they are listed apart.
// Usage: node scripts/route-js.mjs [dist]   (documented in docs/benchmarks.md)
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = process.argv[2]
  ? resolve(process.argv[2])
  : join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

// The dashboard's first render; its extras load once the first screen shows.
const DASHBOARD = ['src/app/layout/dashboard-layout.tsx'];
const DASHBOARD_EXTRAS = ['src/app/layout/header-actions.tsx', 'src/app/layout/mobile-nav.tsx'];
const ROUTES = {
  '/auth': ['src/features/auth/routes/auth-page.tsx'],
  '/': [...DASHBOARD, 'src/features/home/routes/home-page.tsx'],
  '/jobs': [...DASHBOARD, 'src/features/jobs/routes/jobs-pages.tsx'],
  '/schedule': [
    ...DASHBOARD,
    'src/features/schedule/routes/schedule-page.tsx',
    // Its first request, asked for with the session (app/first-screen-data.ts).
    'src/features/schedule/api/prefetch-schedule.ts',
  ],
  // The chart (recharts) is its own chunk, asked for as the report renders: only /reports has it.
  '/reports': [
    ...DASHBOARD,
    'src/features/reports/routes/reports-page.tsx',
    'src/features/reports/components/report-chart.tsx',
  ],
};

const [entryKey, entry] = Object.entries(manifest).find(([, chunk]) => chunk.isEntry) ?? [];
if (!entry) throw new Error('the manifest has no entry chunk');

/** A chunk and its static imports, by manifest key. */
function closure(key, seen = new Set()) {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) closure(imported, seen);
  return seen;
}

const sizes = new Map();
function measure(keys) {
  let raw = 0;
  let gzip = 0;
  for (const key of keys) {
    const file = manifest[key].file;
    if (!file.endsWith('.js')) continue;
    if (!sizes.has(file)) {
      const bytes = readFileSync(join(dist, file));
      sizes.set(file, { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length });
    }
    raw += sizes.get(file).raw;
    gzip += sizes.get(file).gzip;
  }
  return { raw, gzip, files: [...keys].filter((k) => manifest[k].file.endsWith('.js')).length };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const initial = closure(entryKey);
// Lazy imports of the shell that are not screens: they load with every first screen.
const shell = (entry.dynamicImports ?? []).filter((key) => !key.startsWith('src/'));
const initialSize = measure(initial);
console.log(
  `initial JS (${entryKey}): ${kb(initialSize.raw)} raw, ${kb(initialSize.gzip)} gzip, ${initialSize.files} files`,
);
console.log('| route | JS fetched, raw | gzip | files | beyond the initial JS (gzip) |');
console.log('|---|---|---|---|---|');
for (const [route, modules] of Object.entries(ROUTES)) {
  const keys = new Set(initial);
  for (const key of [...shell, ...modules]) {
    // Not a chunk of its own: the module is bundled into one already counted (before a split).
    if (manifest[key]) closure(key, keys);
  }
  const size = measure(keys);
  console.log(
    `| ${route} | ${kb(size.raw)} | ${kb(size.gzip)} | ${size.files} | ${kb(size.gzip - initialSize.gzip)} |`,
  );
}

{
  // What the extras add on a dashboard screen, beyond what the screen itself loaded.
  const keys = new Set(initial);
  for (const key of [...shell, ...DASHBOARD, 'src/features/home/routes/home-page.tsx']) {
    if (manifest[key]) closure(key, keys);
  }
  const before = measure(keys);
  for (const key of DASHBOARD_EXTRAS) if (manifest[key]) closure(key, keys);
  const after = measure(keys);
  console.log(
    `dashboard extras after the first screen (on /): ${kb(after.raw - before.raw)} raw, ${kb(after.gzip - before.gzip)} gzip, ${after.files - before.files} files`,
  );
}
