import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../../../test/build-app.ts';
import { planOf } from '../../../test/query-plan.ts';
import * as repo from './requests.repo.ts';

describe('the requests list query plan', () => {
  let t: TestApp;
  let accountId: string;
  beforeAll(async () => {
    t = await createTestApp();
    const owner = await signedInUser(t.app);
    const stranger = await signedInUser(t.app);
    accountId = owner.accountId;
    // Enough rows, in two businesses, for the planner to weigh its options on real statistics.
    await t.app.db.execute(sql`
      INSERT INTO requests (account_id, title, client, amount_cents, date, type, proposal_type, expires_at, created_at)
      SELECT CASE WHEN i % 4 = 0 THEN ${stranger.accountId}::uuid ELSE ${accountId}::uuid END,
             'Estimate ' || i, 'Client ' || i, 9500, DATE '2026-01-01',
             CASE WHEN i % 3 = 0 THEN 'quote' ELSE 'estimate' END,
             CASE WHEN i % 9 = 0 THEN 'options' END,
             now() + interval '30 days', now() - i * interval '1 minute'
      FROM generate_series(1, 4000) AS i`);
    await t.app.db.execute(sql`ANALYZE requests`);
  });
  afterAll(() => t.close());

  it.each([
    ['the first page of estimates', null],
    [
      'a later page of estimates',
      ['2026-01-01T00:00:00.000000Z', '00000000-0000-4000-8000-000000000000'],
    ],
  ] as const)(
    'when listing %s, then the account-and-date index gives the order: no sort of the account',
    async (_what, after) => {
      const plan = await planOf(
        t.app.db,
        repo.listRequestsQuery(
          t.app.db,
          accountId,
          { categories: ['estimates'], now: new Date() },
          { after: after ? [after[0], after[1]] : null, limit: 25 },
        ),
      );
      expect(plan).toContain('requests_account_created_idx');
      expect(plan).not.toContain('Sort');
    },
  );
});
