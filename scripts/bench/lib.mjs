// Helpers shared by the benchmarks in this folder: the machine line, percentiles, a load of
// concurrent clients, and the real server started on its own port.
import { spawn } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The value at percentile `p` of `sorted` (ascending). */
export function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export function machine() {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
}

/** Deterministic pseudo-random numbers, so each run asks the same things. */
export function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * `clients` loops, each sending its next request when the last one answered, until `total`
 * requests are done. Prints one line and returns its figures (milliseconds, requests/second).
 */
export async function measure(label, total, run, clients = 1) {
  const times = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (;;) {
        const i = next++;
        if (i >= total) return;
        const t = performance.now();
        await run(i);
        times.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const figures = {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    perSecond: total / seconds,
  };
  console.log(
    `  ${label.padEnd(48)} p50 ${figures.p50.toFixed(1).padStart(5)} ms   p95 ${figures.p95.toFixed(1).padStart(5)} ms   (${total} requests, ${figures.perSecond.toFixed(0)}/s)`,
  );
  return figures;
}

/**
 * Starts the real server (Node with tsx's loader directly, so SIGTERM reaches the server
 * itself) on `port`, with `env` over this process's environment, and waits until
 * /api/health answers. `server.log` collects what it prints; `server.ms` is the time to healthy.
 */
export async function startServer({ port, env = {} }) {
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    // One server process unless asked: on PostgreSQL the default would be one per core.
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: base,
      WEB_CONCURRENCY: process.env.WEB_CONCURRENCY ?? '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const server = { base, child, log: '', ms: 0 };
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => (server.log += chunk));
  }
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server stopped before it answered:\n${server.log.slice(-2000)}`);
    }
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      /* not listening yet */
    }
    await sleep(50);
  }
  server.ms = performance.now() - started;
  return server;
}

/** Stops a server from startServer and waits until its port is free again. */
export async function stopServer(server) {
  const { child, base } = server;
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  for (;;) {
    try {
      await fetch(`${base}/api/health`);
      await sleep(50);
    } catch {
      return;
    }
  }
}

/** Signs in over HTTP; the headers (session cookie, origin) later requests send. */
export async function signInOverHttp(base, email, password) {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { cookie, origin: base };
}

/**
 * Runs `run(engine, url)` on a throw-away database `${prefix}_${pid}` of the PostgreSQL at
 * `adminUrl`, dropped afterwards unless `keep`.
 */
export async function withThrowawayPostgres(adminUrl, prefix, keep, run) {
  const { default: pg } = await import('pg');
  const name = `${prefix}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query('SHOW server_version');
    await admin.query(`CREATE DATABASE ${name}`);
    try {
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      await run(`PostgreSQL ${rows[0].server_version}`, url.toString());
    } finally {
      if (keep) console.log(`  kept database ${name}`);
      else await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
    }
  } finally {
    await admin.end();
  }
}
