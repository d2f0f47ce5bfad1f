import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, spawnServer, waitForHealth } from '../test/server-process.ts';

// The real start-up path (main.ts) as a separate process, on the embedded database.
const running: ChildProcess[] = [];

function startServer(dataDir: string, port: number | string) {
  const server = spawnServer({
    DATABASE_URL: '',
    DATA_DIR: dataDir,
    PORT: String(port),
    LOG_LEVEL: 'warn',
  });
  running.push(server.child);
  return server;
}

function signUp(port: number, email: string) {
  return fetch(`http://127.0.0.1:${port}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: `http://localhost:${port}` },
    body: JSON.stringify({ email, password: 'correct-horse-battery', name: 'Kept User' }),
  });
}

/** The right password of an unconfirmed user answers 403 (an unknown user gets 401). */
function signIn(port: number, email: string) {
  return fetch(`http://127.0.0.1:${port}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: `http://localhost:${port}` },
    body: JSON.stringify({ email, password: 'correct-horse-battery' }),
  });
}

afterEach(() => {
  for (const child of running.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

describe('the server process on the embedded database', () => {
  it(
    'when it gets SIGTERM, then it exits cleanly, frees the data dir and keeps what was written',
    { timeout: 90_000 },
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'crewdesk-main-'));
      const port = await freePort();
      const first = startServer(dataDir, port);
      await waitForHealth(port);
      expect((await signUp(port, 'kept@example.test')).status).toBe(200);

      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      expect(existsSync(join(dataDir, '.lock'))).toBe(false);

      const second = startServer(dataDir, port);
      await waitForHealth(port);
      // The user is still there: their password is known (the address is not confirmed yet).
      expect((await signIn(port, 'kept@example.test')).status).toBe(403);
      expect((await signIn(port, 'never-signed-up@example.test')).status).toBe(401);
      second.child.kill('SIGINT');
      expect(await second.exited).toBe(0);
    },
  );

  it(
    'when a second process opens the same data dir, then it stops with a clear message and the first keeps running',
    { timeout: 90_000 },
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'crewdesk-main-'));
      const port = await freePort();
      const first = startServer(dataDir, port);
      await waitForHealth(port);

      const second = startServer(dataDir, port + 1);
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain(
        `The data directory ${dataDir} is already in use by another Crewdesk process`,
      );
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);

      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
    },
  );

  it(
    'when a setting is invalid, then start stops with a message naming it',
    { timeout: 30_000 },
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'crewdesk-main-'));
      const bad = startServer(dataDir, 'not-a-port');
      const code = await bad.exited;
      expect(code).toBe(1);
      expect(bad.output()).toContain('Invalid configuration:');
      expect(bad.output()).toContain('PORT:');
    },
  );
});
