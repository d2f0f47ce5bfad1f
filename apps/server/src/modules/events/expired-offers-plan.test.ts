import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../../../test/build-app.ts';
import { planOf } from '../../../test/query-plan.ts';
import { expiredOffersInsert } from './ledger-sweeps.repo.ts';

describe("the hourly run's expired offers", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const owner = await signedInUser(t.app);
    const other = await signedInUser(t.app);
    // Years of offers in two businesses: most answered, the waiting ones expired long ago or
    // still open; a handful expired within the last two days.
    await t.app.db.execute(sql`
      INSERT INTO requests (account_id, title, client, amount_cents, date, type, status, expires_at, created_at)
      SELECT CASE WHEN i % 2 = 0 THEN ${owner.accountId}::uuid ELSE ${other.accountId}::uuid END,
             'Estimate ' || i, 'Client ' || i, 9500, DATE '2024-01-01', 'estimate',
             CASE WHEN i % 5 = 0 THEN 'sent' ELSE 'accepted' END,
             now() - (i % 900) * interval '1 day' + interval '30 days', now() - i * interval '1 hour'
      FROM generate_series(1, 6000) AS i`);
    await t.app.db.execute(sql`ANALYZE requests`);
  });
  afterAll(() => t.close());

  it('when it looks for offers that expired in the last two days, then it reads the waiting-expiry index, not every request', async () => {
    const plan = await planOf(t.app.db, { getSQL: () => expiredOffersInsert(new Date()) });
    expect(plan).toContain('requests_waiting_expiry_idx');
    expect(plan).not.toMatch(/Seq Scan on requests/);
  });
});
