import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, spawnServer, waitForHealth } from '../test/server-process.ts';

// `npm run backup` and `npm run restore` as an operator runs them, beside a real server process.
const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const running: ChildProcess[] = [];
const PASSWORD = 'correct-horse-battery-staple';

afterEach(() => {
  for (const child of running.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

/** Runs one of the server's scripts to its end: exit code and output. */
function runScript(script: string, args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${script}`, ...args], {
    cwd: serverDir,
    env: { ...process.env, DATABASE_URL: '', INIT_CWD: serverDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let output = '';
  child.stdout.on('data', (d) => (output += String(d)));
  child.stderr.on('data', (d) => (output += String(d)));
  return new Promise<{ code: number | null; output: string }>((done) =>
    child.once('close', (code) => done({ code, output })),
  );
}

async function startServer(dataDir: string) {
  const port = await freePort();
  const server = spawnServer({
    DATABASE_URL: '',
    DATA_DIR: dataDir,
    PORT: String(port),
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000',
  });
  running.push(server.child);
  await waitForHealth(port);
  return { ...server, port, origin: `http://localhost:${port}` };
}

async function signIn(server: { port: number; origin: string }, email: string): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${server.port}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.origin },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

function api(server: { port: number; origin: string }, cookie: string) {
  return (path: string, init: { method?: string; body?: unknown } = {}) =>
    fetch(`http://127.0.0.1:${server.port}${path}`, {
      method: init.method ?? 'GET',
      headers: { 'content-type': 'application/json', origin: server.origin, cookie },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
}

/** Keeps adding contacts one after the other until stopped; answers the ids that got 201. */
function keepWriting(call: ReturnType<typeof api>) {
  const created: string[] = [];
  const state: { error?: unknown } = {};
  let stopped = false;
  let n = 0;
  const done = (async () => {
    while (!stopped) {
      n += 1;
      const res = await call('/api/customers', {
        method: 'POST',
        body: {
          firstName: `Kept${n}`,
          lastName: 'Backup',
          email: `kept${n}@example.test`,
          phone: '(512) 555-0100',
        },
      });
      if (res.status !== 201) throw new Error(`adding a contact answered ${res.status}`);
      created.push(((await res.json()) as { id: string }).id);
    }
  })().catch((error: unknown) => {
    state.error = error;
  });
  return {
    created,
    state,
    stop: async () => {
      stopped = true;
      await done;
      if (state.error) throw state.error;
    },
  };
}

const tempDir = (name: string) => mkdtempSync(join(tmpdir(), `crewdesk-${name}-`));

// Embedded database only, whatever the run's TEST_DATABASE_URL: the PostgreSQL shards skip it
// rather than repeat the same minute.
describe.skipIf(process.env.TEST_DATABASE_URL)(
  'npm run backup and npm run restore on the embedded database',
  () => {
    it(
      'when a backup is taken while the server writes, then the restored copy holds every write committed before it began',
      { timeout: 240_000 },
      async () => {
        const dataDir = join(tempDir('backup'), 'data');
        const email = 'owner@backup.test';
        const made = await runScript(
          'create-user.ts',
          ['--email', email, '--password', PASSWORD, '--account-name', 'Backup Co'],
          { DATA_DIR: dataDir },
        );
        expect(made.code, made.output).toBe(0);
        const server = await startServer(dataDir);
        const writer = keepWriting(api(server, await signIn(server, email)));
        while (writer.created.length < 10 && !writer.state.error) {
          await new Promise((r) => setTimeout(r, 50));
        }

        const committedBefore = [...writer.created];
        const file = join(tempDir('backup-file'), 'snapshot.tar.gz');
        const backup = await runScript('backup.ts', [file], { DATA_DIR: dataDir });
        const writtenDuring = writer.created.length - committedBefore.length;
        await writer.stop();
        expect(backup.code, backup.output).toBe(0);
        expect(backup.output).toContain('taken by the running server');
        expect(writtenDuring).toBeGreaterThan(0);
        server.child.kill('SIGTERM');
        await server.exited;

        const restoredDir = join(tempDir('restored'), 'data');
        const restored = await runScript('restore.ts', [file], { DATA_DIR: restoredDir });
        expect(restored.code, restored.output).toBe(0);
        const second = await startServer(restoredDir);
        const call = api(second, await signIn(second, email));
        for (const id of committedBefore) {
          expect((await call(`/api/customers/${id}`)).status, id).toBe(200);
        }
        second.child.kill('SIGTERM');
        expect(await second.exited).toBe(0);
      },
    );

    it(
      'when no server runs, then backup opens the database itself; restore refuses a folder that is not empty and a damaged file',
      { timeout: 120_000 },
      async () => {
        const dataDir = join(tempDir('offline'), 'data');
        const made = await runScript(
          'create-user.ts',
          ['--email', 'owner@offline.test', '--password', PASSWORD],
          { DATA_DIR: dataDir },
        );
        expect(made.code, made.output).toBe(0);
        mkdirSync(join(dataDir, 'uploads', 'logos'), { recursive: true });
        writeFileSync(join(dataDir, 'uploads', 'logos', 'a-logo.png'), 'picture bytes');
        const file = join(tempDir('offline-file'), 'offline.tar.gz');
        const backup = await runScript('backup.ts', [file], { DATA_DIR: dataDir });
        expect(backup.code, backup.output).toBe(0);
        expect(backup.output).toContain('no server was running');

        const busy = await runScript('restore.ts', [file], { DATA_DIR: dataDir });
        expect(busy.code).toBe(1);
        expect(busy.output).toContain(`The data folder ${dataDir} is not empty`);

        const damaged = join(tempDir('damaged'), 'damaged.tar.gz');
        writeFileSync(damaged, 'this is not a backup at all');
        const target = join(tempDir('target'), 'data');
        const refused = await runScript('restore.ts', [damaged], { DATA_DIR: target });
        expect(refused.code).toBe(1);
        expect(refused.output).toContain(`${damaged} is not a Crewdesk backup, or it is damaged`);
        expect(existsSync(target) ? readdirSync(target) : []).toEqual([]);

        const restored = await runScript('restore.ts', [file], { DATA_DIR: target });
        expect(restored.code, restored.output).toBe(0);
        expect(readdirSync(join(target, 'uploads', 'logos'))).toEqual(['a-logo.png']);
        expect(existsSync(join(target, '.auth-secret'))).toBe(true);
      },
    );
  },
);
