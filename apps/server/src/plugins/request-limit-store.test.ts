import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { createTestDatabase } from '../../test/database.ts';
import { databaseLimitStore } from './request-limit-store.ts';

type Store = InstanceType<ReturnType<typeof databaseLimitStore>>;

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

function hit(store: Store, key: string, windowMs = 60_000) {
  return new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    store.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), windowMs),
  );
}

function read(store: Store, key: string) {
  return new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    store.read(key, (error, result) => (error ? reject(error) : resolve(result!))),
  );
}

describe('request counts kept in the database', () => {
  it('when a client keeps asking, then each hit adds one within the window, and reading adds none', async () => {
    const Store = databaseLimitStore(database);
    const store = new Store();
    const counts = [];
    for (let i = 0; i < 3; i++) counts.push((await hit(store, '203.0.113.7')).current);
    expect(counts).toEqual([1, 2, 3]);
    const state = await read(store, '203.0.113.7');
    expect(state.current).toBe(3);
    expect(state.ttl).toBeGreaterThan(0);
    expect(state.ttl).toBeLessThanOrEqual(60_000);
    expect((await read(store, '203.0.113.7')).current).toBe(3);
  });

  it('when the window has ended, then the count starts again at one', async () => {
    const store = new (databaseLimitStore(database))();
    await hit(store, '203.0.113.8', 50);
    await hit(store, '203.0.113.8', 50);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect((await read(store, '203.0.113.8')).current).toBe(0);
    expect((await hit(store, '203.0.113.8', 50)).current).toBe(1);
  });

  it('when a route has a limit of its own, then it counts apart from the general one', async () => {
    const general = new (databaseLimitStore(database))();
    const form = general.child({
      routeInfo: { method: 'POST', url: '/api/public/form' },
    } as Parameters<typeof general.child>[0]);
    await hit(general, '203.0.113.9');
    await hit(general, '203.0.113.9');
    expect((await hit(form, '203.0.113.9')).current).toBe(1);
    expect((await read(general, '203.0.113.9')).current).toBe(2);
  });

  it('when two stores (two processes) count one client, then they share the count', async () => {
    const Store = databaseLimitStore(database);
    const first = new Store();
    const second = new Store();
    await hit(first, '203.0.113.10');
    expect((await hit(second, '203.0.113.10')).current).toBe(2);
  });

  it('the counters table is unlogged: a counted request waits for no WAL flush', async () => {
    const { rows } = await database.executeSql(
      `SELECT relpersistence FROM pg_class WHERE relname = 'request_limit_counters'`,
    );
    expect(rows).toEqual([{ relpersistence: 'u' }]);
  });
});
