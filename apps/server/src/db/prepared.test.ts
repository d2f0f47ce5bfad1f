import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.ts';
import type { Database } from './client.ts';
import { compiledRowMapper, preparedStatement } from './prepared.ts';
import { businessAccounts, customers, users } from './schema/index.ts';

describe('prepared statements read their rows as drizzle does', () => {
  let database: Database;
  let accountId: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    const { db } = database;
    await db
      .insert(users)
      .values({ id: randomUUID(), name: 'Rita Owner', email: 'rita@example.com' });
    const [account] = await db
      .insert(businessAccounts)
      .values({ id: randomUUID(), name: 'Rita Cleaning', slug: 'rita-cleaning' })
      .returning();
    accountId = account!.id;
    await db.insert(customers).values([
      {
        accountId,
        firstName: 'Ann',
        lastName: 'Lee',
        email: 'ann@example.com',
        phone: '5550100100',
      },
      {
        accountId,
        firstName: 'Bo',
        lastName: 'Ng',
        email: 'bo@example.com',
        phone: '5550100101',
        latitude: 40.7,
        longitude: -74,
        archivedAt: new Date('2026-11-01T10:00:00.123Z'),
      },
    ]);
  });
  afterAll(() => database.close());

  /** A select with a nested table, an expression and an aliased expression, by account. */
  const contactsOf = (id: string) =>
    database.db
      .select({
        row: customers,
        cursor: sql<string[]>`ARRAY[${customers.firstName}, ${customers.id}::text]`,
        total: sql<number>`count(*) over ()`.mapWith(Number).as('total'),
      })
      .from(customers)
      .where(eq(customers.accountId, id))
      .orderBy(customers.firstName);

  it('a prepared select gives the rows drizzle maps itself: nested columns, dates, numbers, nulls', async () => {
    const statement = preparedStatement('test_contacts', () =>
      contactsOf(sql.placeholder('accountId') as unknown as string),
    );
    // The statement reads its rows with the compiled mapper, not drizzle's.
    expect(statement(database.db)).toHaveProperty('customResultMapper', expect.any(Function));
    const prepared = await statement(database.db).execute({ accountId });
    const mappedByDrizzle = await contactsOf(accountId);
    expect(prepared).toHaveLength(2);
    expect(prepared).toEqual(mappedByDrizzle);
    expect(prepared[1]!.row.archivedAt).toEqual(new Date('2026-11-01T10:00:00.123Z'));
    expect(prepared[0]!.total).toBe(2);
  });

  it('a select whose joined table may be missing keeps drizzle mapping (it nulls the table)', async () => {
    const owner = alias(users, 'owner');
    const query = database.db
      .select({ account: businessAccounts, owner })
      .from(businessAccounts)
      .leftJoin(owner, eq(owner.name, 'nobody'))
      .prepare('test_left_join');
    expect(compiledRowMapper(query as never)).toBeUndefined();
    const [row] = await query.execute();
    expect(row!.owner).toBeNull();
  });
});
