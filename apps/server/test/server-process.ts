import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..');

/** A server process a test started: its output so far, and its exit code once it has ended. */
export interface ServerProcess {
  child: ChildProcess;
  exited: Promise<number | null>;
  output(): string;
}

/**
 * Starts the real start-up path (`src/main.ts` under tsx) as a process of its own, with `env`
 * over the test's environment. The caller kills it (keep it in a list an afterEach empties).
 */
export function spawnServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += String(d)));
  child.stderr?.on('data', (d) => (output += String(d)));
  const exited = new Promise<number | null>((resolve) =>
    child.once('close', (code) => resolve(code)),
  );
  return { child, exited, output: () => output };
}

/**
 * Waits until a server process started by a test answers its health check. A cold start (tsx,
 * the database, migrations) takes ~10 s alone and over 30 s beside the other suites on two
 * cores: the deadline is a limit to give up at, not a speed check.
 */
export async function waitForHealth(port: number, deadlineMs = 60_000): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server on :${port} did not become healthy`);
}

/**
 * A port nobody listens on now, for a server process a test starts: the system picks it, so
 * test runs side by side (CI runs the suite on the embedded database and on PostgreSQL in two
 * shards at once) do not take each other's ports.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
