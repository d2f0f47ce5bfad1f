import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PERIODIC_QUEUES, QUEUES } from './queue.ts';

// Every periodic job is listed in one place (PERIODIC_QUEUES) and started one way
// (startPeriodicRun), issue 44: a hand-made hourly timer, or a job started and not listed, fails.

const src = join(import.meta.dirname, '..');

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(path);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) yield path;
  }
}

/**
 * Timers that are not periodic jobs: the runner itself, the ledger's wake-up, a live stream's
 * keep-alive, and the rate limit's few-second flush of this process's counts.
 */
const TIMERS_ALLOWED = new Set([
  'background/queue.ts',
  'modules/events/dispatcher.ts',
  'modules/events/events.routes.ts',
  'plugins/request-limit-store.ts',
]);

const files = [...sources(src)].map((path) => ({
  name: relative(src, path),
  text: readFileSync(path, 'utf8'),
}));

describe('periodic jobs', () => {
  it('when the server is read, then no file keeps a repeating timer of its own', () => {
    const timers = files
      .filter((f) => /\bsetInterval\(/.test(f.text) && !TIMERS_ALLOWED.has(f.name))
      .map((f) => f.name);
    expect(timers).toEqual([]);
  });

  it('when the server is read, then each listed periodic job is started once, and no other', () => {
    const started = files.flatMap((f) =>
      [...f.text.matchAll(/startPeriodicRun\(\s*\w+,\s*QUEUES\.(\w+)/g)].map((m) => m[1]!),
    );
    expect(started.sort()).toEqual(Object.keys(PERIODIC_QUEUES).sort());
    for (const key of started) expect(QUEUES[key as keyof typeof QUEUES]).toBeDefined();
  });
});
