import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Database } from '../db/client.ts';

/** What @fastify/rate-limit hands a store for each request it counts. */
type IncrementCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * What `child` is really handed: the route's merged limit options, with the route under
 * `routeInfo` (the package's type names the route options themselves).
 */
type RouteLimitOptions = Parameters<FastifyRateLimitStore['child']>[0] & {
  routeInfo?: { method?: string | string[]; url?: string };
};

/** How often finished windows are swept away: rows are small, and a sweep is one indexed delete. */
const SWEEP_EVERY_MS = 10 * 60_000;

// One statement counts a hit: the first hit of a window (no row, or the row's window has ended)
// starts a new window; the others add one. The database's clock decides, so every process agrees.
const COUNT_HIT = `
  INSERT INTO request_limit_counters AS counter (key, hits, window_ends_at)
  VALUES ($1, 1, now() + $2 * interval '1 millisecond')
  ON CONFLICT (key) DO UPDATE SET
    hits = CASE WHEN counter.window_ends_at <= now() THEN 1 ELSE counter.hits + 1 END,
    window_ends_at = CASE WHEN counter.window_ends_at <= now()
      THEN excluded.window_ends_at ELSE counter.window_ends_at END
  RETURNING hits, greatest(0, floor(extract(epoch FROM counter.window_ends_at - now()) * 1000))::bigint AS ttl_ms`;

const READ_HITS = `
  SELECT hits, greatest(0, floor(extract(epoch FROM window_ends_at - now()) * 1000))::bigint AS ttl_ms
  FROM request_limit_counters WHERE key = $1 AND window_ends_at > now()`;

const SWEEP = `DELETE FROM request_limit_counters WHERE window_ends_at < now() - interval '1 hour'`;

interface CounterRow {
  hits: number | string;
  ttl_ms: number | string | bigint;
}

/**
 * A store for @fastify/rate-limit that counts in the app's database, so that two server
 * processes on one PostgreSQL share every limit (the memory store would let each process allow
 * the whole limit). Used on PostgreSQL only: the embedded database allows one process.
 */
export function databaseLimitStore(database: Database) {
  let nextSweepAt = Date.now() + SWEEP_EVERY_MS;

  function sweepNowAndThen(): void {
    if (Date.now() < nextSweepAt) return;
    nextSweepAt = Date.now() + SWEEP_EVERY_MS;
    // Not awaited: a failed sweep only leaves a few finished rows for the next one.
    database.executeSql(SWEEP).catch(() => {});
  }

  return class DatabaseLimitStore implements FastifyRateLimitStore {
    // @fastify/rate-limit passes its options first; the counts need only the prefix.
    constructor(
      _pluginOptions?: unknown,
      private readonly prefix = 'api:',
    ) {}

    incr(key: string, callback: IncrementCallback, timeWindowMs: number): void {
      sweepNowAndThen();
      database
        .executeSql(COUNT_HIT, [this.prefix + key, timeWindowMs])
        .then(({ rows }) => callback(null, toResult(rows[0] as CounterRow)))
        .catch((error: Error) => callback(error));
    }

    read(key: string, callback: IncrementCallback): void {
      database
        .executeSql(READ_HITS, [this.prefix + key])
        .then(({ rows }) =>
          callback(null, rows[0] ? toResult(rows[0] as CounterRow) : { current: 0, ttl: 0 }),
        )
        .catch((error: Error) => callback(error));
    }

    /** A route with its own limit counts apart from the general one, under its own prefix. */
    child(options: RouteLimitOptions): DatabaseLimitStore {
      const route = options.routeInfo ?? {};
      return new DatabaseLimitStore(
        undefined,
        `${this.prefix}${String(route.method ?? '')} ${route.url ?? ''}:`,
      );
    }
  };
}

function toResult(row: CounterRow): { current: number; ttl: number } {
  return { current: Number(row.hits), ttl: Number(row.ttl_ms) };
}
