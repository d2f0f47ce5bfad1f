// Benchmark: server start-up (cold: new data dir; warm: existing one) and API latency.
// Usage: node scripts/bench/server.mjs   (run with nothing else busy; prints one line per figure)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const port = 3190;
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'crewdesk-bench-'));
let serverLog = '';

/** The confirmation link the server logged for `email` (mail kept without SMTP). */
async function confirmationToken(email) {
  for (let i = 0; i < 200; i++) {
    for (const line of serverLog.split('\n')) {
      if (!line.includes(email)) continue;
      const token = /\/auth\/confirm\?token=([^"\s]+)/.exec(line)?.[1];
      if (token) return token;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no confirmation link for ${email} in the server log`);
}

async function startServer() {
  const started = performance.now();
  // Node with tsx's loader directly, so SIGTERM reaches the server itself.
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      // info: without SMTP the server logs each kept mail's links (the confirmation link).
      LOG_LEVEL: 'info',
      // 20 sign-ups from one address within a minute.
      AUTH_RATE_LIMIT_MAX: '1000',
      PUBLIC_URL: base,
    },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk) => (serverLog += chunk));
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { child, ms: performance.now() - started };
}

async function stop(child) {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
  // npx → tsx → node: wait until the server itself has released the port.
  for (;;) {
    try {
      await fetch(`${base}/api/health`);
      await new Promise((r) => setTimeout(r, 50));
    } catch {
      return;
    }
  }
}

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function timeRequests(n, request) {
  const times = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const res = await request(i);
    if (!res.ok) throw new Error(`request failed: ${res.status} ${await res.text()}`);
    times.push(performance.now() - t);
  }
  return `p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms over ${n}`;
}

const cold = await startServer();
console.log(`cold start (new data dir, migrations) to healthy: ${cold.ms.toFixed(0)} ms`);
const headers = { 'content-type': 'application/json', origin: base };
console.log(
  `sign-up (scrypt hash + business account): ${await timeRequests(20, (i) =>
    fetch(`${base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        email: `bench${i}@example.test`,
        password: 'bench-password-1',
        name: `Bench ${i}`,
      }),
    }),
  )}`,
);
// The confirmation link signs the user in.
const confirmed = await fetch(
  `${base}/api/auth/verify-email?token=${await confirmationToken('bench0@example.test')}`,
  { headers },
);
const cookie = confirmed.headers.getSetCookie()[0].split(';')[0];
console.log(
  `GET /api/me (session + accounts): ${await timeRequests(200, () => fetch(`${base}/api/me`, { headers: { cookie } }))}`,
);
console.log(`GET /api/health: ${await timeRequests(200, () => fetch(`${base}/api/health`))}`);
await stop(cold.child);

const warm = await startServer();
console.log(`warm start (existing data dir) to healthy: ${warm.ms.toFixed(0)} ms`);
await stop(warm.child);
rmSync(dataDir, { recursive: true, force: true });
