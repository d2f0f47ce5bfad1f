// Benchmark: server start-up (cold: new data dir; warm: existing one) and API latency.
// Usage: node scripts/bench/server.mjs   (run with nothing else busy; prints one line per figure)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { percentile, sleep, startServer, stopServer } from './lib.mjs';

const port = 3190;
const dataDir = mkdtempSync(join(tmpdir(), 'crewdesk-bench-'));

/** The confirmation link the server logged for `email` (mail kept without SMTP). */
async function confirmationToken(server, email) {
  for (let i = 0; i < 200; i++) {
    for (const line of server.log.split('\n')) {
      if (!line.includes(email)) continue;
      const token = /\/auth\/confirm\?token=([^"\s]+)/.exec(line)?.[1];
      if (token) return token;
    }
    await sleep(50);
  }
  throw new Error(`no confirmation link for ${email} in the server log`);
}

function start() {
  return startServer({
    port,
    env: {
      DATA_DIR: dataDir,
      // info: without SMTP the server logs each kept mail's links (the confirmation link).
      LOG_LEVEL: 'info',
      // 20 sign-ups from one address within a minute.
      AUTH_RATE_LIMIT_MAX: '1000',
    },
  });
}

async function timeRequests(n, request) {
  const times = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const res = await request(i);
    if (!res.ok) throw new Error(`request failed: ${res.status} ${await res.text()}`);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return `p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms over ${n}`;
}

const cold = await start();
const base = cold.base;
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
  `${base}/api/auth/verify-email?token=${await confirmationToken(cold, 'bench0@example.test')}`,
  { headers },
);
const cookie = confirmed.headers.getSetCookie()[0].split(';')[0];
console.log(
  `GET /api/me (session + accounts): ${await timeRequests(200, () => fetch(`${base}/api/me`, { headers: { cookie } }))}`,
);
console.log(`GET /api/health: ${await timeRequests(200, () => fetch(`${base}/api/health`))}`);
await stopServer(cold);

const warm = await start();
console.log(`warm start (existing data dir) to healthy: ${warm.ms.toFixed(0)} ms`);
await stopServer(warm);
rmSync(dataDir, { recursive: true, force: true });
