// Benchmark: contact search, recent list and the customers list under 20 concurrent clients.
//   PostgreSQL: 2,000,000 contacts in 1,000 accounts: 1,000,000 in one (searched), 100,000 in
//     another (listed: the list's target size), in a throw-away database created on
//     DATABASE_URL (default postgres://postgres@127.0.0.1:5432) and dropped at the end.
//   PGlite: 50,000 contacts in one account, in memory.
// It runs the server's own service functions (the same SQL as the endpoints), without HTTP.
// Usage: node scripts/bench/customers.mjs [--postgres] [--pglite] [--keep]
//   (both engines when neither is named; --keep leaves the PostgreSQL database for inspection)
// Run it with nothing else busy: the figures are the point.
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { machine, measure as measureClients, rng } from './lib.mjs';

// The server's modules are TypeScript: run again under tsx's loader.
if (!process.env.CREWDESK_BENCH_TSX) {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url), ...process.argv.slice(2)],
    { stdio: 'inherit', env: { ...process.env, CREWDESK_BENCH_TSX: '1' } },
  );
  process.exit(result.status ?? 1);
}

const { default: pg } = await import('pg');
const { PGlite } = await import('@electric-sql/pglite');
const { wrapPglite, wrapPool, pgliteExtensions } =
  await import('../../apps/server/src/db/client.ts');
const service = await import('../../apps/server/src/modules/customers/customers.service.ts');
const { FIRST_NAMES, LAST_NAMES, COMPANY_WORDS, insertContactsSql } =
  await import('./customers-data.mjs');

const args = new Set(process.argv.slice(2));
const runPostgres = args.has('--postgres') || !args.has('--pglite');
const runPglite = args.has('--pglite') || !args.has('--postgres');
const CLIENTS = 20;

function log(line) {
  console.log(line);
}

/** `clients` loops (20 unless said), each sending its next request when the last one answered. */
function measure(label, total, run, clients = CLIENTS) {
  return measureClients(label, total, run, clients);
}

/** What people type into the search box: the start or a piece of a name, company or e-mail. */
function searchTerms(n, length, seed) {
  const random = rng(seed);
  const sources = [FIRST_NAMES, LAST_NAMES, COMPANY_WORDS];
  const terms = [];
  while (terms.length < n) {
    const list = sources[Math.floor(random() * sources.length)];
    const word = list[Math.floor(random() * list.length)].toLowerCase().replace(/[^a-z]/g, '');
    const len = length === '3+' ? 3 + Math.floor(random() * 4) : 2;
    if (word.length < len) continue;
    // Two thirds start at the beginning (people type names from the start).
    const start = random() < 0.66 ? 0 : Math.floor(random() * (word.length - len + 1));
    terms.push(word.slice(start, start + len));
  }
  // Rare terms too: letter pairs and triples no name has (the index must answer them fast).
  for (let i = 0; i < n / 10; i++) terms[Math.floor(random() * n)] = length === '3+' ? 'qzx' : 'qz';
  return terms;
}

async function workloads(db, accountId, listAccountId, scale) {
  log(
    `  (load average before measuring: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')})`,
  );
  const warm = searchTerms(200, '3+', 7);
  await Promise.all(warm.map((q) => service.searchCustomers(db, accountId, q)));
  const two = searchTerms(scale.requests, 2, 1);
  const three = searchTerms(scale.requests, '3+', 2);
  // One client first: the time a search itself takes, without waiting for the others.
  await measure(
    'search, 2-character terms, 1 client',
    two.length / 4,
    (i) => service.searchCustomers(db, accountId, two[i]),
    1,
  );
  await measure(
    'search, 3 to 6-character terms, 1 client',
    three.length / 4,
    (i) => service.searchCustomers(db, accountId, three[i]),
    1,
  );
  await measure('search, 2-character terms', two.length, (i) =>
    service.searchCustomers(db, accountId, two[i]),
  );
  await measure('search, 3 to 6-character terms', three.length, (i) =>
    service.searchCustomers(db, accountId, three[i]),
  );
  await measure('recent (5 newest)', scale.requests, () => service.recentCustomers(db, accountId));
  if (listAccountId !== accountId) {
    const { total } = await service.listCustomers(db, listAccountId, {
      sort: 'newest',
      archived: 'exclude',
      limit: 1,
    });
    log(`  the list (an account of ${total}${total >= 10_000 ? '+' : ''} contacts):`);
  }
  const listQuery = (patch) => ({
    sort: 'newest',
    archived: 'exclude',
    limit: 25,
    ...patch,
  });
  await measure('list, first page, newest (count capped)', scale.listRequests, () =>
    service.listCustomers(db, listAccountId, listQuery({})),
  );
  const firstByName = await service.listCustomers(db, listAccountId, listQuery({ sort: 'name' }));
  await measure('list, next page by name (keyset)', scale.listRequests, () =>
    service.listCustomers(
      db,
      listAccountId,
      listQuery({ sort: 'name', cursor: firstByName.nextCursor }),
    ),
  );
  await measure('list, filtered: residential + referral', scale.listRequests, () =>
    service.listCustomers(
      db,
      listAccountId,
      listQuery({ customerType: 'residential', source: 'referral' }),
    ),
  );
  const listTerms = searchTerms(scale.listRequests, '3+', 3);
  await measure('list, search term (3+), newest', scale.listRequests, (i) =>
    service.listCustomers(db, listAccountId, listQuery({ q: listTerms[i] })),
  );
}

async function timed(label, work) {
  const t = performance.now();
  const result = await work();
  log(`  ${label}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
  return result;
}

async function benchPostgres() {
  const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = process.env.BENCH_DATABASE ?? `crewdesk_bench_${process.pid}`;
  const reuse = Boolean(process.env.BENCH_DATABASE);
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  if (!reuse) await admin.query(`CREATE DATABASE ${name}`);
  // The server's own pool size (openDatabase): 20 clients queue for 10 connections.
  const pool = new pg.Pool({
    connectionString: url.toString(),
    max: Number(process.env.BENCH_POOL ?? 10),
  });
  const database = wrapPool(pool);
  try {
    const { rows: version } = await pool.query('SHOW server_version');
    log(`\nPostgreSQL ${version[0].server_version} — database ${name}`);
    let accounts;
    if (reuse) {
      const { rows } = await pool.query(
        `SELECT account_id FROM customers GROUP BY account_id ORDER BY count(*) DESC LIMIT 2`,
      );
      accounts = { big: rows[0].account_id, medium: rows[1].account_id };
    } else {
      await database.migrate();
      accounts = await loadPostgres(pool);
    }
    await workloads(database.db, accounts.big, accounts.medium, {
      requests: 4000,
      listRequests: 1000,
    });
  } finally {
    await database.close();
    if (!reuse && !args.has('--keep')) await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
    await admin.end();
  }
}

async function loadPostgres(pool) {
  // Indexes are built after the load: much faster than maintaining them row by row.
  const { rows: indexes } = await pool.query(
    `SELECT indexname, indexdef FROM pg_indexes
     WHERE tablename = 'customers' AND indexname <> 'customers_pkey'`,
  );
  for (const { indexname } of indexes) await pool.query(`DROP INDEX ${indexname}`);
  const { rows } = await pool.query(`
    INSERT INTO business_accounts (id, name, slug)
    SELECT gen_random_uuid(), 'Bench ' || i, 'bench-' || i || '-' || gen_random_uuid()
    FROM generate_series(1, 1000) AS i RETURNING id`);
  const bigAccount = rows[0].id;
  const mediumAccount = rows[1].id;
  const others = `ARRAY[${rows
    .slice(2)
    .map((r) => `'${r.id}'::uuid`)
    .join(',')}]`;
  await timed(
    '2,000,000 contacts inserted (1,000,000 + 100,000 + 998 small accounts)',
    async () => {
      const client = await pool.connect();
      try {
        await client.query('SELECT setseed(0.42)');
        for (let from = 1; from <= 2_000_000; from += 250_000) {
          await client.query(
            insertContactsSql({
              from,
              count: 250_000,
              bigAccount,
              mediumAccount,
              otherAccounts: others,
            }),
          );
        }
      } finally {
        client.release();
      }
    },
  );
  await pool.query(`SET maintenance_work_mem = '1GB'`);
  for (const { indexname, indexdef } of indexes) {
    await timed(`index ${indexname}`, () => pool.query(indexdef));
  }
  await timed('VACUUM ANALYZE', () => pool.query('VACUUM ANALYZE customers'));
  const { rows: size } = await pool.query(
    `SELECT pg_size_pretty(pg_table_size('customers')) AS heap,
            pg_size_pretty(pg_indexes_size('customers')) AS indexes`,
  );
  log(`  table ${size[0].heap}, indexes ${size[0].indexes}`);
  return { big: bigAccount, medium: mediumAccount };
}

async function benchPglite() {
  const client = await PGlite.create({ extensions: pgliteExtensions });
  const database = wrapPglite(client);
  try {
    const { rows } = await client.query('SHOW server_version');
    log(`\nPGlite (PostgreSQL ${rows[0].server_version}, in memory)`);
    await database.migrate();
    const account = await client.query(
      `INSERT INTO business_accounts (id, name, slug) VALUES (gen_random_uuid(), 'Bench', 'bench') RETURNING id`,
    );
    const accountId = account.rows[0].id;
    await timed('50,000 contacts inserted (indexes maintained)', async () => {
      await client.query('SELECT setseed(0.42)');
      for (let from = 1; from <= 50_000; from += 10_000) {
        await client.exec(insertContactsSql({ from, count: 10_000, bigAccount: accountId }));
      }
    });
    await timed('VACUUM ANALYZE', () => client.exec('VACUUM ANALYZE customers'));
    await workloads(database.db, accountId, accountId, { requests: 2000, listRequests: 500 });
  } finally {
    await database.close();
  }
}

log(
  `Contacts benchmark — ${machine()}, load ${os.loadavg()[0].toFixed(2)}; ${CLIENTS} concurrent clients unless said`,
);
if (runPostgres) await benchPostgres();
if (runPglite) await benchPglite();
