import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../../../test/build-app.ts';
import { planOf } from '../../../test/query-plan.ts';
import * as repo from './customers.repo.ts';

describe('the search query plans', () => {
  let t: TestApp;
  let accountId: string;
  beforeAll(async () => {
    t = await createTestApp();
    const owner = await signedInUser(t.app);
    const stranger = await signedInUser(t.app);
    accountId = owner.accountId;
    // Enough rows, in two businesses, for the planner to weigh its options on real statistics.
    await t.app.db.execute(sql`
      INSERT INTO customers (account_id, first_name, last_name, email, company)
      SELECT CASE WHEN i % 4 = 0 THEN ${stranger.accountId}::uuid ELSE ${accountId}::uuid END,
             (ARRAY['Ann','Bob','Cara','Dev','Eli','Fay'])[1 + i % 6], 'Person' || i,
             'p' || i || '@example.test', CASE WHEN i % 3 = 0 THEN 'Acme ' || i END
      FROM generate_series(1, 3000) AS i`);
    await t.app.db.execute(sql`ANALYZE customers`);
  });
  afterAll(() => t.close());

  it.each([
    ['a 2-character term', 'qz'],
    ['a 2-character term of punctuation', 'j.'],
    ['a 3-character term', 'xyl'],
    ['a term with spaces and symbols', 'a.b c@'],
    ['a longer term', 'person12'],
  ])(
    'when step 2 searches %s (%j), then the plan reads the n-gram GIN index',
    async (_what, term) => {
      const plan = await repo.withIndexedSearchPlan(t.app.db, (tx) =>
        planOf(tx, repo.searchIndexed(tx, accountId, term, 10)),
      );
      expect(plan).toContain('Bitmap Index Scan on customers_search_grams_idx');
      expect(plan).not.toContain('Seq Scan');
    },
  );

  it('when step 1 reads the newest contacts, then it walks the account-and-date index backwards', async () => {
    const plan = await t.app.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      return planOf(tx, repo.searchRecentWindow(tx, accountId, 'an', 300, 5));
    });
    expect(plan).toContain('Index Scan Backward using customers_account_created_idx');
    expect(plan).not.toContain('Sort');
  });
});
