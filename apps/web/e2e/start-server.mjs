#!/usr/bin/env node
// Starts a throw-away Crewdesk server for the end-to-end tests: a fresh data
// folder, the test users made by the server's own factory, then the server
// itself serving the built web app. Playwright's webServer runs this.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const webDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const port = process.env.E2E_PORT ?? '3100';
const dataDir = mkdtempSync(join(tmpdir(), 'crewdesk-e2e-'));
const env = {
  ...process.env,
  PORT: port,
  DATA_DIR: dataDir,
  PUBLIC_URL: `http://localhost:${port}`,
  NODE_ENV: 'production',
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  // Every test signs in from the same address within a minute or two.
  AUTH_RATE_LIMIT_MAX: process.env.AUTH_RATE_LIMIT_MAX ?? '1000',
  RATE_LIMIT_MAX: process.env.RATE_LIMIT_MAX ?? '5000',
};

function cleanUp() {
  rmSync(dataDir, { recursive: true, force: true });
}

const users = JSON.parse(process.env.E2E_USERS ?? '[]');
for (const user of users) {
  const args = [
    'tsx',
    '../server/scripts/create-user.ts',
    '--email',
    user.email,
    '--password',
    user.password,
  ];
  args.push('--role', user.role);
  if (user.firstName) args.push('--first-name', user.firstName);
  if (user.lastName) args.push('--last-name', user.lastName);
  if (user.accountName) args.push('--account-name', user.accountName);
  const result = spawnSync('npx', args, { cwd: webDir, env, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`e2e: creating ${user.email} failed (exit ${result.status ?? result.signal}).`);
    cleanUp();
    process.exit(1);
  }
}

// `npx tsx ../server/src/main.ts`, minus the npm and shell layers in between, so
// a SIGTERM reaches the server itself and it can checkpoint its database.
const server = spawn(process.execPath, ['--import', 'tsx', '../server/src/main.ts'], {
  cwd: webDir,
  env,
  stdio: 'inherit',
});

let stopping = false;
function stop(signal) {
  if (stopping) return;
  stopping = true;
  server.kill(signal);
}
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGHUP', () => stop('SIGTERM'));

server.on('exit', (code, signal) => {
  cleanUp();
  process.exit(stopping ? 0 : (code ?? (signal ? 1 : 0)));
});
