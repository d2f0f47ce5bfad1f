#!/usr/bin/env node
// `npm run test:e2e`: builds the web app when dist is missing or older than the
// sources, then runs Playwright with this folder's config. Extra arguments go
// to `playwright test`. Exits with Playwright's status (non-zero on failure).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const webDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = join(webDir, 'dist', 'index.html');

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

const sources = [
  join(webDir, 'src'),
  join(webDir, 'index.html'),
  resolve(webDir, '../../packages/domain/src'),
];
const stale =
  !existsSync(builtIndex) ||
  sources.some(
    (source) => existsSync(source) && newestMtime(source) > statSync(builtIndex).mtimeMs,
  );

if (stale) {
  console.log('e2e: building the web app first…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: webDir, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(
    `e2e: no browser at ${chromium}. Install Debian's chromium (apt-get install -y chromium).`,
  );
  process.exit(1);
}

const result = spawnSync(
  'npx',
  ['playwright', 'test', '--config', 'playwright.config.ts', ...process.argv.slice(2)],
  {
    cwd: webDir,
    stdio: 'inherit',
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
  },
);
process.exit(result.status ?? 1);
