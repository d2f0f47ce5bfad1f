// Benchmark: the schedule with a busy month — 2,000 visits across 12 team members — over HTTP,
// against the real server on its own port: the month view's data (GET /api/schedule for the
// month), a week, the team member's own week, a drag (PATCH /api/jobs/:id/schedule), and the
// jobs list's first page. With --browser, also the month view drawn in Chromium: the time from
// navigation until the 2,000 visits are on screen, and the time a drag takes to show.
//   PGlite (the default): the server on a temporary DATA_DIR.
//   PostgreSQL (--postgres): a throw-away database on DATABASE_URL
//     (default postgres://postgres@127.0.0.1:5432/postgres), dropped at the end.
// Usage: node scripts/bench/schedule.mjs [--pglite] [--postgres] [--visits N] [--browser] [--keep]
//   (--keep leaves the PostgreSQL database for inspection)
// Run it with nothing else busy: the figures are the point. The web app must be built for
// --browser (npm run build).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  machine,
  measure,
  signInOverHttp,
  startServer,
  withThrowawayPostgres,
  stopServer,
} from './lib.mjs';

if (!process.env.CREWDESK_BENCH_TSX) {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url), ...process.argv.slice(2)],
    { stdio: 'inherit', env: { ...process.env, CREWDESK_BENCH_TSX: '1' } },
  );
  process.exit(result.status ?? 1);
}

const { values: options } = parseArgs({
  options: {
    pglite: { type: 'boolean', default: false },
    postgres: { type: 'boolean', default: false },
    visits: { type: 'string', default: '2000' },
    browser: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});
const VISITS = Number(options.visits);
const MEMBERS = 12;
const CLIENTS = 10;
const PORT = 3510;
const EMAIL = 'owner@bench-schedule.example';
const PASSWORD = 'bench-password-1';
const POSTGRES_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
// A fixed month, so runs compare: December 2026 (31 days), the business in Chicago.
const MONTH_FROM = '2026-11-30';
const MONTH_TO = '2027-01-10';
const WEEK_FROM = '2026-12-07';
const WEEK_TO = '2026-12-13';

const { withScriptContext } = await import('../../apps/server/scripts/script-context.ts');
const { createUserWithPassword, addMember } =
  await import('../../apps/server/src/modules/identity/create-user.ts');

/** VISITS visits over December's days 8:00–17:00 in Chicago, each with one of the members. */
function visitsSql(count) {
  return `
WITH v AS (
  INSERT INTO jobs (account_id, title, location, latitude, longitude, starts_at, duration_minutes,
                    type, price_cents, status)
  SELECT $1, (ARRAY['Standard cleaning','Deep cleaning','Office cleaning','Move-in inspection',
                    'Gutter clearing'])[1 + i % 5],
         i || ' Congress Ave, Austin, TX', 30.2 + (i % 97) / 1000.0, -97.8 + (i % 89) / 1000.0,
         ((date '2026-12-01' + (i % 31)) + time '08:00' + ((i / 31) % 18) * interval '30 minutes')
           AT TIME ZONE 'America/Chicago',
         60 + (i % 3) * 30, (ARRAY['cleaning','inspection','maintenance'])[1 + i % 3],
         10000 + (i % 20) * 500, 'scheduled'
  FROM generate_series(1, ${count}) AS i
  RETURNING id, account_id
)
INSERT INTO job_assignees (account_id, job_id, employee_id)
SELECT v.account_id, v.id, ($2::uuid[])[1 + (abs(hashtext(v.id::text)) % array_length($2::uuid[], 1))]
FROM v`;
}

async function seed(env) {
  Object.assign(process.env, env);
  let seeded;
  await withScriptContext(async ({ database, auth }) => {
    const db = database.db;
    const { accountId } = await createUserWithPassword(auth, db, {
      email: EMAIL,
      password: PASSWORD,
      firstName: 'Bench',
      lastName: 'Owner',
      accountName: 'Bench Schedule Co',
    });
    await database.executeSql(
      `INSERT INTO business_details (account_id, business_name, time_zone, zip)
       VALUES ($1, 'Bench Schedule Co', 'America/Chicago', '78701')`,
      [accountId],
    );
    const memberEmails = [];
    for (let m = 1; m < MEMBERS; m++) {
      const email = `member${m}@bench-schedule.example`;
      const { userId } = await createUserWithPassword(auth, db, {
        email,
        password: PASSWORD,
        firstName: `Member${m}`,
        lastName: 'Bench',
      });
      await addMember(db, { accountId, userId, role: 'team_member' });
      memberEmails.push(email);
    }
    const { rows: employees } = await database.executeSql(
      'SELECT id FROM employees WHERE account_id = $1 ORDER BY first_name',
      [accountId],
    );
    const t = performance.now();
    await database.executeSql(visitsSql(VISITS), [accountId, employees.map((e) => e.id)]);
    await database.executeSql('ANALYZE jobs; ANALYZE job_assignees');
    console.log(`  ${VISITS} visits inserted: ${((performance.now() - t) / 1000).toFixed(1)} s`);
    seeded = { accountId, memberEmail: memberEmails[0] };
  });
  return seeded;
}

const signIn = (base, email) => signInOverHttp(base, email, PASSWORD);

async function bench(engine, env, seeded) {
  const server = await startServer({
    port: PORT,
    env: { ...env, LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '1000000', NODE_ENV: 'production' },
  });
  try {
    const base = server.base;
    const owner = await signIn(base, EMAIL);
    const member = await signIn(base, seeded.memberEmail);
    async function call(session, path, init = {}) {
      const res = await fetch(`${base}${path}`, {
        ...init,
        headers: { ...session, ...init.headers },
      });
      const body = await res.text();
      if (!res.ok) throw new Error(`${path}: ${res.status} ${body.slice(0, 300)}`);
      return body;
    }
    const month = `/api/schedule?from=${MONTH_FROM}&to=${MONTH_TO}`;
    const body = await call(owner, month);
    const answer = JSON.parse(body);
    if (answer.visits.length !== VISITS)
      throw new Error(`the month has ${answer.visits.length} visits`);
    console.log(
      `  month answer: ${answer.visits.length} visits, ${(body.length / 1024).toFixed(0)} KB of JSON`,
    );
    for (let i = 0; i < 10; i++) await call(owner, month);

    const results = [];
    const row = async (label, what, total, run, clients) =>
      results.push({ what, clients, ...(await measure(label, total, run, clients)) });
    for (const clients of [1, CLIENTS])
      await row(
        `month (${VISITS} visits), ${clients} client(s)`,
        `\`GET /api/schedule\`, the month (${VISITS} visits)`,
        clients === 1 ? 40 : 100,
        () => call(owner, month),
        clients,
      );
    for (const clients of [1, CLIENTS])
      await row(
        `week, ${clients} client(s)`,
        '`GET /api/schedule`, one week',
        clients === 1 ? 100 : 300,
        () => call(owner, `/api/schedule?from=${WEEK_FROM}&to=${WEEK_TO}`),
        clients,
      );
    await row(
      'team member, own week, 1 client',
      "`GET /api/schedule`, a team member's own week",
      100,
      () => call(member, `/api/schedule?from=${WEEK_FROM}&to=${WEEK_TO}`),
      1,
    );
    await row(
      'jobs list, first page, 1 client',
      '`GET /api/jobs`, first page of 25',
      100,
      () => call(owner, '/api/jobs?limit=25'),
      1,
    );
    // Drags: each moves a different visit to the next day at 10:00, with the version it has.
    const moves = answer.visits.slice(0, 400);
    for (const clients of [1, CLIENTS]) {
      const start = clients === 1 ? 0 : 100;
      await row(
        `drag to another day, ${clients} client(s)`,
        '`PATCH /api/jobs/:id/schedule` (a drag)',
        clients === 1 ? 100 : 300,
        (i) => {
          const visit = moves[start + i];
          const day = Number(visit.localStartsAt.slice(8, 10));
          const date = `${visit.localStartsAt.slice(0, 8)}${String(day === 31 ? 30 : day + 1).padStart(2, '0')}`;
          return call(owner, `/api/jobs/${visit.id}/schedule`, {
            method: 'PATCH',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ startsAt: `${date}T10:00:00`, version: visit.version }),
          });
        },
        clients,
      );
    }
    console.log(
      `\n| ${engine}, ${VISITS} visits in the month | clients | p50 | p95 | throughput |`,
    );
    console.log('|---|---|---|---|---|');
    for (const r of results)
      console.log(
        `| ${r.what} | ${r.clients} | ${r.p50.toFixed(1)} ms | ${r.p95.toFixed(1)} ms | ${r.perSecond.toFixed(r.perSecond < 100 ? 1 : 0)}/s |`,
      );
    if (options.browser) await browserBench(base);
  } finally {
    await stopServer(server);
  }
}

/** The month view in Chromium: navigation to all visits drawn, five times; the median. */
async function browserBench(base) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${base}/auth`);
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email').fill(EMAIL);
    await form.getByLabel('Password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
    const times = [];
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      await page.goto(`${base}/schedule?view=month&date=2026-12-15`);
      await page.locator('[data-testid^="visit-"]').first().waitFor();
      await page.waitForLoadState('networkidle');
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const drawn = await page.locator('[data-testid^="visit-"]').count();
    console.log(
      `\n  month view in Chromium (1280 px): ${times[2].toFixed(0)} ms median from navigation to drawn (${drawn} visit cards on screen; the rest behind "+N more")`,
    );
  } finally {
    await browser.close();
  }
}

async function run(engine, databaseUrl) {
  const dataDir = mkdtempSync(join(os.tmpdir(), 'crewdesk-bench-schedule-'));
  const env = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '' };
  try {
    console.log(`\n${engine}`);
    const seeded = await seed(env);
    await bench(engine, env, seeded);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function runPostgres() {
  await withThrowawayPostgres(POSTGRES_URL, 'crewdesk_bench_schedule', options.keep, run);
}

console.log(
  `Schedule benchmark — ${machine()}, load ${os.loadavg()[0].toFixed(2)}; ${CLIENTS} concurrent clients where said`,
);
if (options.pglite || !options.postgres) await run('PGlite');
if (options.postgres) await runPostgres();
