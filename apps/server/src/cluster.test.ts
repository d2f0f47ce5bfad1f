import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createPostgresCopyUrl } from '../test/database.ts';
import { freePort, spawnServer, waitForHealth } from '../test/server-process.ts';

// WEB_CONCURRENCY: the real start-up path (main.ts) as a cluster of server processes on one port.
const postgresUrl = process.env.TEST_DATABASE_URL;
// Apart from main.test.ts (3900–4199) and request-limits.test.ts (4300–4399).
const port = await freePort();
const running: ChildProcess[] = [];

function startServer(env: Record<string, string>) {
  const server = spawnServer({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'crewdesk-cluster-')),
    AUTH_SECRET: 'cluster-test-secret-cluster-test-secret-0123',
    PUBLIC_URL: `http://localhost:${port}`,
    PORT: String(port),
    LOG_LEVEL: 'info',
    ...env,
  });
  running.push(server.child);
  return server;
}

/** The server processes the primary has forked (its other child is tsx's esbuild service). */
function workerPids(primaryPid: number): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (ppid === primaryPid && cmdline.includes('src/main.ts')) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids.sort();
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(check: () => boolean, what: string, deadlineMs = 90_000): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * One request on a connection of its own (no keep-alive): the cluster hands each new
 * connection to its workers in turn.
 */
function send(
  path: string,
  options: { body?: unknown; cookie?: string } = {},
): Promise<{ status: number; cookies: string[] }> {
  return new Promise((resolve, reject) => {
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: body === undefined ? 'GET' : 'POST',
        agent: false,
        headers: {
          origin: `http://localhost:${port}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(options.cookie ? { cookie: options.cookie } : {}),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, cookies: res.headers['set-cookie'] ?? [] }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const runningLines = (output: string) =>
  output.split('\n').filter((line) => line.includes('with 2 server processes')).length;

afterEach(() => {
  for (const child of running.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

describe.runIf(postgresUrl)('WEB_CONCURRENCY=2 on PostgreSQL (the PostgreSQL run)', () => {
  it(
    'when it starts, then two worker processes serve one port, share sessions, are replaced when one dies and all stop on SIGTERM',
    { timeout: 240_000 },
    async () => {
      const copy = await createPostgresCopyUrl(postgresUrl!);
      try {
        const primary = startServer({ DATABASE_URL: copy.url, WEB_CONCURRENCY: '2' });
        const primaryPid = primary.child.pid!;
        await waitForHealth(port, 90_000);
        await until(() => runningLines(primary.output()) === 1, 'both workers to listen');
        const originals = workerPids(primaryPid);
        expect(originals).toHaveLength(2);
        expect(originals).not.toContain(primaryPid);

        // A session made through whichever worker takes the sign-in.
        const email = 'cluster@example.test';
        const password = 'correct-horse-battery';
        expect(
          (await send('/api/auth/sign-up/email', { body: { email, password, name: 'Clu Ster' } }))
            .status,
        ).toBe(200);
        const client = new pg.Client({ connectionString: copy.url });
        await client.connect();
        try {
          await client.query('update users set email_verified = true where email = $1', [email]);
        } finally {
          await client.end();
        }
        const signIn = await send('/api/auth/sign-in/email', { body: { email, password } });
        expect(signIn.status).toBe(200);
        const cookie = signIn.cookies.map((c) => c.split(';')[0]).join('; ');
        expect(cookie).toContain('session_token');
        for (let i = 0; i < 4; i++) expect((await send('/api/me', { cookie })).status).toBe(200);

        // Each original worker is killed in turn: the other one answers at once, and the
        // primary starts a new one.
        for (const [index, pid] of originals.entries()) {
          process.kill(pid, 'SIGKILL');
          await until(() => !isAlive(pid), `worker ${pid} to die`);
          expect((await send('/api/health')).status).toBe(200);
          await until(
            () => runningLines(primary.output()) === index + 2,
            'the replacement worker to listen',
          );
        }
        expect(primary.output()).toContain('a server process died; starting a new one');
        const replacements = workerPids(primaryPid);
        expect(replacements).toHaveLength(2);
        expect(replacements.filter((pid) => originals.includes(pid))).toEqual([]);

        // Neither of the workers now running saw the sign-in: the session lives in the database.
        for (let i = 0; i < 4; i++) expect((await send('/api/me', { cookie })).status).toBe(200);
        expect((await send('/api/me')).status).toBe(401);

        primary.child.kill('SIGTERM');
        expect(await primary.exited).toBe(0);
        for (const pid of replacements) expect(isAlive(pid)).toBe(false);
        expect(primary.output()).toContain('stopping the server processes');
      } finally {
        for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        await copy.drop();
      }
    },
  );
});

describe('WEB_CONCURRENCY on the embedded database', () => {
  it(
    'when it is above 1, then start stops with a message saying PostgreSQL is needed',
    { timeout: 60_000 },
    async () => {
      const server = startServer({ DATABASE_URL: '', WEB_CONCURRENCY: '2' });
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain(
        'WEB_CONCURRENCY: 2 server processes need PostgreSQL (set DATABASE_URL)',
      );
    },
  );
});
