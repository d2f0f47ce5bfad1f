import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { createTestDatabase } from '../../../test/database.ts';
import { ACTOR_CHANGED_CHANNEL, ActorCache } from './actor-cache.ts';
import type { SessionActorRow } from './identity.repo.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const row = (userId: string, accountId: string | null): SessionActorRow => ({
  sessionId: `session-of-${userId}`,
  userId,
  email: `${userId}@example.com`,
  expiresAt: new Date(Date.now() + 86_400_000),
  accountId,
  storedRole: 'owner',
  timeZone: 'UTC',
});

async function startedCache(): Promise<ActorCache> {
  const cache = new ActorCache(database);
  expect(await cache.start()).toBe(true);
  return cache;
}

async function notify(payload: string, cache: ActorCache) {
  await database.executeSql('SELECT pg_notify($1, $2)', [ACTOR_CHANGED_CHANNEL, payload]);
  await cache.sync();
}

describe('the actors of the sessions a process has seen', () => {
  it('when a user, an account or everything is notified, then exactly the entries concerned are forgotten', async () => {
    const cache = await startedCache();
    try {
      const fill = () => {
        cache.set('t-ann', row('ann', 'acme'), cache.generation);
        cache.set('t-ann-2', row('ann', 'other'), cache.generation);
        cache.set('t-bob', row('bob', 'acme'), cache.generation);
        cache.set('t-cy', row('cy', 'other'), cache.generation);
      };
      const kept = () =>
        ['t-ann', 't-ann-2', 't-bob', 't-cy'].filter((token) => cache.get(token) !== undefined);

      fill();
      await notify('user:ann', cache);
      expect(kept()).toEqual(['t-bob', 't-cy']);

      fill();
      await notify('account:acme', cache);
      expect(kept()).toEqual(['t-ann-2', 't-cy']);

      fill();
      await notify('*', cache);
      expect(kept()).toEqual([]);
    } finally {
      await cache.stop();
    }
  });

  it('when a change is notified while a session is being read, then the row read before it is not kept', async () => {
    const cache = await startedCache();
    try {
      const before = cache.generation;
      await notify('user:someone-else', cache);
      cache.set('t-dee', row('dee', 'acme'), before);
      expect(cache.get('t-dee')).toBeUndefined();
      cache.set('t-dee', row('dee', 'acme'), cache.generation);
      expect(cache.get('t-dee')?.userId).toBe('dee');
    } finally {
      await cache.stop();
    }
  });

  it('when notifications never come back (a pooler in transaction mode), then nothing is cached', async () => {
    const deaf: Database = Object.assign(Object.create(database) as Database, {
      listen: async () => async () => {},
    });
    const cache = new ActorCache(deaf, 50);
    expect(await cache.start()).toBe(false);
    cache.set('t-eve', row('eve', 'acme'), cache.generation);
    expect(cache.get('t-eve')).toBeUndefined();
    await cache.stop();
  });
});
