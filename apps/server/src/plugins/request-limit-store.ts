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

/** How long hits may wait in a process before they are added to the shared count. */
const FLUSH_EVERY_MS = 1000;
/**
 * A process may let through, uncounted in the database, this fraction of what is left of a
 * limit: with up to 16 processes each holding back at most 1/32 of it, all of them together
 * overshoot by at most half of what was left, and only for hits less than a second old.
 */
const LOCAL_SHARE_DIVISOR = 32;

// One statement counts hits: the first of a window (no row, or the row's window has ended)
// starts a new window; the others add theirs. The database's clock decides, so every process
// agrees.
const COUNT_HITS = `
  INSERT INTO request_limit_counters AS counter (key, hits, window_ends_at)
  VALUES ($1, $3, now() + $2 * interval '1 millisecond')
  ON CONFLICT (key) DO UPDATE SET
    hits = CASE WHEN counter.window_ends_at <= now() THEN $3 ELSE counter.hits + $3 END,
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

/** What one process knows of a key's count. */
interface LocalCount {
  /** The shared count when this process last wrote to it. */
  shared: number;
  /** Hits let through since then, not yet in the shared count. */
  pending: number;
  windowEndsAt: number;
  windowMs: number;
  sharedAt: number;
}

/**
 * A store for @fastify/rate-limit that counts in the app's database, so that two server
 * processes on one PostgreSQL share every limit (the memory store would let each process allow
 * the whole limit). Used on PostgreSQL only: the embedded database allows one process.
 *
 * Far from its limit, a client's hits are counted in the process and added to the shared count
 * once a second (one statement for them all, not one per request); as the shared count nears
 * the limit, each process's allowance shrinks to nothing and every hit is counted in the
 * database before it is answered, so a small limit (sign-in, the request form) is exact.
 */
export function databaseLimitStore(database: Database) {
  let nextSweepAt = Date.now() + SWEEP_EVERY_MS;
  const counts = new Map<string, LocalCount>();
  let flushing: Promise<void> = Promise.resolve();

  function sweepNowAndThen(): void {
    if (Date.now() < nextSweepAt) return;
    nextSweepAt = Date.now() + SWEEP_EVERY_MS;
    // Not awaited: a failed sweep only leaves a few finished rows for the next one.
    database.executeSql(SWEEP).catch(() => {});
  }

  /**
   * Adds the key's waiting hits (and `extra` more) to the shared count. The waiting ones are
   * taken at once, so hits let through meanwhile wait for the next write and none is sent twice.
   */
  async function addToShared(key: string, extra: number, windowMs: number) {
    const waiting = counts.get(key);
    const taken = waiting?.pending ?? 0;
    if (waiting) waiting.pending = 0;
    try {
      const { rows } = await database.executeSql(COUNT_HITS, [key, windowMs, taken + extra]);
      const result = toResult(rows[0] as CounterRow);
      const now = Date.now();
      counts.set(key, {
        shared: result.current,
        pending: counts.get(key)?.pending ?? 0,
        windowEndsAt: now + result.ttl,
        windowMs,
        sharedAt: now,
      });
      return result;
    } catch (error) {
      const count = counts.get(key);
      if (count) count.pending += taken;
      throw error;
    }
  }

  /** Adds every key's waiting hits to the shared count, and forgets keys gone quiet. */
  function flush(): Promise<void> {
    flushing = flushing.then(async () => {
      const now = Date.now();
      for (const [key, count] of counts) {
        if (count.pending > 0) {
          // A failed write keeps the hits waiting for the next flush.
          await addToShared(key, 0, count.windowMs).catch(() => {});
        } else if (now - count.sharedAt > FLUSH_EVERY_MS) {
          counts.delete(key);
        }
      }
    });
    return flushing;
  }
  const timer = setInterval(() => void flush(), FLUSH_EVERY_MS);
  timer.unref();

  return class DatabaseLimitStore implements FastifyRateLimitStore {
    private readonly max: number;

    // @fastify/rate-limit passes its options (or a route's) first; a limit given as a function
    // is counted hit by hit.
    constructor(
      options?: { max?: unknown },
      private readonly prefix = 'api:',
    ) {
      this.max = typeof options?.max === 'number' ? options.max : 0;
    }

    /** Adds what is waiting to the shared counts, and stops the once-a-second flush. */
    static async stop(): Promise<void> {
      clearInterval(timer);
      await flush();
    }

    incr(key: string, callback: IncrementCallback, timeWindowMs: number): void {
      sweepNowAndThen();
      const fullKey = this.prefix + key;
      const count = counts.get(fullKey);
      const now = Date.now();
      if (count && now < count.windowEndsAt && count.pending + 1 <= this.allowance(count)) {
        count.pending += 1;
        callback(null, { current: count.shared + count.pending, ttl: count.windowEndsAt - now });
        return;
      }
      addToShared(fullKey, 1, timeWindowMs)
        .then((result) => callback(null, result))
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
        options as { max?: unknown },
        `${this.prefix}${String(route.method ?? '')} ${route.url ?? ''}:`,
      );
    }

    /** How many hits this process may let through before it must count in the database. */
    private allowance(count: LocalCount): number {
      return Math.floor((this.max - count.shared) / LOCAL_SHARE_DIVISOR);
    }
  };
}

function toResult(row: CounterRow): { current: number; ttl: number } {
  return { current: Number(row.hits), ttl: Number(row.ttl_ms) };
}
