// Benchmark: a busy business's invoices over HTTP, against the real server on its own port —
// 20,000 invoices (a few years of a busy crew) and 15,000 payments: the index list's first
// page with its outstanding and overdue totals, the overdue filter, a search, the payments
// list, one invoice, and recording payments (each with its own Idempotency-Key), one client
// and ten at once on the same invoices.
//   PGlite (the default): the server on a temporary DATA_DIR.
//   PostgreSQL (--postgres): a throw-away database on DATABASE_URL
//     (default postgres://postgres@127.0.0.1:5432/postgres), dropped at the end.
// Usage: node scripts/bench/invoices.mjs [--pglite] [--postgres] [--invoices N] [--keep]
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
    invoices: { type: 'string', default: '20000' },
    keep: { type: 'boolean', default: false },
  },
});
const INVOICES = Number(options.invoices);
const CLIENTS = 10;
const PORT = 3511;
const EMAIL = 'owner@bench-invoices.example';
const PASSWORD = 'bench-password-1';
const POSTGRES_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

const { withScriptContext } = await import('../../apps/server/scripts/script-context.ts');
const { createUserWithPassword } =
  await import('../../apps/server/src/modules/identity/create-user.ts');

/**
 * INVOICES invoices over three years, one a day-ish each: older ones paid, the last months
 * sent, viewed, partly paid or draft (so some are overdue), and 3 in 4 with a payment.
 */
function invoicesSql(count) {
  return `
WITH i AS (
  INSERT INTO invoices (account_id, number, number_text, client_name, client_email, issue_date,
                        payment_terms, due_date, line_items, subtotal_cents, discount_cents,
                        tax_cents, total_cents, amount_paid_cents, balance_cents, status,
                        share_token, created_at, updated_at)
  SELECT $1, n, 'INV-' || lpad(n::text, 5, '0'),
         (ARRAY['Dana Whitfield','Lena Park','Marco Ruiz','Ann Lee','Kofi Mensah','Ivy Chen'])[1 + n % 6] || ' ' || (n % 500),
         'client' || (n % 500) || '@example.test',
         date '2024-01-01' + (n * 1095 / ${count}),
         'net_15', date '2024-01-01' + (n * 1095 / ${count}) + 15,
         '[{"description":"Standard cleaning","quantity":1,"unitPriceCents":15000,"taxable":true}]',
         15000, 0, 1238, 16238,
         CASE WHEN n < ${count} * 0.9 OR n % 4 = 0 THEN 16238 WHEN n % 4 = 1 THEN 5000 ELSE 0 END,
         16238 - CASE WHEN n < ${count} * 0.9 OR n % 4 = 0 THEN 16238 WHEN n % 4 = 1 THEN 5000 ELSE 0 END,
         CASE WHEN n < ${count} * 0.9 OR n % 4 = 0 THEN 'paid' WHEN n % 4 = 1 THEN 'partially_paid'
              WHEN n % 4 = 2 THEN 'sent' ELSE 'draft' END,
         md5(random()::text || n), now() - (${count} - n) * interval '1 hour', now()
  FROM generate_series(1, ${count}) AS n
  RETURNING id, account_id, amount_paid_cents, issue_date, number
)
INSERT INTO invoice_payments (account_id, invoice_id, method, amount_cents, paid_on, created_at)
SELECT account_id, id, (ARRAY['cash','check','card','bank_transfer'])[1 + number % 4],
       amount_paid_cents, issue_date + 5, now() - (${count} - number) * interval '1 hour'
FROM i WHERE amount_paid_cents > 0`;
}

async function seed(env) {
  Object.assign(process.env, env);
  let seeded;
  await withScriptContext(async ({ database, auth }) => {
    const { accountId } = await createUserWithPassword(auth, database.db, {
      email: EMAIL,
      password: PASSWORD,
      firstName: 'Bench',
      lastName: 'Owner',
      accountName: 'Bench Invoices Co',
    });
    await database.executeSql(
      `INSERT INTO business_details (account_id, business_name, time_zone)
       VALUES ($1, 'Bench Invoices Co', 'America/Chicago')`,
      [accountId],
    );
    const t = performance.now();
    await database.executeSql(invoicesSql(INVOICES), [accountId]);
    await database.executeSql(
      `INSERT INTO invoice_settings (account_id, next_number) VALUES ($1, ${INVOICES + 1})`,
      [accountId],
    );
    await database.executeSql('ANALYZE invoices; ANALYZE invoice_payments');
    const { rows } = await database.executeSql(
      `SELECT count(*)::int AS n FROM invoice_payments WHERE account_id = $1`,
      [accountId],
    );
    console.log(
      `  ${INVOICES} invoices and ${rows[0].n} payments inserted: ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
    seeded = { accountId };
  });
  return seeded;
}

async function bench(engine, env) {
  const server = await startServer({
    port: PORT,
    env: { ...env, LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '1000000', NODE_ENV: 'production' },
  });
  try {
    const base = server.base;
    const owner = await signInOverHttp(base, EMAIL, PASSWORD);
    async function call(path, init = {}) {
      const res = await fetch(`${base}${path}`, {
        ...init,
        headers: { ...owner, ...init.headers },
      });
      const body = await res.text();
      if (!res.ok) throw new Error(`${path}: ${res.status} ${body.slice(0, 300)}`);
      return JSON.parse(body);
    }
    const first = await call('/api/invoices');
    console.log(
      `  outstanding ${first.totals.outstandingCount} invoices, overdue ${first.totals.overdueCount}`,
    );
    const open = (await call('/api/invoices?status=sent&limit=100')).items;
    const payable = [...open, ...(await call('/api/invoices?status=overdue&limit=100')).items];
    const results = [];
    const row = async (label, what, total, run, clients = 1) =>
      results.push({ what, clients, ...(await measure(label, total, run, clients)) });

    await row(
      'index list, first page + totals',
      '`GET /api/invoices`, first page of 25 with the totals',
      100,
      () => call('/api/invoices'),
    );
    await row(
      'index list, 10 clients',
      '`GET /api/invoices`, first page of 25 with the totals',
      300,
      () => call('/api/invoices'),
      CLIENTS,
    );
    await row('overdue filter', '`GET /api/invoices?status=overdue`', 100, () =>
      call('/api/invoices?status=overdue'),
    );
    await row('search a client', '`GET /api/invoices?q=…` (trigram search)', 100, (i) =>
      call(`/api/invoices?q=${encodeURIComponent(`park ${i % 500}`)}`),
    );
    await row('third page', '`GET /api/invoices`, third page (keyset)', 100, async () => {
      const p2 = await call(`/api/invoices?cursor=${first.nextCursor}`);
      return call(`/api/invoices?cursor=${p2.nextCursor}`);
    });
    await row('payments list', '`GET /api/payments`, first page of 25', 100, () =>
      call('/api/payments'),
    );
    await row('one invoice', '`GET /api/invoices/:id` (payments and history)', 100, (i) =>
      call(`/api/invoices/${payable[i % payable.length].id}`),
    );
    const pay = (i) =>
      call(`/api/invoices/${payable[i % payable.length].id}/payments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
        body: JSON.stringify({ method: 'cash', amountCents: 1, paidOn: '2026-11-20' }),
      });
    await row('record a payment', '`POST /api/invoices/:id/payments` (idempotent)', 100, pay);
    await row(
      'record a payment, 10 clients',
      '`POST /api/invoices/:id/payments` (idempotent)',
      300,
      pay,
      CLIENTS,
    );

    console.log(`\n| ${engine}, ${INVOICES} invoices | clients | p50 | p95 | throughput |`);
    console.log('|---|---|---|---|---|');
    for (const r of results)
      console.log(
        `| ${r.what} | ${r.clients} | ${r.p50.toFixed(1)} ms | ${r.p95.toFixed(1)} ms | ${r.perSecond.toFixed(r.perSecond < 100 ? 1 : 0)}/s |`,
      );
  } finally {
    await stopServer(server);
  }
}

async function run(engine, databaseUrl) {
  const dataDir = mkdtempSync(join(os.tmpdir(), 'crewdesk-bench-invoices-'));
  const env = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '' };
  try {
    console.log(`\n${engine}`);
    await seed(env);
    await bench(engine, env);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`Invoices benchmark — ${machine()}, load ${os.loadavg()[0].toFixed(2)}`);
if (options.pglite || !options.postgres) await run('PGlite');
if (options.postgres)
  await withThrowawayPostgres(POSTGRES_URL, 'crewdesk_bench_invoices', options.keep, run);
