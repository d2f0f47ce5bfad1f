/**
 * Server CPU and statements per signed-in request, through `app.inject` (no network), on a
 * throw-away PostgreSQL database: a contacts page of 25 and `GET /api/me`, 2,000 of each after
 * 200 to warm up. Give it checkouts to compare in one run, e.g. an older commit in a worktree:
 *
 *   git worktree add /tmp/before <commit> && ln -s "$PWD/node_modules" /tmp/before/node_modules
 *   ln -s "$PWD/apps/server/node_modules" /tmp/before/apps/server/node_modules
 *   cd apps/server && npx tsx scripts/bench-session.ts /tmp/before "$PWD/../.."
 *
 * Each checkout runs in its own process, in turn, twice (rounds interleaved). docs/benchmarks.md.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const BENCH_POSTGRES_URL =
  process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REQUESTS = 2_000;
const PATHS = ['/api/customers?limit=25', '/api/me'];

if (process.argv[2] === '--measure') {
  await measure(process.argv[3]!);
} else {
  const roots = process.argv.slice(2);
  if (roots.length === 0) throw new Error('Give one or more checkouts to measure.');
  for (let round = 1; round <= 2; round++) {
    for (const root of roots) {
      console.log(`round ${round}, ${root}`);
      spawnSync(
        process.execPath,
        ['--import', 'tsx', fileURLToPath(import.meta.url), '--measure', root],
        {
          stdio: 'inherit',
        },
      );
    }
  }
}

async function measure(root: string): Promise<void> {
  const { buildApp } = await import(`${root}/apps/server/src/app.ts`);
  const { wrapPool } = await import(`${root}/apps/server/src/db/client.ts`);
  const { testConfig, signedInUser } = await import(`${root}/apps/server/test/build-app.ts`);
  const name = `crewdesk_bench_session_${process.pid}`;
  const admin = new pg.Client({ connectionString: BENCH_POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(BENCH_POSTGRES_URL);
  url.pathname = `/${name}`;
  const database = wrapPool(new pg.Pool({ connectionString: url.toString(), max: 5 }));
  try {
    await database.migrate();
    const app = await buildApp({ config: testConfig, database, logger: false });
    await app.ready();
    const user = await signedInUser(app);
    const headers = { cookie: user.cookie, origin: testConfig.publicUrl };
    for (let i = 0; i < 50; i++) {
      await app.inject({
        method: 'POST',
        url: '/api/customers',
        headers,
        payload: { firstName: `Ann${i}`, lastName: 'Bench', email: `ann${i}@example.com` },
      });
    }
    let statements = 0;
    const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
    (pg.Client.prototype as { query: unknown }).query = function (
      this: unknown,
      ...args: unknown[]
    ) {
      statements += 1;
      return query.apply(this, args);
    };
    for (const path of PATHS) {
      for (let i = 0; i < 200; i++) await app.inject({ method: 'GET', url: path, headers });
      statements = 0;
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      for (let i = 0; i < REQUESTS; i++) {
        const answer = await app.inject({ method: 'GET', url: path, headers });
        if (answer.statusCode !== 200) throw new Error(`${path} answered ${answer.statusCode}`);
      }
      const wallMs = (performance.now() - started) / REQUESTS;
      const cpu = process.cpuUsage(cpuBefore);
      const cpuMs = (cpu.user + cpu.system) / 1000 / REQUESTS;
      console.log(
        `  ${path}: ${wallMs.toFixed(2)} ms a request, ${cpuMs.toFixed(2)} ms server CPU, ${(statements / REQUESTS).toFixed(2)} statements`,
      );
    }
    await app.close();
  } finally {
    await database.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
