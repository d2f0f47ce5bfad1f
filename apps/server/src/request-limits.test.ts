import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresCopyUrl } from '../test/database.ts';
import { freePort, spawnServer, waitForHealth } from '../test/server-process.ts';

// Two real server processes (main.ts) on one PostgreSQL database, as a self-hoster runs them
// behind a load balancer. The embedded database allows one process (db/data-dir-lock.ts), so
// this is a PostgreSQL matter: the suite's PostgreSQL run covers it.
const postgresUrl = process.env.TEST_DATABASE_URL;
const running: ChildProcess[] = [];
const firstPort = await freePort();
const secondPort = await freePort();

function startServer(databaseUrl: string, port: number): ChildProcess {
  const { child } = spawnServer({
    DATABASE_URL: databaseUrl,
    // Two separate processes, as on two machines (cluster.test.ts covers WEB_CONCURRENCY).
    WEB_CONCURRENCY: '1',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'crewdesk-limits-')),
    AUTH_SECRET: 'limits-test-secret-limits-test-secret-0123',
    PUBLIC_URL: `http://localhost:${firstPort}`,
    PORT: String(port),
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '8',
    AUTH_RATE_LIMIT_MAX: '2',
    PUBLIC_FORM_RATE_LIMIT_MAX: '2',
  });
  running.push(child);
  return child;
}

function send(port: number, path: string, body?: unknown): Promise<number> {
  return fetch(`http://127.0.0.1:${port}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      origin: `http://localhost:${firstPort}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).then((response) => response.status);
}

/** Sends the requests one after another, alternating between the two processes. */
async function alternate(ports: number[], count: number, path: string, body?: unknown) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push(await send(ports[i % 2]!, path, body));
  return statuses;
}

afterAll(() => {
  for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
});

describe.runIf(postgresUrl)(
  'two server processes on one PostgreSQL (the PostgreSQL run; the embedded database allows one process)',
  () => {
    it(
      'when a client alternates between them, then each limit counts its requests together',
      // Two cold starts beside the other suites on two cores: a limit to give up at.
      { timeout: 420_000 },
      async () => {
        const copy = await createPostgresCopyUrl(postgresUrl!);
        try {
          const ports = [firstPort, secondPort];
          // One after the other: both would run the migrations at once otherwise.
          startServer(copy.url, ports[0]!);
          await waitForHealth(ports[0]!, 180_000);
          startServer(copy.url, ports[1]!);
          await waitForHealth(ports[1]!, 180_000);

          // The public request form: two sends per client in its window, whichever process.
          const form = { firstName: 'Flo', lastName: 'Od', email: 'flo@example.com' };
          const sends = await alternate(
            ports,
            3,
            '/api/public/request-form/no-such-business',
            form,
          );
          expect(sends.slice(0, 2)).not.toContain(429);
          expect(sends[2]).toBe(429);

          // Sign-in attempts (better-auth counts these in the database itself): two per minute.
          const signIn = { email: 'nobody@example.com', password: 'not the password at all' };
          const signIns = await alternate(ports, 3, '/api/auth/sign-in/email', signIn);
          expect(signIns.slice(0, 2)).not.toContain(429);
          expect(signIns[2]).toBe(429);

          // The general API limit: eight requests a minute, the three sign-ins among them.
          const reads = await alternate(ports, 7, '/api/me');
          expect(reads.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
          expect(reads.slice(5)).toEqual([429, 429]);
        } finally {
          for (const child of running.splice(0)) child.kill('SIGTERM');
          await new Promise((resolve) => setTimeout(resolve, 1_000));
          await copy.drop();
        }
      },
    );
  },
);
