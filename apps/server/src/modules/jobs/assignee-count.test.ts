import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, createTestApp, type SignedInUser, type TestApp } from '../../../test/build-app.ts';
import { ownEmployeeId } from '../../../test/customers.ts';
import { colleagueOf, createJobAs, jobBody, type Colleague } from '../../../test/jobs.ts';
import { ownerWithBusinessProfile } from '../../../test/requests.ts';
import { employees, jobs } from '../../db/schema/index.ts';
import { extendAllSeries } from './job-series.ts';

// The app's clock: Friday 20 November 2026, 9:00 AM in Austin (America/Chicago, UTC-6).
const NOW = new Date('2026-11-20T15:00:00Z');

/** jobs.assignee_count is what the schedule's unplanned list reads instead of job_assignees. */
describe('the assignee count of a job', () => {
  let t: TestApp;
  let owner: SignedInUser;
  let worker: Colleague;
  let ownerEmployee: string;

  beforeAll(async () => {
    t = await createTestApp({ now: () => NOW });
    owner = await ownerWithBusinessProfile(t.app);
    worker = await colleagueOf(t.app, owner, 'team_member');
    ownerEmployee = await ownEmployeeId(t.app, owner);
  });
  afterAll(() => t.close());

  /** Jobs (of every business) whose count differs from their job_assignees rows. */
  async function wrongCounts(): Promise<unknown[]> {
    const result = (await t.app.db.execute(sql`
      SELECT j.id, j.assignee_count,
             (SELECT count(*) FROM job_assignees a WHERE a.job_id = j.id)::int AS actual
      FROM jobs j
      WHERE j.assignee_count <> (SELECT count(*) FROM job_assignees a WHERE a.job_id = j.id)`)) as {
      rows: unknown[];
    };
    return result.rows;
  }

  async function countOf(jobId: string): Promise<number> {
    const [row] = await t.app.db
      .select({ n: jobs.assigneeCount })
      .from(jobs)
      .where(eq(jobs.id, jobId));
    return row!.n;
  }

  const unplannedTitles = async (): Promise<string[]> => {
    const res = await asUser(t.app, owner, {
      method: 'GET',
      url: '/api/schedule?from=2026-11-16&to=2026-11-22',
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().unplanned.map((v: { title: string }) => v.title);
  };

  const edit = (id: string, body: object, scope = '') =>
    asUser(t.app, owner, {
      method: 'PUT',
      url: `/api/jobs/${id}${scope ? `?scope=${scope}` : ''}`,
      payload: jobBody(body),
    });

  it('when a job is created, edited, dragged and deleted, then its count follows its assignees', async () => {
    const job = await createJobAs(t.app, owner, {
      title: 'Counted',
      startsAt: '2026-12-01T09:00:00',
      assigneeIds: [ownerEmployee, worker.employeeId],
    });
    expect(await countOf(job.id)).toBe(2);
    expect(await unplannedTitles()).not.toContain('Counted');

    const edited = await edit(job.id, {
      title: 'Counted',
      startsAt: '2026-12-01T09:00:00',
      assigneeIds: [worker.employeeId],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await countOf(job.id)).toBe(1);

    const dragged = await asUser(t.app, owner, {
      method: 'PATCH',
      url: `/api/jobs/${job.id}/schedule`,
      payload: {
        startsAt: '2026-12-02T09:00:00',
        fromAssigneeId: worker.employeeId,
        toAssigneeId: null,
        version: edited.json().version,
      },
    });
    expect(dragged.statusCode, dragged.body).toBe(200);
    expect(await countOf(job.id)).toBe(0);
    // Nobody on a coming visit: it is unplanned now.
    expect(await unplannedTitles()).toContain('Counted');

    const back = await asUser(t.app, owner, {
      method: 'PATCH',
      url: `/api/jobs/${job.id}/schedule`,
      payload: {
        startsAt: '2026-12-02T09:00:00',
        toAssigneeId: ownerEmployee,
        version: dragged.json().version,
      },
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(await countOf(job.id)).toBe(1);
    expect(await unplannedTitles()).not.toContain('Counted');

    const cleared = await edit(job.id, {
      title: 'Counted',
      startsAt: '2026-12-02T09:00:00',
      assigneeIds: [],
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await countOf(job.id)).toBe(0);

    const removed = await asUser(t.app, owner, { method: 'DELETE', url: `/api/jobs/${job.id}` });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    expect(await wrongCounts()).toEqual([]);
  });

  it('when a series is generated, extended and edited, then every visit counts its assignees', async () => {
    const first = await createJobAs(t.app, owner, {
      title: 'Weekly counted',
      frequency: 'weekly',
      startsAt: '2026-11-24T08:00:00',
      assigneeIds: [worker.employeeId],
    });
    const visits = await t.app.db
      .select({ id: jobs.id, n: jobs.assigneeCount })
      .from(jobs)
      .where(eq(jobs.seriesId, first.seriesId!))
      .orderBy(jobs.occurrenceDate);
    expect(visits.length).toBeGreaterThan(10);
    expect(new Set(visits.map((v) => v.n))).toEqual(new Set([1]));

    // The background generator, a month later.
    await extendAllSeries(t.app.db, new Date('2026-12-20T15:00:00Z'));
    const third = visits[2]!;
    const following = await edit(
      third.id,
      {
        title: 'Weekly counted v2',
        frequency: 'weekly',
        startsAt: '2026-12-08T08:00:00',
        assigneeIds: [ownerEmployee, worker.employeeId],
      },
      'following',
    );
    expect(following.statusCode, following.body).toBe(200);
    const v2 = await t.app.db
      .select({ n: jobs.assigneeCount })
      .from(jobs)
      .where(eq(jobs.seriesId, following.json().seriesId));
    expect(v2.length).toBeGreaterThan(1);
    expect(new Set(v2.map((v) => v.n))).toEqual(new Set([2]));

    const second = visits[1]!;
    const one = await edit(
      second.id,
      {
        title: 'Weekly counted',
        frequency: 'weekly',
        startsAt: '2026-12-01T08:00:00',
        assigneeIds: [],
      },
      'this',
    );
    expect(one.statusCode, one.body).toBe(200);
    expect(await countOf(second.id)).toBe(0);
    expect(await wrongCounts()).toEqual([]);
  });

  it("when an employee record goes (its rows of job_assignees cascade), then their visits' counts drop", async () => {
    const helper = await colleagueOf(t.app, owner, 'team_member');
    const job = await createJobAs(t.app, owner, {
      title: 'Helper visit',
      startsAt: '2026-12-03T09:00:00',
      assigneeIds: [helper.employeeId, ownerEmployee],
    });
    expect(await countOf(job.id)).toBe(2);
    await t.app.db.delete(employees).where(eq(employees.id, helper.employeeId));
    expect(await countOf(job.id)).toBe(1);
    expect(await wrongCounts()).toEqual([]);
  });

  it('when a count would go below zero, then the database refuses it', async () => {
    const job = await createJobAs(t.app, owner, { title: 'Never negative' });
    await expect(
      t.app.db.update(jobs).set({ assigneeCount: -1 }).where(eq(jobs.id, job.id)),
    ).rejects.toThrow();
  });
});
