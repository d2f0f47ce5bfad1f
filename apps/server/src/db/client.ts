import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { acquireDataDirLock } from './data-dir-lock.ts';

export type Schema = typeof schema;
/** One type for both drivers: the app only ever speaks PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** An open transaction on the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A transaction or the database: repo functions take either, so a use case can run them in one. */
export type DbOrTx = Db | Tx;

export const migrationsFolder = resolve(dirname(fileURLToPath(import.meta.url)), 'migrations');
export const pgliteExtensions = { pg_trgm, btree_gin };

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** Round-trips to the database and reports how long it took. */
  ping(): Promise<{ latencyMs: number }>;
  /**
   * Raw SQL for pg-boss. On PGlite it goes through PGlite's own query lock, so a job statement
   * never lands inside an open app transaction (PGlite has a single session).
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /**
   * Calls `onNotify` with each NOTIFY payload on the channel, from any process on this database
   * (PostgreSQL: a connection of its own, opened again after a drop; PGlite: in this process).
   * Resolves with the function that stops listening. `onGap(false)` says the listening
   * connection dropped (what is notified meanwhile is lost), `onGap(true)` that it listens again.
   */
  listen(
    channel: string,
    onNotify: (payload: string) => void,
    options?: ListenOptions,
  ): Promise<() => Promise<void>>;
  /**
   * The embedded database's data dir as a tar, consistent at one point in time (PGlite runs no
   * statement meanwhile; what was committed before is in it). Absent on PostgreSQL: pg_dump.
   */
  dumpDataDir?(): Promise<Blob>;
  /** Whether close() has been called: nothing more can be asked of it. */
  readonly closed: boolean;
  close(): Promise<void>;
}

export interface ListenOptions {
  onGap?: (listening: boolean) => void;
}

export function wrapPglite(client: PGlite, onClose?: () => void): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    ping: () => timed(db),
    async executeSql(text, values) {
      if (values && values.length > 0) return client.query(text, values);
      // Without parameters pg-boss may send several statements at once (its migrations).
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
    async listen(channel, onNotify) {
      const stop = await client.listen(channel, onNotify);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    async dumpDataDir() {
      // Flushed first, so the restored copy starts without replaying much WAL.
      await client.exec('CHECKPOINT');
      return client.dumpDataDir('none');
    },
    get closed() {
      return client.closed;
    },
    async close() {
      if (client.closed) return;
      // Flush everything to the data dir before closing, so a stop never loses a write.
      if (client.dataDir) await client.exec('CHECKPOINT');
      await client.close();
      onClose?.();
    },
  };
}

export function wrapPool(pool: pg.Pool): Database {
  // An idle client dropped by the server (a restart, a terminated backend) emits 'error' on the
  // pool; unhandled, that would crash the process. The next query reports the problem instead.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  let closed = false;
  return {
    db,
    kind: 'postgres',
    migrate: () => migratePg(drizzlePg(pool), { migrationsFolder }),
    ping: () => timed(db),
    async executeSql(text, values) {
      const result = (await pool.query(text, values)) as pg.QueryResult | pg.QueryResult[];
      return { rows: (Array.isArray(result) ? result.at(-1)?.rows : result.rows) ?? [] };
    },
    listen: (channel, onNotify, options) =>
      listenOnOwnConnection(pool, channel, onNotify, () => closed, options?.onGap),
    get closed() {
      return closed;
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

const RELISTEN_DELAYS_MS = [100, 500, 1000, 2000, 5000];

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries). When it
 * drops (a database restart), it is opened again with growing pauses and LISTENs again; what
 * was notified meanwhile is not lost for the ledger: its readers also sweep on a timer.
 */
async function listenOnOwnConnection(
  pool: pg.Pool,
  channel: string,
  onNotify: (payload: string) => void,
  poolClosed: () => boolean,
  onGap: (listening: boolean) => void = () => {},
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  const open = async (): Promise<pg.Client> => {
    const next = new pg.Client(pool.options);
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    next.on('error', () => {});
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    next.once('end', () => {
      if (stopped) return;
      onGap(false);
      void reopen();
    });
    return next;
  };
  const reopen = async (): Promise<void> => {
    for (let attempt = 0; !stopped && !poolClosed(); attempt++) {
      const delay = RELISTEN_DELAYS_MS[Math.min(attempt, RELISTEN_DELAYS_MS.length - 1)];
      await new Promise((resolve) => setTimeout(resolve, delay).unref());
      if (stopped || poolClosed()) return;
      try {
        client = await open();
        onGap(true);
        return;
      } catch {
        // The database is still away: try again after a longer pause.
      }
    }
  };
  client = await open();
  return async () => {
    stopped = true;
    await client?.end().catch(() => {});
  };
}

async function timed(db: Db): Promise<{ latencyMs: number }> {
  const started = performance.now();
  await db.execute(sql`select 1`);
  return { latencyMs: Math.round((performance.now() - started) * 10) / 10 };
}

/** Opens PostgreSQL when a URL is given, else the embedded PGlite in `<dataDir>/pglite`. */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
}): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    await pool.query('select 1');
    return wrapPool(pool);
  }
  const pgliteDir = resolve(options.dataDir, 'pglite');
  mkdirSync(dirname(pgliteDir), { recursive: true });
  // PGlite does not lock its data dir and two processes would corrupt it: we lock it ourselves.
  const lock = acquireDataDirLock(options.dataDir);
  try {
    const client = await PGlite.create(pgliteDir, { extensions: pgliteExtensions });
    return wrapPglite(client, () => lock.release());
  } catch (error) {
    lock.release();
    throw error;
  }
}
