import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, waitForHealth } from '../test/server-process.ts';

// What `npm start` runs: the server compiled by scripts/build.mjs, started by plain node.
const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..');
// Built inside apps/server, so that node finds the external packages in node_modules.
const tmpRoot = join(serverDir, '.tmp');
mkdirSync(tmpRoot, { recursive: true });
const outDir = mkdtempSync(join(tmpRoot, 'compiled-'));
const dataDir = mkdtempSync(join(tmpdir(), 'crewdesk-compiled-'));
const port = await freePort();
let child: ChildProcess | undefined;

afterAll(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  rmSync(outDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the compiled server', () => {
  it('starts with plain node, no TypeScript loader, and answers /api/health', async () => {
    const build = spawnSync(process.execPath, ['scripts/build.mjs', outDir], {
      cwd: serverDir,
      encoding: 'utf8',
    });
    expect(build.status, build.stderr).toBe(0);

    // vitest's own NODE_OPTIONS would bring its loaders: the server gets none.
    const { NODE_OPTIONS: _ignored, ...env } = process.env;
    child = spawn(process.execPath, [join(outDir, 'main.js')], {
      cwd: serverDir,
      env: {
        ...env,
        DATABASE_URL: '',
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        WEB_CONCURRENCY: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (d) => (output += String(d)));
    child.stderr?.on('data', (d) => (output += String(d)));
    const exited = new Promise<number | null>((resolve) => child?.once('close', resolve));

    await waitForHealth(port, 45_000).catch((error) => {
      throw new Error(`${String(error)}\n${output}`);
    });
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);

    // Its command line and its environment: no tsx, no loader.
    const cmdline = readFileSync(`/proc/${child.pid}/cmdline`, 'utf8').split('\0');
    expect(cmdline.filter((arg) => /tsx|--import|--loader/.test(arg))).toEqual([]);
    const environ = readFileSync(`/proc/${child.pid}/environ`, 'utf8');
    expect(environ).not.toMatch(/NODE_OPTIONS=[^\0]*tsx/);

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 60_000);
});
