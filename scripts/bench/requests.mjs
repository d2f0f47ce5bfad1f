// Benchmark: the requests module (estimates, quotes, proposals) over HTTP, against the real
// server on its own port: saving from the calculator form, the list (first page, and with a
// search term) with 10,000 requests in the business, the client's share page, and the PDF.
//   PGlite (the default): the server on a temporary DATA_DIR.
//   PostgreSQL (--postgres): a throw-away database created on DATABASE_URL (default
//     postgres://postgres@127.0.0.1:5432/postgres) and dropped at the end.
// The owner and three requests are made with the server's own code (create-user, the requests
// service) before the server starts; the other requests are copies of those three in SQL.
// Usage: node scripts/bench/requests.mjs [--pglite] [--postgres] [--requests N] [--keep]
//   (PGlite when neither engine is named; N requests in the business, 10,000 by default;
//   --keep leaves the PostgreSQL database for inspection)
// Run it with nothing else busy: the figures are the point.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { machine, measure, withThrowawayPostgres, rng, startServer, stopServer } from './lib.mjs';

// The server's modules are TypeScript: run again under tsx's loader.
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
    requests: { type: 'string', default: '10000' },
    keep: { type: 'boolean', default: false },
  },
});
const SEEDED = Number(options.requests);
// The first opens of the share page need 400 requests nobody has opened.
if (!Number.isInteger(SEEDED) || SEEDED < 1000) throw new Error('--requests: at least 1000');
const CLIENTS = 10;
const PORT = 3500;
const EMAIL = 'owner@bench.example';
const PASSWORD = 'bench-password-1';
const POSTGRES_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

const { requestInputSchema } = await import('@crewdesk/domain');
const { withScriptContext } = await import('../../apps/server/scripts/script-context.ts');
const { createUserWithPassword } =
  await import('../../apps/server/src/modules/identity/create-user.ts');
const requestService = await import('../../apps/server/src/modules/requests/requests.service.ts');
const { FIRST_NAMES, LAST_NAMES } = await import('./customers-data.mjs');

/** The calculator form as the dialog sends it (requestInputSchema). */
function calculatorForm(clientName, kind = 'estimate') {
  return {
    propertyType: 'residential',
    squareFootage: 1800,
    numberOfRooms: 3,
    numberOfBathrooms: 2,
    frequency: 'weekly',
    additionalServices: ['window-cleaning'],
    clientName,
    type: kind === 'estimate' ? 'estimate' : 'quote',
    proposal_type: kind === 'proposal' ? 'options' : kind === 'quote' ? false : null,
  };
}

function sqlArray(values) {
  return `ARRAY[${values.map((v) => `'${String(v).replaceAll("'", "''")}'`).join(',')}]`;
}

/**
 * Copies of the three templates (6 in 10 estimates, 2 quotes, 2 proposals), one every two hours
 * back from now (so most are past their 30 days), with their own client, title and share token.
 */
function copyRequestsSql(count) {
  return `
INSERT INTO requests (account_id, user_id, title, client, client_email, amount_cents, date,
                      status, type, proposal_type, details, options, share_token, expires_at,
                      created_at, updated_at)
SELECT t.account_id, t.user_id, k.word || ' for ' || n.name, n.name,
       lower(replace(n.name, ' ', '.')) || i || '@example.com', t.amount_cents, n.at::date,
       'unopened', t.type, t.proposal_type, jsonb_set(t.details, '{clientName}', to_jsonb(n.name)),
       t.options, gen_random_uuid(), n.at + interval '30 days', n.at, n.at
FROM generate_series(1, ${count}) AS i
CROSS JOIN LATERAL (
  SELECT CASE WHEN i % 10 < 6 THEN 1 WHEN i % 10 < 8 THEN 2 ELSE 3 END AS kind,
         (${sqlArray(FIRST_NAMES)})[1 + (i * 7) % ${FIRST_NAMES.length}] || ' ' ||
         (${sqlArray(LAST_NAMES)})[1 + (i * 13) % ${LAST_NAMES.length}] AS name,
         now() - (${count} + 1 - i) * interval '2 hours' AS at
) n
CROSS JOIN LATERAL (SELECT (ARRAY['Estimate', 'Quote', 'Proposal'])[n.kind] AS word) k
JOIN requests t ON t.id = (ARRAY[$1, $2, $3]::uuid[])[n.kind]`;
}

async function timed(label, work) {
  const t = performance.now();
  const result = await work();
  console.log(`  ${label}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
  return result;
}

/**
 * Before the server starts (PGlite's data dir is one process's): the owner, as create-user
 * makes them, three requests priced by the service, and the copies. Returns the share tokens
 * of the newest copies (for first opens) and the templates' ids and tokens.
 */
async function seed(env) {
  Object.assign(process.env, env);
  let seeded;
  await withScriptContext(async ({ database, auth }) => {
    const { userId, accountId } = await createUserWithPassword(auth, database.db, {
      email: EMAIL,
      password: PASSWORD,
      firstName: 'Bench',
      lastName: 'Owner',
      accountName: 'Bench Cleaning',
    });
    const actor = { userId, accountId, role: 'owner' };
    const templates = [];
    for (const kind of ['estimate', 'quote', 'proposal']) {
      const input = requestInputSchema.parse(calculatorForm('Ann Lee', kind));
      templates.push(await requestService.createRequest(database.db, actor, input, new Date()));
    }
    await timed(`${SEEDED.toLocaleString('en-US')} requests inserted (indexes maintained)`, () =>
      database.executeSql(
        copyRequestsSql(SEEDED - templates.length),
        templates.map((t) => t.id),
      ),
    );
    await timed('ANALYZE', () => database.executeSql('ANALYZE requests'));
    const { rows } = await database.executeSql(
      `SELECT share_token FROM requests WHERE account_id = $1 AND viewed_at IS NULL
       ORDER BY created_at DESC LIMIT 400 OFFSET 3`,
      [accountId],
    );
    seeded = { templates, freshTokens: rows.map((r) => r.share_token) };
  });
  return seeded;
}

/** Search terms: 3 to 6 letters from the start or the middle of a first or last name. */
function searchTerms(n) {
  const random = rng(3);
  const terms = [];
  while (terms.length < n) {
    const list = random() < 0.5 ? FIRST_NAMES : LAST_NAMES;
    const word = list[Math.floor(random() * list.length)].toLowerCase();
    const len = 3 + Math.floor(random() * 4);
    if (word.length < len) continue;
    const start = random() < 0.66 ? 0 : Math.floor(random() * (word.length - len + 1));
    terms.push(word.slice(start, start + len));
  }
  // One in ten a term nobody has.
  for (let i = 0; i < n / 10; i++) terms[Math.floor(random() * n)] = 'qzx';
  return terms;
}

async function bench(engine, env, seeded) {
  const server = await startServer({
    port: PORT,
    env: {
      ...env,
      // Requests are not logged one by one: the figures are the server's, not its log's.
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '1000000',
      NODE_ENV: 'production',
    },
  });
  try {
    const base = server.base;
    console.log(`  server (migrated database) to healthy: ${(server.ms / 1000).toFixed(1)} s`);
    const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    });
    if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const session = { cookie, origin: base };

    /** One request; throws unless it answered `status`; reads the whole body. */
    async function call(path, init = {}, status = 200) {
      const res = await fetch(`${base}${path}`, init);
      const body = Buffer.from(await res.arrayBuffer());
      if (res.status !== status) {
        throw new Error(`${path}: ${res.status} ${body.toString('utf8').slice(0, 300)}`);
      }
      return body;
    }
    const get = (path) => call(path, { headers: session });
    const post = (i) =>
      call(
        '/api/requests',
        {
          method: 'POST',
          headers: { ...session, 'content-type': 'application/json' },
          body: JSON.stringify(
            calculatorForm(
              `${FIRST_NAMES[i % FIRST_NAMES.length]} ${LAST_NAMES[(i * 7) % LAST_NAMES.length]}`,
            ),
          ),
        },
        201,
      );
    const open = (token) => call(`/api/public/shared/${token}`);
    const [estimate] = seeded.templates;
    const terms = searchTerms(400);
    const list = '/api/requests?category=estimates&limit=25';

    const results = [];
    const row = async (label, what, total, run, clients) =>
      results.push({ what, clients, ...(await measure(label, total, run, clients)) });

    // Warm-up: the first PDF loads the fonts and the renderer.
    const firstPdf = performance.now();
    const pdf = await get(`/api/requests/${estimate.id}/pdf`);
    console.log(
      `  first PDF after start: ${(performance.now() - firstPdf).toFixed(0)} ms (${(pdf.length / 1024).toFixed(1)} KB)`,
    );
    for (let i = 0; i < 20; i++) {
      await get(list);
      await get(`${list}&q=${terms[i]}`);
      await open(estimate.shareToken);
    }
    const { items } = JSON.parse((await get(list)).toString('utf8'));
    if (items.length !== 25) throw new Error(`the first page has ${items.length} requests`);
    console.log(
      `  (load average before measuring: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(', ')})`,
    );

    for (const clients of [1, CLIENTS]) {
      await row(
        `list, estimates, first page, ${clients} client(s)`,
        'list: estimates, first page of 25',
        clients === 1 ? 200 : 400,
        () => get(list),
        clients,
      );
    }
    for (const clients of [1, CLIENTS]) {
      await row(
        `list, estimates, search term, ${clients} client(s)`,
        'list: estimates, search term (3–6 letters)',
        clients === 1 ? 200 : 400,
        (i) => get(`${list}&q=${terms[i]}`),
        clients,
      );
    }
    for (const clients of [1, CLIENTS]) {
      await row(
        `share page (opened before), ${clients} client(s)`,
        'share page, opened before',
        clients === 1 ? 200 : 400,
        () => open(estimate.shareToken),
        clients,
      );
    }
    let postIndex = 0;
    for (const clients of [1, CLIENTS]) {
      await row(
        `save from the calculator, ${clients} client(s)`,
        '`POST /api/requests` (priced again, saved with its event)',
        clients === 1 ? 100 : 300,
        () => post(postIndex++),
        clients,
      );
    }
    for (const clients of [1, CLIENTS]) {
      await row(
        `PDF, ${clients} client(s)`,
        '`GET /api/requests/:id/pdf`',
        clients === 1 ? 30 : 80,
        (i) => get(`/api/requests/${seeded.templates[i % 3].id}/pdf`),
        clients,
      );
    }
    // The PDF is rendered in the request, on the server's event loop: what a cheap request
    // waits meanwhile (the share page, one client, while 10 others download PDFs).
    const pdfs = measure(
      'PDF, 10 client(s), with the share page beside',
      150,
      (i) => get(`/api/requests/${seeded.templates[i % 3].id}/pdf`),
      CLIENTS,
    );
    await row(
      'share page (opened before) during PDFs, 1 client',
      'share page, opened before, while 10 clients download PDFs',
      50,
      () => open(estimate.shareToken),
      1,
    );
    await pdfs;
    // Last: each first open queues a notice mail, which the job queue then works on.
    const fresh = [...seeded.freshTokens];
    for (const clients of [1, CLIENTS]) {
      await row(
        `share page, first open, ${clients} client(s)`,
        'share page, first open (marks viewed, queues the notice)',
        clients === 1 ? 100 : 300,
        () => open(fresh.pop()),
        clients,
      );
    }

    const { items: after } = JSON.parse((await get(list)).toString('utf8'));
    if (after[0].createdAt <= estimate.createdAt) throw new Error('the saved ones do not list');
    console.log(
      `\n| ${engine}, ${SEEDED.toLocaleString('en-US')} requests | clients | p50 | p95 | throughput |`,
    );
    console.log('|---|---|---|---|---|');
    for (const r of results) {
      console.log(
        `| ${r.what} | ${r.clients} | ${r.p50.toFixed(1)} ms | ${r.p95.toFixed(1)} ms | ${r.perSecond.toFixed(r.perSecond < 100 ? 1 : 0)}/s |`,
      );
    }
  } finally {
    await stopServer(server);
  }
}

async function run(engine, databaseUrl) {
  const dataDir = mkdtempSync(join(os.tmpdir(), 'crewdesk-bench-requests-'));
  // DATA_DIR holds the auth secret (and PGlite's files); an empty DATABASE_URL means PGlite.
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
  await withThrowawayPostgres(POSTGRES_URL, 'crewdesk_bench_requests', options.keep, run);
}

console.log(
  `Requests benchmark — ${machine()}, load ${os.loadavg()[0].toFixed(2)}; ${CLIENTS} concurrent clients where said`,
);
if (options.pglite || !options.postgres) await run('PGlite');
if (options.postgres) await runPostgres();
