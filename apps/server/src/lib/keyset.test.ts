import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.ts';
import { cursorKeysColumn, cursorKeysOf, cursorTimeKey } from './keyset.ts';

describe('a row’s cursor keys as one text column', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  async function cursorOf(keys: SQL[]): Promise<unknown> {
    const result = (await database.db.execute(
      sql`select ${cursorKeysColumn(keys)} as cursor`,
    )) as unknown as { rows: { cursor: unknown }[] };
    return result.rows[0]!.cursor;
  }

  it('when keys hold quotes, backslashes, commas, braces and other scripts, then they read back as they were', async () => {
    const keys = [
      'o\'brien "the" \\ {x}, y',
      'Zoë 山田 🚐',
      'true',
      '6233ae17-484b-4b49-9953-2b9a4ab4ae55',
    ];
    const cursor = await cursorOf(keys.map((key) => sql`${key}::text`));
    expect(typeof cursor).toBe('string');
    expect(cursorKeysOf(cursor as string)).toEqual(keys);
  });

  it('when a key is a time, then it keeps its microseconds', async () => {
    const cursor = await cursorOf([
      cursorTimeKey(sql`'2026-11-29 12:00:00.123456+00'::timestamptz`),
    ]);
    expect(cursorKeysOf(cursor as string)).toEqual(['2026-11-29T12:00:00.123456Z']);
  });
});
