#!/usr/bin/env node
// Runs the domain, server and web suites again with the machine's clock and time zone moved
// (decision 049), so a test whose outcome depends on the date or time it runs at fails here and
// not on the day the calendar catches up with it. The clock is moved with Debian's libfaketime
// (the `faketime` command), which every process of the run inherits; the server's tests run on
// the embedded database, inside the faked process, so the database's now() moves with the app's.
//
//   node scripts/test-moved-clocks.mjs [clock …] [--only domain|server|web] [--whole]
//
// Each clock is computed from today's real date, so each stays ahead of it on any day the
// script runs. Without arguments every clock runs, one after the other: the domain and web
// suites whole under each, and the server suite (by far the longest) split between them, a
// shard per clock, so each server test runs once more with a moved clock; `--whole` runs the
// whole server suite under every clock.
import { spawnSync } from 'node:child_process';

/** The time zone most tests give their business (test/requests.ts's BUSINESS_TIME_ZONE). */
const BUSINESS_TIME_ZONE = 'America/Chicago';
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** How long before the moment that matters each clock starts: the suites run across it. */
const LEAD_MS = 3 * MINUTE_MS;

/** The UTC offset of `timeZone` at `instant`, in minutes east of UTC. */
function offsetMinutes(instant, timeZone) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / MINUTE_MS);
}

/** The first instant of `year` at which `timeZone` changes its offset (to the minute). */
function firstOffsetChange(timeZone, year) {
  let previous = new Date(Date.UTC(year, 0, 1));
  for (let day = 1; day <= 366; day++) {
    const next = new Date(previous.getTime() + DAY_MS);
    if (offsetMinutes(next, timeZone) !== offsetMinutes(previous, timeZone)) {
      let [low, high] = [previous.getTime(), next.getTime()];
      while (high - low > MINUTE_MS) {
        const middle = low + Math.floor((high - low) / 2 / MINUTE_MS) * MINUTE_MS;
        if (offsetMinutes(new Date(middle), timeZone) === offsetMinutes(previous, timeZone))
          low = middle;
        else high = middle;
      }
      return new Date(high);
    }
    previous = next;
  }
  throw new Error(`${timeZone} does not change its offset in ${year}`);
}

/** The instant at which the wall clock of `timeZone` reads `y-m-d h:min` (m from 1). */
function wallClockInstant(timeZone, y, m, d, h, min) {
  const guess = Date.UTC(y, m - 1, d, h, min);
  return new Date(guess - offsetMinutes(new Date(guess), timeZone) * MINUTE_MS);
}

/** 'YYYY-MM-DD HH:MM:SS' of `instant` on the wall clock of `timeZone`, as faketime reads it. */
function wallClock(instant, timeZone) {
  const at = new Date(instant.getTime() + offsetMinutes(instant, timeZone) * MINUTE_MS);
  return at.toISOString().slice(0, 19).replace('T', ' ');
}

const now = new Date();
const thisYear = now.getUTCFullYear();

/**
 * The moved clocks. `timeZone` is the machine's (TZ: the web tests' browser zone and the
 * server's process zone), far from UTC; `startsAt` is when the clock starts.
 */
function movedClocks() {
  // Three years ahead, minutes before the business's clocks change (its day has 23 hours), on
  // a machine in New Zealand, half a day ahead of the business and itself on summer time.
  const dst = firstOffsetChange(BUSINESS_TIME_ZONE, thisYear + 3);
  // Minutes before New Year on a machine 14 hours ahead of UTC: its date turns while UTC's and
  // the business's are still 31 December. Next year's when this year's has passed.
  const kiritimati = 'Pacific/Kiritimati';
  let year = thisYear + 1;
  if (wallClockInstant(kiritimati, year, 1, 1, 0, 0).getTime() - LEAD_MS <= now.getTime()) year++;
  const newYear = wallClockInstant(kiritimati, year, 1, 1, 0, 0);
  return [
    {
      name: 'dst-years-ahead',
      timeZone: 'Pacific/Auckland',
      startsAt: new Date(dst.getTime() - LEAD_MS),
      says: `${BUSINESS_TIME_ZONE} changes its clocks at ${dst.toISOString()}`,
    },
    {
      name: 'new-year-far-east',
      timeZone: kiritimati,
      startsAt: new Date(newYear.getTime() - LEAD_MS),
      says: `${kiritimati} turns to ${year} at ${newYear.toISOString()}`,
    },
  ];
}

function parseArguments(argv) {
  const names = [];
  let only = null;
  let whole = false;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--only') only = argv[++i];
    else if (argv[i] === '--whole') whole = true;
    else names.push(argv[i]);
  }
  if (only && !['domain', 'server', 'web'].includes(only)) {
    console.error(`--only takes domain, server or web, not ${only}`);
    process.exit(2);
  }
  return { names, only, whole };
}

function fakedEnv(clock) {
  const env = {
    ...process.env,
    TZ: clock.timeZone,
    // The clock runs on from there; timers keep the machine's real monotonic clock.
    FAKETIME_DONT_FAKE_MONOTONIC: '1',
    FORCE_COLOR: process.env.FORCE_COLOR ?? '1',
  };
  // The server's tests run on the embedded database, in the faked process.
  delete env.TEST_DATABASE_URL;
  delete env.CREWDESK_TEST_TEMPLATE_DB;
  return env;
}

/**
 * faketime's setting for `clock`: an offset from the real time, in seconds, rather than a start
 * time, because each process starts a start time anew (a test worker forked a minute later would
 * live a minute behind its parent), while an offset moves every process of the run alike.
 */
function offsetFor(clock) {
  return `${clock.startsAt.getTime() >= Date.now() ? '+' : '-'}${Math.round(Math.abs(clock.startsAt.getTime() - Date.now()) / 1000)}`;
}

function faked(clock, command, args, env) {
  return spawnSync('faketime', ['-f', offsetFor(clock), command, ...args], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env,
    encoding: 'utf8',
  });
}

/** Stops the run when the clock did not move: a suite that ran on the real clock proves nothing. */
function checkClockMoved(clock, env) {
  const probe = spawnSync(
    'faketime',
    [
      '-f',
      offsetFor(clock),
      process.execPath,
      '-e',
      'process.stdout.write(JSON.stringify({ now: Date.now(), offset: -new Date().getTimezoneOffset() }))',
    ],
    { env, encoding: 'utf8' },
  );
  if (probe.error || probe.status !== 0) {
    console.error(
      `faketime did not run (${probe.error?.message ?? probe.stderr.trim()}). ` +
        'Install Debian\u2019s faketime: apt-get install -y faketime',
    );
    process.exit(1);
  }
  const seen = JSON.parse(probe.stdout);
  const expectedOffset = offsetMinutes(clock.startsAt, clock.timeZone);
  if (Math.abs(seen.now - clock.startsAt.getTime()) > MINUTE_MS || seen.offset !== expectedOffset) {
    console.error(
      `The clock did not move: Node saw ${new Date(seen.now).toISOString()} at UTC${seen.offset / 60}, ` +
        `not ${clock.startsAt.toISOString()} at UTC${expectedOffset / 60}.`,
    );
    process.exit(1);
  }
}

const { names, only, whole } = parseArguments(process.argv.slice(2));
const clocks = movedClocks().filter((c) => names.length === 0 || names.includes(c.name));
if (clocks.length === 0) {
  console.error(`No such clock: ${names.join(', ')}. Clocks: ${movedClocks().map((c) => c.name)}`);
  process.exit(2);
}

/** The server runner's arguments under the clock at `index`: its shard, unless asked whole. */
function serverArgsFor(index) {
  return whole || clocks.length === 1 ? [] : [`--shard=${index + 1}/${clocks.length}`];
}

const npm = 'npm';
const failed = [];
for (const [index, clock] of clocks.entries()) {
  const env = fakedEnv(clock);
  checkClockMoved(clock, env);
  console.log(
    `\n==> Clock ${clock.name}: ${wallClock(clock.startsAt, clock.timeZone)} in ${clock.timeZone} ` +
      `(${clock.startsAt.toISOString()}; ${clock.says})`,
  );
  const serverArgs = serverArgsFor(index);
  if (serverArgs.length > 0 && only !== 'domain' && only !== 'web')
    console.log(`The server suite's part under this clock: ${serverArgs.join(' ')}`);
  const result = only
    ? faked(
        clock,
        npm,
        [
          'run',
          'test',
          '-w',
          `@crewdesk/${only}`,
          ...(only === 'server' && serverArgs.length > 0 ? ['--', ...serverArgs] : []),
        ],
        env,
      )
    : faked(
        clock,
        process.execPath,
        ['scripts/run-workspaces.mjs', 'test', `--server-args=${serverArgs.join(' ')}`],
        env,
      );
  if (result.status !== 0) failed.push(clock.name);
}
if (failed.length > 0) {
  console.error(`\nThe tests failed with the clock moved: ${failed.join(', ')}.`);
  process.exit(1);
}
console.log(`\nThe tests passed with every moved clock: ${clocks.map((c) => c.name).join(', ')}.`);
