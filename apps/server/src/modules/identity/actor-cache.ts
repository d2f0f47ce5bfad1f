import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { SessionActorRow } from './identity.repo.ts';

/**
 * The channel the database's triggers notify when something a session's actor is made of
 * changes (migration 0029): `user:<id>` for a session, user or membership row of that user,
 * `account:<id>` for a business's time zone, `*` for anything broader (a business renamed or
 * deleted, a table emptied).
 */
export const ACTOR_CHANGED_CHANNEL = 'actor_changed';

/** Enough for every signed-in person of a large install; the oldest entries go first. */
const MAX_ENTRIES = 10_000;
/** How long start-up (or a write) waits for its own NOTIFY to come back. */
const HEAR_OWN_MARKER_MS = 5000;
/** A safety net only: a notification, not this age, is what ends an entry. */
const MAX_AGE_MS = 60_000;

interface Entry {
  row: SessionActorRow;
  cachedAt: number;
}

/**
 * Session token → the row `findSessionActor` read for it, kept in this process so that a
 * signed-in request sends no statement for its session. Every change to what the row is made
 * of (sign-out, a revoked or extended session, a switched business, a deactivation, a role, an
 * e-mail, a time zone) fires a trigger whose NOTIFY reaches every process on the database, and
 * the entries it concerns die there and then. While the listening connection is down nothing is
 * cached and nothing cached is used, since a notification could be missed.
 */
export class ActorCache {
  private readonly entries = new Map<string, Entry>();
  private listening = false;
  private stopListening: (() => Promise<void>) | undefined;
  /**
   * Counts what was forgotten: a row read before a change and stored after it must not be kept,
   * so `set` takes the generation seen before the read and keeps nothing when it has moved on.
   */
  private forgotten = 0;
  /** `sync` calls waiting for their own marker to come back, by marker. */
  private readonly syncs = new Map<string, () => void>();

  constructor(
    private readonly database: Database,
    private readonly hearOwnMarkerMs = HEAR_OWN_MARKER_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Resolves false when notifications do not come back: then nothing is cached. */
  async start(): Promise<boolean> {
    this.stopListening = await this.database.listen(
      ACTOR_CHANGED_CHANNEL,
      (payload) => this.forget(payload),
      {
        onGap: (listening) => {
          this.forgetAll();
          this.listening = listening;
          // Markers sent before the drop will not come back; what they waited for is forgotten.
          this.releaseSyncs();
        },
      },
    );
    this.listening = true;
    // A connection pooler in transaction mode takes LISTEN and delivers nothing: a process that
    // cannot hear its own marker remembers nothing, and each request reads its session.
    const heard = await this.sync();
    if (!heard) this.listening = false;
    return heard;
  }

  async stop(): Promise<void> {
    this.listening = false;
    this.forgetAll();
    this.releaseSyncs();
    await this.stopListening?.();
  }

  /**
   * Resolves once every change committed before the call has reached this process: it notifies
   * a marker of its own and waits for it to come back, and the database delivers notifications
   * to a listener in commit order. A NOTIFY arrives within a millisecond or so; this is for
   * callers (and tests) that must not act inside that millisecond.
   */
  async sync(): Promise<boolean> {
    if (!this.listening) return true;
    const marker = `sync:${randomUUID()}`;
    const back = new Promise<boolean>((resolve) => this.syncs.set(marker, () => resolve(true)));
    await this.database.executeSql('SELECT pg_notify($1, $2)', [ACTOR_CHANGED_CHANNEL, marker]);
    // A marker lost with a dropped connection must not hold a request: after a while the cache
    // forgets everything instead, which is always safe.
    const heard = await Promise.race([
      back,
      new Promise<false>((resolve) =>
        setTimeout(() => resolve(false), this.hearOwnMarkerMs).unref(),
      ),
    ]);
    if (!heard) {
      this.syncs.delete(marker);
      this.forgetAll();
    }
    return heard;
  }

  /** What to hand `set` after a read that began now. */
  get generation(): number {
    return this.forgotten;
  }

  get(token: string): SessionActorRow | undefined {
    if (!this.listening) return undefined;
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (this.now() - entry.cachedAt > MAX_AGE_MS) {
      this.entries.delete(token);
      return undefined;
    }
    return entry.row;
  }

  set(token: string, row: SessionActorRow, generationBeforeRead: number): void {
    if (!this.listening || generationBeforeRead !== this.forgotten) return;
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(token, { row, cachedAt: this.now() });
  }

  private forget(payload: string): void {
    const waiting = this.syncs.get(payload);
    if (waiting) {
      this.syncs.delete(payload);
      waiting();
      return;
    }
    if (payload.startsWith('sync:')) return;
    this.forgotten += 1;
    const [kind, id] = payload.split(':', 2);
    if (kind === 'user') this.forgetWhere((row) => row.userId === id);
    else if (kind === 'account') this.forgetWhere((row) => row.accountId === id);
    else this.forgetAll();
  }

  private forgetWhere(matches: (row: SessionActorRow) => boolean): void {
    for (const [token, entry] of this.entries) {
      if (matches(entry.row)) this.entries.delete(token);
    }
  }

  private releaseSyncs(): void {
    for (const waiting of this.syncs.values()) waiting();
    this.syncs.clear();
  }

  private forgetAll(): void {
    this.forgotten += 1;
    this.entries.clear();
  }
}

/**
 * A signed-in write (a switched business, a role, a sign-out, a time zone) may change what
 * sessions act as. Its answer waits until this process's cache has the change, so the person's
 * next request sees it whichever connection the NOTIFY came in on; other processes get the
 * same NOTIFY at the same moment. One round trip per signed-in write; reads wait for nothing.
 */
export function syncActorCacheAfterWrites(
  app: FastifyInstance,
  cache: ActorCache,
  sessionCookie: string,
): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (READS.has(request.method) || reply.statusCode >= 400) return payload;
    const signedIn = Object.keys(request.cookies ?? {}).some((name) =>
      name.endsWith(sessionCookie),
    );
    if (signedIn) await cache.sync();
    return payload;
  });
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
