// `npm run bench:api` (docs/benchmarks.md): Crewdesk's server against a bare Fastify + pg server
// that sends Crewdesk's own SQL (scripts/bench/bare-server.mjs) and against pgbench on those
// statements, in interleaved rounds on one throw-away PostgreSQL database, with the ratios per
// round and their medians and the server CPU per request. Then the schedule, jobs and invoices
// lists of a business with 1,000 records against one with 100,000 (flatness).
//
// The database (created on BENCH_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres,
// dropped at the end): one business with --contacts contacts, jobs, requests and invoices, one
// with --small of each, and 300 small ones around them. The owners are made by the checkout's
// own create-user script; the rest is SQL.
//
// Usage: node scripts/bench/api.mjs [--rounds 5] [--duration 6] [--connections 50]
//   [--contacts 100000] [--small 1000] [--flat-rounds 3] [--flat-duration 4]
//   [--flat-connections 10] [--cluster 2] [--no-flat] [--checkout DIR] [--keep]
// --checkout measures another checkout's server (e.g. an older commit in a worktree): its
//   apps/server/dist/main.js if built, else src/main.ts under tsx. The bare server and pgbench
//   are always this checkout's.
// --cluster N adds one round with WEB_CONCURRENCY=N (0 skips it).
// --addresses N sends each request from one of N client addresses (X-Forwarded-For, the server
//   with TRUST_PROXY=true): by default every request comes from 127.0.0.1, one client to the
//   request limit, whose counter is then one row that every request updates.
// Needs wrk (apt-get install -y wrk) and pgbench. Run it with nothing else busy.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, isDeepStrictEqual } from 'node:util';
import pg from 'pg';
import { BY_ID_SQL, LIST_SQL, byIdParams, listParams } from './bare-server.mjs';
import { insertContactsSql } from './customers-data.mjs';
import { machine, sleep } from './lib.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = resolve(here, '../..');

const { values: opt } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    duration: { type: 'string', default: '6' },
    connections: { type: 'string', default: '50' },
    contacts: { type: 'string', default: '100000' },
    small: { type: 'string', default: '1000' },
    'flat-rounds': { type: 'string', default: '3' },
    'flat-duration': { type: 'string', default: '4' },
    'flat-connections': { type: 'string', default: '10' },
    cluster: { type: 'string', default: '2' },
    addresses: { type: 'string', default: '0' },
    'no-flat': { type: 'boolean', default: false },
    checkout: { type: 'string', default: repoRoot },
    keep: { type: 'boolean', default: false },
  },
});
const ROUNDS = Number(opt.rounds);
const DURATION = Number(opt.duration);
const CONNECTIONS = Number(opt.connections);
const BIG = Number(opt.contacts);
const SMALL = Number(opt.small);
const CHECKOUT = resolve(opt.checkout);
const SERVER_DIR = join(CHECKOUT, 'apps/server');
const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PASSWORD = 'Crewdesk-bench-7Qx!pL';
const CREWDESK_PORT = 3600;
const BARE_PORT = 3700;
const TINY_ACCOUNTS = 300;
/** Visits in the measured month (December 2026) in both businesses; the rest is history. */
const MONTH_VISITS = 150;
/** Open invoices in both businesses (the newest); the rest are paid. */
const OPEN_INVOICES = 100;
const LIST_PATH = '/api/customers?sort=newest&limit=25';
const FLAT_PATHS = {
  schedule: '/api/schedule?from=2026-11-30&to=2027-01-10',
  jobs: '/api/jobs?kind=job&limit=25',
  invoices: '/api/invoices?limit=25',
};
const ADDRESSES = Number(opt.addresses);
const CPU_TICK_MS = 1000 / Number(execFileSync('getconf', ['CLK_TCK']).toString().trim() || 100);

/**
 * fetch, tried once more when it fails: a connection kept alive from minutes before may have
 * been closed by the server just as it is reused.
 */
async function httpFetch(url, init) {
  try {
    return await fetch(url, init);
  } catch {
    await sleep(100);
    return fetch(url, init);
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const f1 = (x) => (Number.isFinite(x) ? x.toFixed(1) : '–');
const f2 = (x) => (Number.isFinite(x) ? x.toFixed(2) : '–');

for (const tool of ['wrk', 'pgbench']) {
  if (spawnSync('which', [tool]).status !== 0) {
    throw new Error(
      `${tool} is missing (apt-get install -y ${tool === 'wrk' ? 'wrk' : 'postgresql-client'})`,
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Processes: CPU from /proc, servers started and stopped

/** utime + stime of `pid` and of every process below it, in milliseconds. */
function treeCpuMs(pid) {
  const parents = new Map();
  const cpu = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(Number(entry), Number(fields[1]));
      cpu.set(Number(entry), (Number(fields[11]) + Number(fields[12])) * CPU_TICK_MS);
    } catch {
      /* ended meanwhile */
    }
  }
  let total = 0;
  const inTree = (p) => {
    for (let q = p; q > 1; q = parents.get(q) ?? 0) if (q === pid) return true;
    return false;
  };
  for (const [p, ms] of cpu) if (inTree(p)) total += ms;
  return total;
}

/** PostgreSQL's CPU (every postgres process, plus the ended backends its postmaster reaped). */
function postgresCpuMs() {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (comm !== 'postgres') continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += Number(fields[11]) + Number(fields[12]);
      if (Number(fields[1]) === 1 || fields[1] === '0')
        total += Number(fields[13]) + Number(fields[14]);
    } catch {
      /* ended meanwhile */
    }
  }
  return total * CPU_TICK_MS;
}

/**
 * Waits until the server (and PostgreSQL) have been quiet for 3 s in a row — under 5 % of a core
 * each — or 180 s have passed, and says how long that took and what the server spent meanwhile.
 */
async function waitQuiet(server) {
  const started = Date.now();
  const serverBefore = treeCpuMs(server.child.pid);
  let quietFor = 0;
  while (quietFor < 3 && Date.now() - started < 180_000) {
    const [s0, p0] = [treeCpuMs(server.child.pid), postgresCpuMs()];
    await sleep(1000);
    const [s1, p1] = [treeCpuMs(server.child.pid), postgresCpuMs()];
    quietFor = s1 - s0 < 50 && p1 - p0 < 50 ? quietFor + 1 : 0;
  }
  console.log(
    `\nThe server's start-up work (hourly runs over the seeded history): quiet after ${((Date.now() - started) / 1000).toFixed(0)} s, ${((treeCpuMs(server.child.pid) - serverBefore) / 1000).toFixed(1)} s of server CPU meanwhile`,
  );
}

/** The machine's busy and total CPU time so far (/proc/stat), in ticks. */
function machineCpu() {
  const fields = readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const total = fields.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: total - fields[3] - fields[4], total };
}

function spawnLogged(command, args, options) {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  const proc = { child, log: '' };
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => (proc.log = (proc.log + chunk).slice(-20_000)));
  }
  return proc;
}

async function waitHealthy(proc, url) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null) throw new Error(`stopped before it answered:\n${proc.log}`);
    try {
      if ((await httpFetch(url)).status < 500) return;
    } catch {
      /* not listening yet */
    }
    await sleep(100);
  }
  throw new Error(`no answer from ${url}:\n${proc.log}`);
}

async function stop(proc) {
  if (proc.child.exitCode === null && proc.child.signalCode === null) {
    const exited = new Promise((r) => proc.child.once('exit', r));
    proc.child.kill('SIGTERM');
    await exited;
  }
}

/** The checkout's server: compiled when built, else its sources under tsx. */
function serverCommand() {
  const dist = join(SERVER_DIR, 'dist/main.js');
  return existsSync(dist)
    ? { args: ['dist/main.js'], what: 'compiled (node dist/main.js)' }
    : { args: ['--import', 'tsx', 'src/main.ts'], what: 'sources under tsx (no dist build)' };
}

async function startCrewdesk(databaseUrl, { concurrency = 1, captureFile } = {}) {
  const base = `http://127.0.0.1:${CREWDESK_PORT}`;
  const { args } = serverCommand();
  const preload = captureFile ? ['--import', join(here, 'sql-capture.mjs')] : [];
  const dataDir = mkdtempSync(join(os.tmpdir(), 'crewdesk-bench-api-'));
  const proc = spawnLogged(process.execPath, [...preload, ...args], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: String(CREWDESK_PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      WEB_CONCURRENCY: String(concurrency),
      LOG_LEVEL: 'warn',
      AUTH_SECRET: 'crewdesk-bench-api-secret-0123456789abcdef',
      RATE_LIMIT_MAX: '1000000000',
      AUTH_RATE_LIMIT_MAX: '1000',
      ...(ADDRESSES > 0 ? { TRUST_PROXY: 'true' } : {}),
      ...(captureFile ? { BENCH_SQL_CAPTURE_FILE: captureFile } : {}),
    },
  });
  proc.base = base;
  proc.dataDir = dataDir;
  await waitHealthy(proc, `${base}/api/health`);
  // The cluster's workers answer health one by one: give them all time to listen.
  if (concurrency > 1) await sleep(3000);
  return proc;
}

async function startBare(databaseUrl, accountId) {
  const proc = spawnLogged(process.execPath, [join(here, 'bare-server.mjs')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      BARE_DATABASE_URL: databaseUrl,
      BARE_ACCOUNT_ID: accountId,
      PORT: String(BARE_PORT),
    },
  });
  proc.base = `http://127.0.0.1:${BARE_PORT}`;
  await waitHealthy(proc, `${proc.base}/api/customers?limit=1`);
  return proc;
}

async function signIn(base, email) {
  const res = await httpFetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

// ---------------------------------------------------------------------------------------------
// Load: wrk for HTTP, pgbench for the statements alone

function toMs(value) {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(value);
  if (!m) return NaN;
  return Number(m[1]) * { us: 0.001, ms: 1, s: 1000, m: 60_000 }[m[2]];
}

/** wrk against `url` for `seconds`; the server's CPU per request when `pid` is given. */
function wrk(url, { cookie, seconds, connections, pid }) {
  const cpuBefore = pid ? treeCpuMs(pid) : 0;
  const pgBefore = postgresCpuMs();
  const machineBefore = machineCpu();
  const args = ['-t', '2', '-c', String(connections), '-d', `${seconds}s`, '--latency'];
  if (cookie) args.push('-H', `cookie: ${cookie}`);
  if (ADDRESSES > 0) args.push('-s', addressesScript());
  const out = execFileSync('wrk', [...args, url], { encoding: 'utf8' });
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
  const bad = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  const errors = /Socket errors: (.*)/.exec(out)?.[1];
  if (bad > 0 || requests === 0) throw new Error(`wrk ${url}: ${bad} bad answers\n${out}`);
  const machineAfter = machineCpu();
  return {
    busy: (machineAfter.busy - machineBefore.busy) / (machineAfter.total - machineBefore.total),
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)[1]),
    p50: toMs(/\s50%\s+(\S+)/.exec(out)[1]),
    p99: toMs(/\s99%\s+(\S+)/.exec(out)[1]),
    cpuPerRequest: pid ? (treeCpuMs(pid) - cpuBefore) / requests : NaN,
    pgCpuPerRequest: (postgresCpuMs() - pgBefore) / requests,
    errors,
  };
}

/** A wrk script giving each request one of ADDRESSES client addresses. */
function addressesScript() {
  const file = join(os.tmpdir(), `crewdesk-bench-addresses-${process.pid}.lua`);
  if (!existsSync(file)) {
    writeFileSync(
      file,
      `request = function()\n  local n = math.random(0, ${ADDRESSES - 1})\n` +
        `  wrk.headers["X-Forwarded-For"] = "10." .. math.floor(n / 256) .. "." .. (n % 256) .. ".1"\n` +
        '  return wrk.format()\nend\n',
    );
  }
  return file;
}

const literal = (v) => (typeof v === 'number' ? String(v) : `'${String(v).replaceAll("'", "''")}'`);

/** pgbench running `statements` (text with $n, values) as one transaction-less script. */
function pgbench(databaseUrl, statements, { seconds, connections }) {
  const file = join(os.tmpdir(), `crewdesk-bench-${process.pid}.sql`);
  // Simple protocol with the values as literals: in its extended mode pgbench would read the
  // `:MI` and `:SS` of the cursor's to_char format as its own variables.
  const script = statements
    .map(([text, values]) => `${text.replace(/\$(\d+)/g, (_, n) => literal(values[n - 1]))};`)
    .join('\n');
  writeFileSync(file, `${script}\n`);
  const pgBefore = postgresCpuMs();
  const url = new URL(databaseUrl);
  const out = execFileSync(
    'pgbench',
    [
      '-n',
      '-M',
      'simple',
      '-c',
      String(connections),
      '-j',
      '2',
      '-T',
      String(seconds),
      '-f',
      file,
      '-h',
      url.hostname,
      '-p',
      url.port || '5432',
      '-U',
      decodeURIComponent(url.username || 'postgres'),
      url.pathname.slice(1),
    ],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  );
  rmSync(file, { force: true });
  const transactions = Number(/number of transactions actually processed: (\d+)/.exec(out)[1]);
  const failed = /number of failed transactions: (\d+)/.exec(out)?.[1];
  if (failed && Number(failed) > 0) throw new Error(`pgbench: ${failed} failed\n${out}`);
  return {
    rps: Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(out)[1]),
    p50: NaN,
    p99: NaN,
    latencyAvg: Number(/latency average = ([\d.]+) ms/.exec(out)?.[1]),
    cpuPerRequest: NaN,
    pgCpuPerRequest: (postgresCpuMs() - pgBefore) / transactions,
  };
}

// ---------------------------------------------------------------------------------------------
// The data

function createOwner(databaseUrl, email, accountName) {
  // The checkout's own script (its password rules and schema), under tsx like the other scripts.
  const out = execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'scripts/create-user.ts',
      '--email',
      email,
      '--password',
      PASSWORD,
      '--account-name',
      accountName,
    ],
    {
      cwd: SERVER_DIR,
      encoding: 'utf8',
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        AUTH_SECRET: 'crewdesk-bench-api-secret-0123456789abcdef',
        LOG_LEVEL: 'warn',
      },
    },
  );
  const accountId = /in account ([0-9a-f-]{36})/.exec(out)?.[1];
  if (!accountId) throw new Error(`create-user said: ${out}`);
  return accountId;
}

/** `count` jobs of `accountId`: MONTH_VISITS in December 2026, the rest over six years before. */
function jobsSql(count) {
  return `
WITH v AS (
  INSERT INTO jobs (account_id, title, location, latitude, longitude, starts_at, duration_minutes,
                    type, price_cents, status, created_at, updated_at)
  SELECT $1, (ARRAY['Standard cleaning','Deep cleaning','Office cleaning','Move-in inspection',
                    'Gutter clearing'])[1 + i % 5],
         i || ' Congress Ave, Austin, TX', 30.2 + (i % 97) / 1000.0, -97.8 + (i % 89) / 1000.0,
         CASE WHEN i <= ${MONTH_VISITS}
           THEN ((date '2026-12-01' + (i % 31)) + time '08:00' + ((i / 31) % 18) * interval '30 minutes')
                AT TIME ZONE 'America/Chicago'
           ELSE timestamptz '2026-11-20 14:00Z' - (i - ${MONTH_VISITS}) * (interval '2190 days' / ${Math.max(1, count - MONTH_VISITS)})
         END,
         60 + (i % 3) * 30, (ARRAY['cleaning','inspection','maintenance'])[1 + i % 3],
         10000 + (i % 20) * 500, CASE WHEN i <= ${MONTH_VISITS} THEN 'scheduled' ELSE 'completed' END,
         now() - i * interval '1 minute', now() - i * interval '1 minute'
  FROM generate_series(1, ${count}) AS i
  RETURNING id, account_id
)
INSERT INTO job_assignees (account_id, job_id, employee_id)
SELECT v.account_id, v.id, $2::uuid FROM v`;
}

/** `count` invoices over three years, the newest OPEN_INVOICES open (some overdue), with payments. */
function invoicesSql(count) {
  const open = `n > ${count - OPEN_INVOICES}`;
  return `
WITH i AS (
  INSERT INTO invoices (account_id, number, number_text, client_name, client_email, issue_date,
                        payment_terms, due_date, line_items, subtotal_cents, discount_cents,
                        tax_cents, total_cents, amount_paid_cents, balance_cents, status,
                        share_token, created_at, updated_at)
  SELECT $1, n, 'INV-' || lpad(n::text, 6, '0'),
         (ARRAY['Dana Whitfield','Lena Park','Marco Ruiz','Ann Lee','Kofi Mensah','Ivy Chen'])[1 + n % 6] || ' ' || (n % 500),
         'client' || (n % 500) || '@example.test',
         date '2023-11-20' + (n * 1095 / ${count}),
         'net_15', date '2023-11-20' + (n * 1095 / ${count}) + 15,
         '[{"description":"Standard cleaning","quantity":1,"unitPriceCents":15000,"taxable":true}]',
         15000, 0, 1238, 16238,
         CASE WHEN NOT (${open}) OR n % 4 = 0 THEN 16238 WHEN n % 4 = 1 THEN 5000 ELSE 0 END,
         16238 - CASE WHEN NOT (${open}) OR n % 4 = 0 THEN 16238 WHEN n % 4 = 1 THEN 5000 ELSE 0 END,
         CASE WHEN NOT (${open}) OR n % 4 = 0 THEN 'paid' WHEN n % 4 = 1 THEN 'partially_paid'
              WHEN n % 4 = 2 THEN 'sent' ELSE 'draft' END,
         md5(random()::text || n), now() - (${count} - n) * interval '10 minutes', now()
  FROM generate_series(1, ${count}) AS n
  RETURNING id, account_id, amount_paid_cents, issue_date, number
)
INSERT INTO invoice_payments (account_id, invoice_id, method, amount_cents, paid_on, created_at)
SELECT account_id, id, (ARRAY['cash','check','card','bank_transfer'])[1 + number % 4],
       amount_paid_cents, issue_date + 5, now() - (${count} - number) * interval '10 minutes'
FROM i WHERE amount_paid_cents > 0`;
}

/** `count` estimates and quotes, one every two hours back from now. */
function requestsSql(count) {
  return `
INSERT INTO requests (account_id, title, client, client_email, amount_cents, date, status, type,
                      details, expires_at, created_at, updated_at)
SELECT $1, 'Estimate for client ' || i, 'Client ' || i, 'client' || i || '@example.test',
       15000 + (i % 40) * 250, (now() - i * interval '2 hours')::date,
       'unopened', CASE WHEN i % 10 < 6 THEN 'estimate' ELSE 'quote' END, '{}'::jsonb,
       now() - i * interval '2 hours' + interval '30 days',
       now() - i * interval '2 hours', now() - i * interval '2 hours'
FROM generate_series(1, ${count}) AS i`;
}

async function timed(label, work) {
  const t = performance.now();
  const result = await work();
  console.log(`  ${label}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
  return result;
}

async function seed(databaseUrl) {
  console.log('Seeding:');
  const big = await timed('owner of the big business (create-user, migrates)', () =>
    createOwner(databaseUrl, 'big@bench-api.example', 'Big Bench Cleaning'),
  );
  const small = await timed('owner of the small business', () =>
    createOwner(databaseUrl, 'small@bench-api.example', 'Small Bench Cleaning'),
  );
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('SELECT setseed(0.42)');
    const { rows } = await client.query(`
      INSERT INTO business_accounts (id, name, slug)
      SELECT gen_random_uuid(), 'Bench ' || i, 'bench-' || i || '-' || gen_random_uuid()
      FROM generate_series(1, ${TINY_ACCOUNTS}) AS i RETURNING id`);
    const tiny = rows.map((r) => r.id);
    const others = `ARRAY[${tiny.map((id) => `'${id}'::uuid`).join(',')}]`;
    for (const id of [big, small]) {
      await client.query(
        `INSERT INTO business_details (account_id, business_name, time_zone, zip)
         VALUES ($1, 'Bench Cleaning', 'America/Chicago', '78701')`,
        [id],
      );
    }
    await timed(
      `${BIG.toLocaleString('en-US')} contacts in the big business, ${BIG.toLocaleString('en-US')} in ${TINY_ACCOUNTS} small ones, ${SMALL.toLocaleString('en-US')} in the small business`,
      async () => {
        await client.query(
          insertContactsSql({
            from: 1,
            count: 2 * BIG,
            bigAccount: big,
            mediumAccount: tiny[0],
            otherAccounts: others,
          }),
        );
        await client.query(insertContactsSql({ from: 1, count: SMALL, bigAccount: small }));
      },
    );
    await timed('jobs (one assignee each), invoices with payments, requests', async () => {
      for (const [id, count] of [
        [big, BIG],
        [small, SMALL],
        ...tiny.slice(0, 100).map((t) => [t, 50]),
      ]) {
        const { rows: emp } = await client.query(
          'SELECT id FROM employees WHERE account_id = $1 LIMIT 1',
          [id],
        );
        if (emp[0]) await client.query(jobsSql(count), [id, emp[0].id]);
        await client.query(invoicesSql(count), [id]);
        await client.query(
          // Reminders off: the hourly run would otherwise send the small businesses' overdue
          // notices (thousands of mails) while the rounds run.
          `INSERT INTO invoice_settings (account_id, next_number, reminders_enabled)
           VALUES ($1, ${count + 1}, false)`,
          [id],
        );
        await client.query(requestsSql(count), [id]);
      }
    });
    await timed('VACUUM ANALYZE', () => client.query('VACUUM ANALYZE'));
    const { rows: contact } = await client.query(
      `SELECT id FROM customers WHERE account_id = $1 ORDER BY created_at, id OFFSET ${Math.floor(BIG / 2)} LIMIT 1`,
      [big],
    );
    return { big, small, contactId: contact[0].id };
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------
// What Crewdesk sends per request

async function captureStatements(databaseUrl, seeded) {
  const file = join(os.tmpdir(), `crewdesk-bench-sql-${process.pid}.jsonl`);
  writeFileSync(file, '');
  const server = await startCrewdesk(databaseUrl, { captureFile: file });
  const lines = () =>
    readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l))
      // The job queue's own polling is not the request's.
      .filter((s) => !/pgboss/i.test(s.text));
  try {
    const cookie = await signIn(server.base, 'big@bench-api.example');
    const result = {};
    for (const [name, path] of [
      ['list', LIST_PATH],
      ['byId', `/api/customers/${seeded.contactId}`],
    ]) {
      // Two to warm up (a session due to be extended, first-use work), then five counted.
      for (let i = 0; i < 2; i++) await httpFetch(`${server.base}${path}`, { headers: { cookie } });
      const before = lines().length;
      let last = [];
      for (let i = 0; i < 5; i++) {
        const n = lines().length;
        const res = await httpFetch(`${server.base}${path}`, { headers: { cookie } });
        if (!res.ok) throw new Error(`${path}: ${res.status}`);
        await res.text();
        last = lines().slice(n);
      }
      result[name] = { perRequest: (lines().length - before) / 5, last };
    }
    return result;
  } finally {
    await stop(server);
    rmSync(server.dataDir, { recursive: true, force: true });
    rmSync(file, { force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// The run

function printRounds(title, rows) {
  console.log(`\n${title}`);
  console.log(
    '  round  crewdesk req/s   bare req/s   pgbench tps   crewdesk/bare  crewdesk/pgbench   CPU/req crewdesk  bare  ratio   PG CPU/req crewdesk  bare  pgbench   p50 crewdesk  bare',
  );
  for (const r of rows) {
    console.log(
      `  ${String(r.round).padEnd(5)}  ${f1(r.crewdesk.rps).padStart(14)}  ${f1(r.bare.rps).padStart(11)}  ${f1(r.pgbench.rps).padStart(12)}  ${f2(r.vsBare).padStart(13)}  ${f2(r.vsPgbench).padStart(16)}  ${f2(r.crewdesk.cpuPerRequest).padStart(13)} ms  ${f2(r.bare.cpuPerRequest).padStart(4)}  ${f2(r.cpuRatio).padStart(5)}  ${f2(r.crewdesk.pgCpuPerRequest).padStart(16)} ms  ${f2(r.bare.pgCpuPerRequest).padStart(4)}  ${f2(r.pgbench.pgCpuPerRequest).padStart(7)}  ${f1(r.crewdesk.p50).padStart(9)} ms  ${f1(r.bare.p50).padStart(4)}`,
    );
  }
  const med = (k) => median(rows.map(k));
  console.log(
    `  median ${f1(med((r) => r.crewdesk.rps)).padStart(13)}  ${f1(med((r) => r.bare.rps)).padStart(11)}  ${f1(med((r) => r.pgbench.rps)).padStart(12)}  ${f2(med((r) => r.vsBare)).padStart(13)}  ${f2(med((r) => r.vsPgbench)).padStart(16)}  ${f2(med((r) => r.crewdesk.cpuPerRequest)).padStart(13)} ms  ${f2(med((r) => r.bare.cpuPerRequest)).padStart(4)}  ${f2(med((r) => r.cpuRatio)).padStart(5)}  ${f2(med((r) => r.crewdesk.pgCpuPerRequest)).padStart(16)} ms  ${f2(med((r) => r.bare.pgCpuPerRequest)).padStart(4)}  ${f2(med((r) => r.pgbench.pgCpuPerRequest)).padStart(7)}  ${f1(med((r) => r.crewdesk.p50)).padStart(9)} ms  ${f1(med((r) => r.bare.p50)).padStart(4)}`,
  );
}

async function compareRounds(databaseUrl, seeded, crewdesk, bare, cookie, rounds) {
  const pages = {
    list: {
      path: LIST_PATH,
      statements: listParams(seeded.big),
    },
    byId: {
      path: `/api/customers/${seeded.contactId}`,
      statements: byIdParams(seeded.big, seeded.contactId),
    },
  };
  const results = { list: [], byId: [] };
  for (let round = 1; round <= rounds; round++) {
    for (const [name, page] of Object.entries(pages)) {
      const load = { seconds: DURATION, connections: CONNECTIONS };
      const c = wrk(`${crewdesk.base}${page.path}`, { ...load, cookie, pid: crewdesk.child.pid });
      const b = wrk(`${bare.base}${page.path}`, { ...load, pid: bare.child.pid });
      const p = pgbench(databaseUrl, page.statements, load);
      results[name].push({
        round,
        crewdesk: c,
        bare: b,
        pgbench: p,
        vsBare: c.rps / b.rps,
        vsPgbench: c.rps / p.rps,
        cpuRatio: c.cpuPerRequest / b.cpuPerRequest,
      });
      console.log(
        `  round ${round} ${name}: crewdesk ${f1(c.rps)}/s, bare ${f1(b.rps)}/s, pgbench ${f1(p.rps)} tps; the machine's CPU busy ${(c.busy * 100).toFixed(0)} % during Crewdesk's, ${(b.busy * 100).toFixed(0)} % during bare's`,
      );
    }
  }
  return results;
}

async function main() {
  const { what } = serverCommand();
  console.log(
    `API benchmark — ${machine()}, load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(
        ' ',
      )}\n  checkout ${CHECKOUT} (${execFileSync('git', ['-C', CHECKOUT, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim()}), server: ${what}\n  ${ROUNDS} rounds × ${DURATION} s, ${CONNECTIONS} connections (wrk -t2; pgbench -c${CONNECTIONS} -j2)${ADDRESSES > 0 ? `; requests from ${ADDRESSES} client addresses (TRUST_PROXY=true, X-Forwarded-For)` : '; every request from 127.0.0.1'}`,
  );
  const name = `crewdesk_bench_api_${process.pid}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const { rows: version } = await admin.query('SHOW server_version');
  console.log(`  PostgreSQL ${version[0].server_version}, database ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const running = [];
  // Ctrl-C: stop the servers and drop the database before leaving.
  process.once('SIGINT', () => {
    for (const proc of running) proc.child.kill('SIGTERM');
    admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).finally(() => process.exit(130));
  });
  try {
    const seeded = await seed(databaseUrl);

    const captured = await captureStatements(databaseUrl, seeded);
    console.log('\nStatements Crewdesk sends (job queue excluded):');
    for (const [page, sql] of [
      ['list', [LIST_SQL]],
      ['byId', [BY_ID_SQL]],
    ]) {
      const c = captured[page];
      const texts = c.last.map((s) => s.text);
      const same = sql.every((s) => texts.includes(s));
      console.log(
        `  ${page}: ${c.perRequest} a request; the bare server's ${sql.length} ${same ? 'are among them, text for text' : 'are NOT all among them (the SQL changed: update bare-server.mjs)'}`,
      );
      for (const s of c.last) {
        const mark = sql.includes(s.text) ? 'page' : 'other';
        console.log(`    [${mark}] ${s.text.replace(/\s+/g, ' ').trim().slice(0, 150)}…`);
      }
    }

    const crewdesk = await startCrewdesk(databaseUrl);
    running.push(crewdesk);
    const bare = await startBare(databaseUrl, seeded.big);
    running.push(bare);
    const cookie = await signIn(crewdesk.base, 'big@bench-api.example');
    const smallCookie = await signIn(crewdesk.base, 'small@bench-api.example');
    for (const path of [LIST_PATH, `/api/customers/${seeded.contactId}`]) {
      const a = await (await httpFetch(`${crewdesk.base}${path}`, { headers: { cookie } })).json();
      const b = await (await httpFetch(`${bare.base}${path}`)).json();
      console.log(
        `  same JSON from both servers for ${path}: ${isDeepStrictEqual(a, b) ? 'yes' : 'NO'}`,
      );
    }
    // What a fresh start does once (the hourly runs over six years of seeded history) is not a
    // request's cost: the rounds start when the server has gone quiet.
    await waitQuiet(crewdesk);
    // Warm-up (JIT, pools, caches), not counted.
    for (const target of [crewdesk, bare]) {
      wrk(`${target.base}${LIST_PATH}`, { cookie, seconds: 2, connections: CONNECTIONS });
    }

    console.log(`\nRounds (each: Crewdesk, bare, pgbench; list then by id):`);
    const results = await compareRounds(databaseUrl, seeded, crewdesk, bare, cookie, ROUNDS);
    printRounds(
      `Contacts list (${LIST_PATH}), ${BIG.toLocaleString('en-US')} contacts in the business`,
      results.list,
    );
    printRounds('One contact by id (/api/customers/:id)', results.byId);

    if (!opt['no-flat']) {
      const flatRounds = Number(opt['flat-rounds']);
      console.log(
        `\nFlatness: ${SMALL.toLocaleString('en-US')} against ${BIG.toLocaleString('en-US')} records in the business (${flatRounds} rounds × ${opt['flat-duration']} s, ${opt['flat-connections']} connections; ${MONTH_VISITS} visits in the month and ${OPEN_INVOICES} open invoices in both)`,
      );
      for (const [name, path] of Object.entries(FLAT_PATHS)) {
        for (const [label, c] of [
          ['small', smallCookie],
          ['big', cookie],
        ]) {
          const res = await httpFetch(`${crewdesk.base}${path}`, { headers: { cookie: c } });
          const body = await res.text();
          const json = JSON.parse(body);
          const n = json.visits?.length ?? json.items?.length;
          console.log(
            `  ${name}, ${label}: ${res.status}, ${n} rows, ${(body.length / 1024).toFixed(1)} KB`,
          );
        }
      }
      const flat = Object.fromEntries(Object.keys(FLAT_PATHS).map((k) => [k, []]));
      for (let round = 1; round <= flatRounds; round++) {
        for (const [name, path] of Object.entries(FLAT_PATHS)) {
          const load = {
            seconds: Number(opt['flat-duration']),
            connections: Number(opt['flat-connections']),
            pid: crewdesk.child.pid,
          };
          const s = wrk(`${crewdesk.base}${path}`, { ...load, cookie: smallCookie });
          const b = wrk(`${crewdesk.base}${path}`, { ...load, cookie });
          flat[name].push({ round, small: s, big: b, slowdown: s.rps / b.rps, p50: b.p50 / s.p50 });
        }
      }
      console.log(
        '\n  list       round  small req/s  big req/s  slowdown (small/big req/s)  p50 small  big  ratio   CPU/req small  big',
      );
      for (const [name, rows] of Object.entries(flat)) {
        for (const r of rows) {
          console.log(
            `  ${name.padEnd(9)}  ${String(r.round).padEnd(5)}  ${f1(r.small.rps).padStart(11)}  ${f1(r.big.rps).padStart(9)}  ${f2(r.slowdown).padStart(26)}  ${f1(r.small.p50).padStart(9)}  ${f1(r.big.p50).padStart(4)}  ${f2(r.p50).padStart(5)}  ${f2(r.small.cpuPerRequest).padStart(13)}  ${f2(r.big.cpuPerRequest)}`,
          );
        }
        console.log(
          `  ${name.padEnd(9)}  median ${f1(median(rows.map((r) => r.small.rps))).padStart(10)}  ${f1(median(rows.map((r) => r.big.rps))).padStart(9)}  ${f2(median(rows.map((r) => r.slowdown))).padStart(26)}  ${f1(median(rows.map((r) => r.small.p50))).padStart(9)}  ${f1(median(rows.map((r) => r.big.p50))).padStart(4)}  ${f2(median(rows.map((r) => r.p50))).padStart(5)}`,
        );
      }
    }

    const cluster = Number(opt.cluster);
    if (cluster > 1) {
      await stop(crewdesk);
      running.splice(running.indexOf(crewdesk), 1);
      const clustered = await startCrewdesk(databaseUrl, { concurrency: cluster });
      running.push(clustered);
      const clusterCookie = await signIn(clustered.base, 'big@bench-api.example');
      wrk(`${clustered.base}${LIST_PATH}`, {
        cookie: clusterCookie,
        seconds: 2,
        connections: CONNECTIONS,
      });
      console.log(
        `\nOne round with WEB_CONCURRENCY=${cluster} (the bare server stays one process):`,
      );
      const results2 = await compareRounds(databaseUrl, seeded, clustered, bare, clusterCookie, 1);
      printRounds(`Contacts list, WEB_CONCURRENCY=${cluster}`, results2.list);
      printRounds(`One contact by id, WEB_CONCURRENCY=${cluster}`, results2.byId);
    }
  } finally {
    for (const proc of running) {
      await stop(proc);
      if (proc.dataDir) rmSync(proc.dataDir, { recursive: true, force: true });
    }
    if (opt.keep) console.log(`kept database ${name}`);
    else await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

await main();
