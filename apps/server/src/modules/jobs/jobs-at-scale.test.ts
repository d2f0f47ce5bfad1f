import { JOB_COUNT_CAP, SCHEDULE_MAX_VISITS } from '@crewdesk/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, signedInUser, createTestApp, type TestApp } from '../../../test/build-app.ts';
import { ownEmployeeId } from '../../../test/customers.ts';
import { planOf } from '../../../test/query-plan.ts';
import { ownerWithBusinessProfile } from '../../../test/requests.ts';
import type { SignedInUser } from '../../../test/build-app.ts';
import * as repo from './jobs.repo.ts';

// The app's clock: Friday 20 November 2026, 9:00 AM in Austin (America/Chicago, UTC-6).
const NOW = new Date('2026-11-20T15:00:00Z');
const TODAY_START = new Date('2026-11-20T06:00:00Z');

/**
 * A business with more jobs than the lists count and the schedule shows, beside another busy
 * business: the schedule's side list, the jobs list's total and the schedule's limit.
 */
describe('jobs of a big business', () => {
  let t: TestApp;
  let owner: SignedInUser;
  beforeAll(async () => {
    t = await createTestApp({ now: () => NOW });
    owner = await ownerWithBusinessProfile(t.app);
    const stranger = await signedInUser(t.app);
    const employeeId = await ownEmployeeId(t.app, owner);
    const strangerEmployee = await ownEmployeeId(t.app, stranger);
    // 10,005 visits in December 2026 (every 50th with no date), nine in ten assigned; and
    // 4,000 of another business, all assigned.
    await t.app.db.execute(sql`
      INSERT INTO jobs (account_id, title, starts_at, created_at)
      SELECT ${owner.accountId}::uuid, 'Visit ' || i,
             CASE WHEN i % 50 <> 0 THEN TIMESTAMPTZ '2026-12-01 15:00Z' + (i % 30) * interval '1 day' END,
             now() - i * interval '1 minute'
      FROM generate_series(1, 10005) AS i`);
    await t.app.db.execute(sql`
      INSERT INTO jobs (account_id, title, starts_at, created_at)
      SELECT ${stranger.accountId}::uuid, 'Other ' || i,
             TIMESTAMPTZ '2026-12-01 15:00Z' + (i % 30) * interval '1 day',
             now() - i * interval '1 minute'
      FROM generate_series(1, 4000) AS i`);
    await t.app.db.execute(sql`
      INSERT INTO job_assignees (account_id, job_id, employee_id)
      SELECT account_id, id,
             CASE WHEN account_id = ${owner.accountId}::uuid THEN ${employeeId}::uuid ELSE ${strangerEmployee}::uuid END
      FROM jobs
      WHERE account_id = ${stranger.accountId}::uuid
         OR (account_id = ${owner.accountId}::uuid AND substring(title from 7)::int % 10 <> 0)`);
    await t.app.db.execute(sql`ANALYZE jobs`);
    await t.app.db.execute(sql`ANALYZE job_assignees`);
  });
  afterAll(() => t.close());

  const get = (url: string) => asUser(t.app, owner, { method: 'GET', url });

  describe("the schedule's unplanned list", () => {
    it('when planned, then it reads the partial index of the business in order and never scans job_assignees', async () => {
      const plan = await planOf(
        t.app.db,
        repo.unplannedVisitsQuery(t.app.db, owner.accountId, TODAY_START, 100),
      );
      expect(plan).toContain('Index Scan using jobs_account_unplanned_idx on jobs');
      expect(plan).not.toContain('Seq Scan on jobs');
      expect(plan).not.toContain('hashed SubPlan');
      expect(plan).not.toMatch(/Sort Key: jobs\./);
      // job_assignees is read only to name the shown visits' assignees, by its key.
      expect(plan).not.toContain('Seq Scan on job_assignees');
      expect(plan).not.toContain('job_assignees_account_employee_idx');
      expect(plan.match(/on job_assignees/g)).toHaveLength(1);
      expect(plan).toContain('Index Cond: (job_id = jobs.id)');
    });

    it('when asked for, then it holds the unassigned coming visits and the undated ones, newest first', async () => {
      const body = (await get('/api/schedule?from=2026-11-16&to=2026-11-22')).json();
      expect(body.unplanned).toHaveLength(100);
      const numbers = body.unplanned.map((v: { title: string }) => Number(v.title.slice(6)));
      // Newest first: created one minute apart, visit 1 the newest.
      expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
      for (const n of numbers) expect(n % 10 === 0 || n % 50 === 0).toBe(true);
    });
  });

  describe('GET /api/schedule', () => {
    it('when a range holds more visits than the schedule shows, then it shows the first ones and says so', async () => {
      const res = await get('/api/schedule?from=2026-12-01&to=2026-12-31');
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ truncated: true, visitLimit: SCHEDULE_MAX_VISITS });
      expect(body.visits).toHaveLength(SCHEDULE_MAX_VISITS);
      // The first ones in time order: the range's start, not an arbitrary 5,000.
      expect(body.visits[0].localStartsAt).toBe('2026-12-01T09:00:00');
    });

    it('when a range holds fewer, then it is not truncated', async () => {
      const body = (await get('/api/schedule?from=2026-12-01&to=2026-12-03')).json();
      expect(body.visits.length).toBeGreaterThan(0);
      expect(body.visits.length).toBeLessThan(SCHEDULE_MAX_VISITS);
      expect(body).toMatchObject({ truncated: false, visitLimit: SCHEDULE_MAX_VISITS });
    });
  });

  describe('GET /api/jobs', () => {
    it('when a business has more jobs than the count stops at (1,000), then the total stops there and says so', async () => {
      const body = (await get('/api/jobs?limit=25')).json();
      expect(body).toMatchObject({ total: JOB_COUNT_CAP, totalCapped: true });
      expect(body.items).toHaveLength(25);
      expect(body.nextCursor).not.toBeNull();
    });

    it('when a filter leaves fewer, then the total is exact', async () => {
      const body = (await get('/api/jobs?assigneeId=unassigned&limit=25')).json();
      // Every tenth of 10,005 is unassigned.
      expect(body).toMatchObject({ total: 1000, totalCapped: false });
    });

    it('when counted without a search, then the count reads jobs alone, stops at the cap, and no client is joined', async () => {
      const plan = await planOf(
        t.app.db,
        repo.countVisitsQuery(t.app.db, owner.accountId, { kind: 'job' }, JOB_COUNT_CAP),
      );
      expect(plan).toContain('Limit');
      expect(plan).not.toContain('customers');
      const searching = await planOf(
        t.app.db,
        repo.countVisitsQuery(t.app.db, owner.accountId, { search: 'acme' }, JOB_COUNT_CAP),
      );
      expect(searching).toContain('customers');
    });
  });
});
