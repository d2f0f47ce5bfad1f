// `npm run bench:web` (docs/benchmarks.md): Lighthouse 12 on /auth, /, /jobs and /schedule,
// mobile (Lighthouse's default: a mid-range phone, simulated slow 4G and 4× CPU slowdown) and
// desktop (--preset=desktop), the median of 3 runs each: performance score, LCP, TBT and CLS.
// Each page is first loaded once more and that run set aside (--warmup 1): a phone meets a server
// that has served before, while the first run here met one that had not (its JIT, its caches).
// The compiled server (apps/server/dist/main.js, with the built web app: `npm run build` first)
// runs on a fresh embedded data dir with the demo business (`npm run demo`'s script); the
// dashboard pages are opened signed in as the demo owner (the session cookie as an extra
// header), /auth signed out. Debian's Chromium, headless; nothing is downloaded.
// Usage: node scripts/bench/web.mjs [--runs 3] [--pages /auth,/,/jobs,/schedule]
//   [--presets mobile,desktop] [--warmup 1] [--checkout DIR] [--keep]   (--keep leaves the data dir and the
//   reports; --checkout measures another checkout, e.g. an older commit in a worktree with its
//   web app built: its compiled server if built, else src/main.ts under tsx, and its demo script)
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { machine, sleep } from './lib.mjs';

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const { values: opt } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    warmup: { type: 'string', default: '1' },
    pages: { type: 'string', default: '/auth,/,/jobs,/schedule' },
    presets: { type: 'string', default: 'mobile,desktop' },
    port: { type: 'string', default: '3620' },
    checkout: { type: 'string', default: repoRoot },
    keep: { type: 'boolean', default: false },
  },
});
const RUNS = Number(opt.runs);
const WARMUP = Number(opt.warmup);
const PAGES = opt.pages.split(',');
const PRESETS = opt.presets.split(',');
const PORT = Number(opt.port);
const BASE = `http://127.0.0.1:${PORT}`;
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
].join(' ');
const OWNER = { email: 'owner@demo.crewdesk.test', password: 'crewdesk-demo' };
// Lighthouse is the benchmark's own tool: installed in tools/lighthouse on the first run, so that
// npm install (and a self-hoster's server) does not carry it (issue 44).
const LIGHTHOUSE_DIR = join(repoRoot, 'tools/lighthouse');
const LIGHTHOUSE = join(LIGHTHOUSE_DIR, 'node_modules/lighthouse/cli/index.js');
if (!existsSync(LIGHTHOUSE)) {
  console.log('bench:web: installing Lighthouse in tools/lighthouse (first run only)…');
  const installed = spawnSync('npm', ['ci', '--no-audit', '--no-fund', '--ignore-scripts'], {
    cwd: LIGHTHOUSE_DIR,
    stdio: 'inherit',
  });
  if (installed.status !== 0) throw new Error('could not install Lighthouse in tools/lighthouse');
}
const CHECKOUT = resolve(opt.checkout);
const SERVER_DIR = join(CHECKOUT, 'apps/server');
const COMPILED = existsSync(join(SERVER_DIR, 'dist/main.js'));
const SERVER_ARGS = COMPILED ? ['dist/main.js'] : ['--import', 'tsx', 'src/main.ts'];

for (const [path, hint] of [
  [join(CHECKOUT, 'apps/web/dist/index.html'), 'npm run build'],
  [CHROME, 'apt-get install -y chromium'],
  [LIGHTHOUSE, 'npm ci --prefix tools/lighthouse'],
]) {
  if (!existsSync(path)) throw new Error(`${path} is missing: ${hint}`);
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

const dataDir = mkdtempSync(join(os.tmpdir(), 'crewdesk-bench-web-'));
const reports = mkdtempSync(join(os.tmpdir(), 'crewdesk-bench-web-reports-'));
const env = {
  ...process.env,
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  PORT: String(PORT),
  HOST: '127.0.0.1',
  PUBLIC_URL: BASE,
  WEB_CONCURRENCY: '1',
  LOG_LEVEL: 'warn',
  // Lighthouse loads each page a few dozen times, all from one address.
  RATE_LIMIT_MAX: '100000',
  AUTH_RATE_LIMIT_MAX: '1000',
  // No tiles from the internet (there is none here): the map draws without them.
  MAP_TILE_URL: 'off',
};
delete env.DATABASE_URL;

console.log(
  `Web benchmark — ${machine()}, load ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(
      ' ',
    )}; ${execFileSync(CHROME, ['--version'], { encoding: 'utf8' }).trim()}\n  checkout ${CHECKOUT} (${execFileSync('git', ['-C', CHECKOUT, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim()}), server: ${COMPILED ? 'compiled (node dist/main.js)' : 'sources under tsx (no dist build)'}`,
);
let server;
try {
  const t = performance.now();
  // The demo business, as `npm run demo` makes it, before the server owns the data dir.
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/demo.ts'], {
    cwd: SERVER_DIR,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  console.log(`  demo data: ${((performance.now() - t) / 1000).toFixed(1)} s`);

  server = spawn(process.execPath, SERVER_ARGS, { cwd: SERVER_DIR, env, stdio: 'inherit' });
  for (let i = 0; ; i++) {
    if (server.exitCode !== null) throw new Error('the server stopped');
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (i > 1200) throw new Error('the server did not answer');
    await sleep(100);
  }
  const signIn = await fetch(`${BASE}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: BASE },
    body: JSON.stringify(OWNER),
  });
  if (!signIn.ok) throw new Error(`sign-in: ${signIn.status} ${await signIn.text()}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

  const rows = [];
  for (const preset of PRESETS) {
    for (const page of PAGES) {
      const runs = [];
      for (let run = 1 - WARMUP; run <= RUNS; run++) {
        const output = join(reports, `${preset}${page.replaceAll('/', '_')}-${run}.json`);
        const args = [
          LIGHTHOUSE,
          `${BASE}${page}`,
          '--quiet',
          '--only-categories=performance',
          '--output=json',
          `--output-path=${output}`,
          `--chrome-flags=${CHROME_FLAGS}`,
        ];
        if (preset === 'desktop') args.push('--preset=desktop');
        // Signed in for the dashboard pages; /auth as someone who has not signed in.
        if (page !== '/auth') args.push(`--extra-headers=${JSON.stringify({ Cookie: cookie })}`);
        // Lighthouse now and then fails to record a trace (NO_NAVSTART): that run is made again.
        let lhr;
        for (let attempt = 1; ; attempt++) {
          try {
            execFileSync(process.execPath, args, {
              env: { ...process.env, CHROME_PATH: CHROME },
              stdio: ['ignore', 'ignore', 'inherit'],
            });
            lhr = JSON.parse(readFileSync(output, 'utf8'));
            if (lhr.runtimeError) throw new Error(`${page}: ${lhr.runtimeError.message}`);
            break;
          } catch (error) {
            if (attempt === 3) throw error;
            console.log(
              `  (${preset} ${page} run ${run} failed, again: ${error.message.split('\n')[0]})`,
            );
          }
        }
        // A warm-up run is set aside.
        if (run < 1) continue;
        const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
        runs.push({
          score: Math.round((lhr.categories.performance.score ?? NaN) * 100),
          lcp: audit('largest-contentful-paint'),
          tbt: audit('total-blocking-time'),
          cls: audit('cumulative-layout-shift'),
          fcp: audit('first-contentful-paint'),
          finalUrl: lhr.finalDisplayedUrl ?? lhr.finalUrl,
        });
      }
      const row = {
        preset,
        page,
        score: median(runs.map((r) => r.score)),
        lcp: median(runs.map((r) => r.lcp)),
        tbt: median(runs.map((r) => r.tbt)),
        cls: median(runs.map((r) => r.cls)),
        fcp: median(runs.map((r) => r.fcp)),
        scores: runs.map((r) => r.score).join(' / '),
        finalUrl: runs.at(-1).finalUrl,
      };
      rows.push(row);
      console.log(
        `  ${preset.padEnd(7)} ${page.padEnd(9)} performance ${String(row.score).padStart(3)} (runs ${row.scores})   LCP ${(row.lcp / 1000).toFixed(2)} s   TBT ${row.tbt.toFixed(0)} ms   CLS ${row.cls.toFixed(3)}   FCP ${(row.fcp / 1000).toFixed(2)} s   (ended at ${new URL(row.finalUrl).pathname})`,
      );
    }
  }
  console.log(
    '\nTargets: mobile performance ≥ 90, LCP ≤ 2.5 s, TBT ≤ 200 ms, CLS ≤ 0.1; desktop performance ≥ 98.',
  );
  for (const r of rows) {
    const misses = [];
    if (r.preset === 'mobile') {
      if (r.score < 90) misses.push(`performance ${r.score} < 90`);
      if (r.lcp > 2500) misses.push(`LCP ${(r.lcp / 1000).toFixed(2)} s > 2.5 s`);
      if (r.tbt > 200) misses.push(`TBT ${r.tbt.toFixed(0)} ms > 200 ms`);
      if (r.cls > 0.1) misses.push(`CLS ${r.cls.toFixed(3)} > 0.1`);
    } else if (r.score < 98) misses.push(`performance ${r.score} < 98`);
    console.log(
      `  ${r.preset.padEnd(7)} ${r.page.padEnd(9)} ${misses.length ? `missed: ${misses.join(', ')}` : 'met'}`,
    );
  }
} finally {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  if (opt.keep) console.log(`kept ${dataDir} and ${reports}`);
  else {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(reports, { recursive: true, force: true });
  }
}
