#!/usr/bin/env node
// `npm start`: builds what is missing or older than its sources (the web app with Vite, the
// server with esbuild), then runs the compiled server, apps/server/dist/main.js, with plain node
// in this process: no TypeScript loader, and nothing is rebuilt when the builds are up to date.
// A cluster worker (WEB_CONCURRENCY > 1) re-runs this file: it goes straight to the server.
import cluster from 'node:cluster';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const webDir = join(root, 'apps/web');
const serverDir = join(root, 'apps/server');
const domainSrc = join(root, 'packages/domain/src');
const serverEntry = join(serverDir, 'dist/main.js');

/** The newest modification time under path (a file or a folder), tests left out. */
function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs; // a deleted file changes its folder's time
  for (const entry of readdirSync(path)) {
    if (/\.test\.tsx?$/.test(entry)) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** True when output is missing or older than any of the sources. */
function isStale(output, sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((source) => existsSync(source) && newestMtime(source) > built);
}

function run(what, args, cwd) {
  console.log(`start: building the ${what}…`);
  const result = spawnSync('npm', args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (cluster.isPrimary) {
  const webSources = [
    join(webDir, 'src'),
    join(webDir, 'public'),
    join(webDir, 'index.html'),
    join(webDir, 'vite.config.ts'),
    domainSrc,
  ];
  if (isStale(join(webDir, 'dist/index.html'), webSources)) {
    run('web app', ['run', 'build'], webDir);
  }
  const serverSources = [
    join(serverDir, 'src'),
    join(serverDir, 'scripts/build.mjs'),
    join(serverDir, 'tsconfig.json'),
    domainSrc,
  ];
  if (isStale(serverEntry, serverSources)) {
    run('server', ['run', 'build'], serverDir);
  }
}

// Stack traces point at the TypeScript source (dist/main.js.map).
process.setSourceMapsEnabled(true);
await import(pathToFileURL(serverEntry).href);
