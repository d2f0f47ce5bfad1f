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

  it('when a client is far from its limit, then its hits are counted in the process and reach the shared count at the next flush', async () => {
    const Store = databaseLimitStore(database);
    const store = new Store({ max: 10_000 });
    const sent: string[] = [];
    const executeSql = database.executeSql.bind(database);
    const spy = (text: string, values?: unknown[]) => {
      sent.push(text);
      return executeSql(text, values);
    };
    database.executeSql = spy;
    const counts = [];
    try {
      for (let i = 0; i < 10; i++) counts.push((await hit(store, '203.0.113.11')).current);
    } finally {
      database.executeSql = executeSql;
    }
    expect(counts).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // The first hit learns the shared count; the other nine wait in the process.
    expect(sent.filter((text) => text.includes('INSERT INTO request_limit_counters'))).toHaveLength(
      1,
    );
    expect((await read(store, '203.0.113.11')).current).toBe(1);
    await Store.stop();
    expect((await read(store, '203.0.113.11')).current).toBe(10);
  });

  it('when two processes count one client near its limit, then together they let exactly the limit through', async () => {
    const first = databaseLimitStore(database);
    const second = databaseLimitStore(database);
    const stores = [new first({ max: 64 }), new second({ max: 64 })];
    let allowed = 0;
    for (let i = 0; i < 200; i++) {
      const { current } = await hit(stores[i % 2]!, '203.0.113.12');
      if (current <= 64) allowed += 1;
    }
    await Promise.all([first.stop(), second.stop()]);
    expect(allowed).toBe(64);
    expect((await read(stores[0]!, '203.0.113.12')).current).toBe(200);
  });

  it('the counters table is unlogged: a counted request waits for no WAL flush', async () => {
    const { rows } = await database.executeSql(
      `SELECT relpersistence FROM pg_class WHERE relname = 'request_limit_counters'`,
    );
    expect(rows).toEqual([{ relpersistence: 'u' }]);
  });
});
