// Benchmark: the reports of issue 23 on one busy business, over HTTP against the real server on
// its own port. The target: each report ≤ 300 ms p95 at the server on 100,000 invoices,
// jobs and payments in one business.
//   Seeded in SQL before the server starts: N invoices and ~N payments over three years, N jobs
//   (visits over three years and the next 90 days, one person each, a tenth in weekly series),
//   N/5 requests sent, N/2 time entries of 20 people.
//   PGlite (the default): the server on a temporary DATA_DIR.
//   PostgreSQL (--postgres): a throw-away database on DATABASE_URL
//     (default postgres://postgres@127.0.0.1:5432/postgres), dropped at the end.
// Usage: node scripts/bench/reports.mjs [--pglite] [--postgres] [--rows N] [--requests R] [--keep]
//   --rows defaults to 100000 (the size); --requests is the number of calls per report.
// Run it with nothing else busy: the figures are the point.
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
  stopServer,
  withThrowawayPostgres,
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
    rows: { type: 'string', default: '100000' },
    requests: { type: 'string', default: '50' },
    keep: { type: 'boolean', default: false },
  },
});
const N = Number(options.rows);
const CALLS = Number(options.requests);
const PEOPLE = 20;
const PORT = 3513;
const EMAIL = 'owner@bench-reports.example';
const PASSWORD = 'bench-password-1';
const POSTGRES_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

const { withScriptContext } = await import('../../apps/server/scripts/script-context.ts');
const { createUserWithPassword } =
  await import('../../apps/server/src/modules/identity/create-user.ts');

/** Three years back from today, and 90 days ahead: where the seeded dates fall. */
const SPAN_DAYS = 1095;

const invoicesSql = (count) => `
WITH i AS (
  INSERT INTO invoices (account_id, number, number_text, client_name, issue_date, payment_terms,
                        due_date, line_items, subtotal_cents, discount_cents, tax_cents,
                        total_cents, amount_paid_cents, balance_cents, status, share_token)
  SELECT $1, n, 'INV-' || lpad(n::text, 6, '0'), 'Client ' || (n % 2000),
         current_date - ${SPAN_DAYS} + (n * ${SPAN_DAYS} / ${count}), 'net_15',
         current_date - ${SPAN_DAYS} + (n * ${SPAN_DAYS} / ${count}) + 15, '[]',
         15000, 0, 1238, 16238,
         CASE WHEN n < ${count} * 0.9 OR n % 4 = 0 THEN 16238 WHEN n % 4 = 1 THEN 5000 ELSE 0 END,
         16238 - CASE WHEN n < ${count} * 0.9 OR n % 4 = 0 THEN 16238 WHEN n % 4 = 1 THEN 5000 ELSE 0 END,
         CASE WHEN n < ${count} * 0.9 OR n % 4 = 0 THEN 'paid' WHEN n % 4 = 1 THEN 'partially_paid'
              WHEN n % 4 = 2 THEN 'sent' ELSE 'draft' END,
         md5(random()::text || n)::uuid
  FROM generate_series(1, ${count}) AS n
  RETURNING id, account_id, amount_paid_cents, issue_date, number
)
INSERT INTO invoice_payments (account_id, invoice_id, method, amount_cents, tip_cents, paid_on, refunded_at)
SELECT account_id, id, 'card', amount_paid_cents, (number % 5) * 100, issue_date + 5,
       CASE WHEN number % 50 = 0 THEN (issue_date + 9)::timestamptz END
FROM i WHERE amount_paid_cents > 0`;

const peopleSql = `
INSERT INTO employees (account_id, first_name, last_name)
SELECT $1, 'Crew', 'Member ' || n FROM generate_series(1, ${PEOPLE}) AS n`;

const seriesSql = `
INSERT INTO job_series (account_id, frequency, rrule, start_date, start_time, template)
SELECT $1, 'weekly', 'FREQ=WEEKLY', current_date - ${SPAN_DAYS} + n, '09:00', '{}'
FROM generate_series(1, 50) AS n`;

const jobsSql = (count) => `
WITH s AS (SELECT array_agg(id ORDER BY id) AS ids FROM job_series WHERE account_id = $1),
e AS (SELECT array_agg(id ORDER BY id) AS ids FROM employees WHERE account_id = $1),
j AS (
  INSERT INTO jobs (account_id, kind, title, starts_at, type, price_cents, status, started_at,
                    completed_at, cancelled_at, series_id, occurrence_date)
  SELECT $1, 'job', 'Visit ' || n,
         t, (ARRAY['cleaning','inspection','maintenance'])[1 + n % 3], 12000 + (n % 7) * 1000,
         CASE WHEN t >= now() THEN 'scheduled' WHEN n % 20 = 0 THEN 'cancelled' ELSE 'completed' END,
         CASE WHEN t < now() AND n % 20 <> 0 THEN t + (n % 30) * interval '1 minute' END,
         CASE WHEN t < now() AND n % 20 <> 0 THEN t + interval '2 hours' END,
         CASE WHEN t < now() AND n % 20 = 0 THEN t - interval '1 day' END,
         CASE WHEN n % 10 = 0 THEN s.ids[1 + n % 50] END,
         CASE WHEN n % 10 = 0 THEN (t at time zone 'America/Chicago')::date + n END
  FROM generate_series(1, ${count}) AS n, s,
       LATERAL (SELECT now() - interval '${SPAN_DAYS} days'
                       + (n::float8 * ${SPAN_DAYS + 90} / ${count}) * interval '1 day' AS t) x
  RETURNING id, account_id, title
)
INSERT INTO job_assignees (account_id, job_id, employee_id)
SELECT j.account_id, j.id, e.ids[1 + (substr(j.title, 7)::int % ${PEOPLE})] FROM j, e`;

const requestsSql = (count) => `
INSERT INTO requests (account_id, user_id, title, client, amount_cents, date, status, type,
                      proposal_type, expires_at, shared_at, email_sent, viewed_at, accepted_at,
                      declined_at)
SELECT $1, $2, 'Request ' || n, 'Client ' || (n % 2000), 20000 + (n % 9) * 1000, (x.t)::date,
       (ARRAY['sent','viewed','accepted','declined','converted'])[1 + n % 5],
       (ARRAY['estimate','quote','quote'])[1 + n % 3], CASE WHEN n % 6 = 2 THEN 'options' END,
       x.t + interval '30 days', x.t, true,
       CASE WHEN n % 5 <> 0 THEN x.t + interval '1 day' END,
       CASE WHEN n % 5 IN (2, 4) THEN x.t + (n % 10) * interval '1 day' END,
       CASE WHEN n % 5 = 3 THEN x.t + (n % 7) * interval '1 day' END
FROM generate_series(1, ${count}) AS n,
     LATERAL (SELECT now() - interval '${SPAN_DAYS} days'
                     + (n::float8 * ${SPAN_DAYS} / ${count}) * interval '1 day' AS t) x`;

const timeSql = (count) => `
WITH e AS (SELECT array_agg(id ORDER BY id) AS ids FROM employees WHERE account_id = $1)
INSERT INTO time_entries (account_id, employee_id, kind, started_at, ended_at, time_zone,
                          work_date, source)
SELECT $1, e.ids[1 + n % ${PEOPLE}], CASE WHEN n % 3 = 0 THEN 'visit' ELSE 'shift' END,
       x.t, x.t + interval '8 hours' + (n % 5) * interval '1 hour', 'America/Chicago',
       (x.t at time zone 'America/Chicago')::date, 'app'
FROM generate_series(1, ${count}) AS n, e,
     LATERAL (SELECT date_trunc('day', now() - interval '${SPAN_DAYS} days'
                     + (n::float8 * ${SPAN_DAYS} / ${count}) * interval '1 day')
                     + interval '14 hours' AS t) x`;

async function seed(env) {
  Object.assign(process.env, env);
  await withScriptContext(async ({ database, auth }) => {
    const { accountId, userId } = await createUserWithPassword(auth, database.db, {
      email: EMAIL,
      password: PASSWORD,
      firstName: 'Bench',
      lastName: 'Owner',
      accountName: 'Bench Reports Co',
    });
    await database.executeSql(
      `INSERT INTO business_details (account_id, business_name, time_zone)
       VALUES ($1, 'Bench Reports Co', 'America/Chicago')`,
      [accountId],
    );
    const t = performance.now();
    await database.executeSql(invoicesSql(N), [accountId]);
    await database.executeSql(
      `INSERT INTO invoice_settings (account_id, next_number) VALUES ($1, ${N + 1})`,
      [accountId],
    );
    await database.executeSql(peopleSql, [accountId]);
    await database.executeSql(seriesSql, [accountId]);
    await database.executeSql(jobsSql(N), [accountId]);
    await database.executeSql(requestsSql(Math.round(N / 5)), [accountId, userId]);
    await database.executeSql(timeSql(Math.round(N / 2)), [accountId]);
    // Every table, the small ones included (the business's 20 people): a table of 21 rows never
    // reaches autovacuum's threshold, and without its statistics the planner guessed 2 people and
    // chose a nested loop of 100,000 index scans for the jobs report by member (312 ms; 64 ms
    // with them).
    await database.executeSql('ANALYZE');
    const count = async (table) =>
      (
        await database.executeSql(`SELECT count(*)::int AS n FROM ${table} WHERE account_id = $1`, [
          accountId,
        ])
      ).rows[0].n;
    console.log(
      `  seeded in ${((performance.now() - t) / 1000).toFixed(1)} s: ${await count('invoices')} invoices, ` +
        `${await count('invoice_payments')} payments, ${await count('jobs')} jobs, ` +
        `${await count('requests')} requests, ${await count('time_entries')} time entries`,
    );
  });
}

/** The business's today, as the server will read it (America/Chicago). */
function chicagoToday() {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());
}

function addDays(date, days) {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

async function bench(engine, env) {
  const server = await startServer({
    port: PORT,
    env: { ...env, LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '1000000', NODE_ENV: 'production' },
  });
  try {
    const base = server.base;
    const owner = await signInOverHttp(base, EMAIL, PASSWORD);
    async function call(path) {
      const res = await fetch(`${base}${path}`, { headers: owner });
      const body = await res.text();
      if (!res.ok) throw new Error(`${path}: ${res.status} ${body.slice(0, 300)}`);
      return body;
    }
    const today = chicagoToday();
    const threeYears = `from=${addDays(today, -SPAN_DAYS)}&to=${today}`;
    const lastYear = `from=${addDays(today, -365)}&to=${today}`;
    const ahead90 = `from=${today}&to=${addDays(today, 89)}`;
    const cases = [
      ['revenue, 3 years by month', `/api/reports/revenue?${threeYears}&groupBy=month`],
      ['revenue, 1 year by day', `/api/reports/revenue?${lastYear}&groupBy=day`],
      [
        'revenue rows (invoiced, 500)',
        `/api/reports/revenue/rows?${lastYear}&figure=invoiced&limit=500`,
      ],
      ['receivables ageing', '/api/reports/receivables'],
      ['quote conversion, 3 years by month', `/api/reports/quotes?${threeYears}&groupBy=month`],
      [
        'quote rows (accepted, 500)',
        `/api/reports/quotes/rows?${threeYears}&figure=accepted&limit=500`,
      ],
      ['jobs, 3 years by month', `/api/reports/jobs?${threeYears}&groupBy=month`],
      ['jobs, 1 year by week', `/api/reports/jobs?${lastYear}&groupBy=week`],
      ['jobs rows (one type, 500)', `/api/reports/jobs/rows?${lastYear}&type=inspection&limit=500`],
      ['team hours, 1 year by month', `/api/reports/team-hours?${lastYear}&groupBy=month`],
      ['team hours, 3 years by month', `/api/reports/team-hours?${threeYears}&groupBy=month`],
      ['margin, 3 years by month', `/api/reports/margin?${threeYears}&groupBy=month`],
      ['margin rows (500)', `/api/reports/margin/rows?${lastYear}&limit=500`],
      ['revenue ahead (30 and 90 days)', '/api/reports/revenue-ahead'],
      ['revenue ahead rows (90 days, 500)', '/api/reports/revenue-ahead/rows?days=90&limit=500'],
      ['jobs CSV, 3 years by month', `/api/reports/jobs.csv?${threeYears}&groupBy=month`],
      ['revenue CSV, 1 year by day', `/api/reports/revenue.csv?${lastYear}&groupBy=day`],
      ['jobs ahead, by day (90 days)', `/api/reports/jobs?${ahead90}&groupBy=day`],
    ];
    const results = [];
    for (const [label, path] of cases) {
      await call(path); // warm: plans cached, pages in memory
      results.push({ label, path, ...(await measure(label, CALLS, () => call(path))) });
    }
    console.log(`\n| ${engine}, ${N} rows | p50 | p95 | ≤ 300 ms p95 |`);
    console.log('|---|---|---|---|');
    for (const r of results)
      console.log(
        `| ${r.label} | ${r.p50.toFixed(1)} ms | ${r.p95.toFixed(1)} ms | ${r.p95 <= 300 ? 'yes' : '**no**'} |`,
      );
  } finally {
    await stopServer(server);
  }
}

async function run(engine, databaseUrl) {
  const dataDir = mkdtempSync(join(os.tmpdir(), 'crewdesk-bench-reports-'));
  const env = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '' };
  try {
    console.log(`\n${engine}`);
    await seed(env);
    await bench(engine, env);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`Reports benchmark — ${machine()}, load ${os.loadavg()[0].toFixed(2)}`);
if (options.pglite || !options.postgres) await run('PGlite');
if (options.postgres)
  await withThrowawayPostgres(POSTGRES_URL, 'crewdesk_bench_reports', options.keep, run);
