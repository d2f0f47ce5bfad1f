import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../../../test/build-app.ts';
import { planOf } from '../../../test/query-plan.ts';
import * as repo from './operations.repo.ts';

// A month of a business with four years of history: the reports must read the month through
// their account-and-time indexes, not the whole account.
const MONTH = {
  from: '2026-10-01',
  to: '2026-10-31',
  timeZone: 'America/Chicago',
  start: new Date('2026-10-01T05:00:00Z'),
  end: new Date('2026-11-01T05:00:00Z'),
};

describe('the reports’ query plans', () => {
  let t: TestApp;
  let accountId: string;
  beforeAll(async () => {
    t = await createTestApp();
    const owner = await signedInUser(t.app);
    const stranger = await signedInUser(t.app);
    accountId = owner.accountId;
    await t.app.db.execute(sql`
      INSERT INTO requests (account_id, title, client, amount_cents, date, type, expires_at, shared_at, status)
      SELECT CASE WHEN i % 4 = 0 THEN ${stranger.accountId}::uuid ELSE ${accountId}::uuid END,
             'Quote ' || i, 'Client ' || i, 9500, DATE '2026-01-01', 'quote',
             now() + interval '30 days',
             CASE WHEN i % 5 = 0 THEN NULL ELSE timestamptz '2022-11-01' + i * interval '6 hours' END,
             'sent'
      FROM generate_series(1, 6000) AS i`);
    await t.app.db.execute(sql`
      INSERT INTO jobs (account_id, title, starts_at, status)
      SELECT CASE WHEN i % 4 = 0 THEN ${stranger.accountId}::uuid ELSE ${accountId}::uuid END,
             'Visit ' || i, timestamptz '2022-11-01' + i * interval '6 hours', 'completed'
      FROM generate_series(1, 6000) AS i`);
    await t.app.db.execute(sql`ANALYZE requests`);
    await t.app.db.execute(sql`ANALYZE jobs`);
  });
  afterAll(() => t.close());

  it('when the quote report reads a month, then it uses the account-and-sent index', async () => {
    const plan = await planOf(t.app.db, repo.quoteGroupsQuery(accountId, MONTH, 'day', new Date()));
    expect(plan).toContain('requests_account_shared_idx');
    expect(plan).not.toContain('Seq Scan on requests');
  });

  it('when the jobs report reads a month, then it uses an account-and-start index', async () => {
    const plan = await planOf(t.app.db, repo.jobGroupsQuery(accountId, MONTH, 'day'));
    expect(plan).toMatch(/jobs_account_(kind_)?starts_idx/);
    expect(plan).not.toContain('Seq Scan on jobs');
  });
});
