import { REPORT_SCHEDULE_MESSAGES } from '@crewdesk/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, TEST_ORIGIN, type SignedInUser } from '../../../test/build-app.ts';
import { colleagueOf, type Colleague } from '../../../test/jobs.ts';
import { ownerWithBusinessProfile } from '../../../test/requests.ts';
import { createTestAppWithInbox, type TestAppWithInbox } from '../../../test/smtp.ts';
import { jobs, mailMessages, reportSchedules } from '../../db/schema/index.ts';
import { sendDueReportMails } from './schedules.service.ts';

// Monday 2 November 2026, 11:00 AM in Chicago: the week of 26 October to 1 November has ended
// (its Sunday had 25 hours: summer time ended that morning).
const NOW = new Date('2026-11-02T17:00:00Z');
const WEEK_LATER = new Date('2026-11-09T17:00:00Z');

describe('scheduled report e-mails', () => {
  let t: TestAppWithInbox;
  let owner: SignedInUser;
  let manager: Colleague;
  let member: Colleague;
  let stranger: SignedInUser;

  beforeAll(async () => {
    t = await createTestAppWithInbox({ now: () => NOW });
    owner = await ownerWithBusinessProfile(t.app);
    manager = await colleagueOf(t.app, owner, 'business_manager');
    member = await colleagueOf(t.app, owner, 'team_member');
    stranger = await ownerWithBusinessProfile(t.app);
    // A completed visit at 11:30 PM CST on Sunday 1 November: the last evening of the week.
    await t.app.db.insert(jobs).values({
      accountId: owner.accountId,
      title: 'Sunday night clean',
      startsAt: new Date('2026-11-02T05:30:00Z'),
      status: 'completed',
      completedAt: new Date('2026-11-02T05:40:00Z'),
      priceCents: 12345,
    });
  });
  afterAll(() => t.close());

  const call = (
    user: SignedInUser,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ) => asUser(t.app, user, { method, url, payload: payload as object });
  const sweep = (now: Date) =>
    sendDueReportMails(
      { db: t.app.db, mailer: t.app.mailer, publicUrl: TEST_ORIGIN, log: t.app.log },
      now,
    );
  const storedMails = () =>
    t.app.db
      .select()
      .from(mailMessages)
      .where(
        and(eq(mailMessages.accountId, owner.accountId), eq(mailMessages.kind, 'scheduled-report')),
      );

  let scheduleId = '';

  it('when the owner schedules the weekly jobs report to two members, then it is stored with their names', async () => {
    const res = await call(owner, 'POST', '/api/reports/schedules', {
      report: 'jobs',
      frequency: 'weekly',
      recipientUserIds: [owner.userId, manager.userId, manager.userId],
    });
    expect(res.statusCode, res.body).toBe(201);
    scheduleId = res.json().id;
    expect(res.json()).toMatchObject({ report: 'jobs', frequency: 'weekly', lastSentFor: null });
    expect(res.json().recipients.map((r: { userId: string }) => r.userId)).toEqual([
      owner.userId,
      manager.userId,
    ]);
    const list = await call(owner, 'GET', '/api/reports/schedules');
    expect(list.json().schedules.map((s: { id: string }) => s.id)).toEqual([scheduleId]);
  });

  it.each([
    [{ report: 'payroll', frequency: 'weekly' }, 'report must be one of'],
    [{ report: 'jobs', frequency: 'daily' }, 'frequency must be weekly or monthly'],
    [
      { report: 'jobs', frequency: 'weekly', recipientUserIds: [] },
      'Choose at least one recipient.',
    ],
    [
      {
        report: 'jobs',
        frequency: 'weekly',
        recipientUserIds: Array.from({ length: 21 }, () => crypto.randomUUID()),
      },
      'At most 20 recipients',
    ],
  ])('when the body is %j, then 400 says what is wrong', async (body, message) => {
    const res = await call(owner, 'POST', '/api/reports/schedules', {
      recipientUserIds: [owner.userId],
      ...body,
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(message);
  });

  it("when a recipient is another business's member, then 400, and nothing is stored", async () => {
    const res = await call(owner, 'POST', '/api/reports/schedules', {
      report: 'revenue',
      frequency: 'monthly',
      recipientUserIds: [stranger.userId],
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(REPORT_SCHEDULE_MESSAGES.notMembers);
    const rows = await t.app.db
      .select()
      .from(reportSchedules)
      .where(eq(reportSchedules.accountId, owner.accountId));
    expect(rows).toHaveLength(1);
  });

  it('when a manager or a field worker asks, then 403; another business gets 404 for the schedule', async () => {
    for (const user of [manager, member]) {
      expect((await call(user, 'GET', '/api/reports/schedules')).statusCode).toBe(403);
      expect(
        (
          await call(user, 'POST', '/api/reports/schedules', {
            report: 'jobs',
            frequency: 'weekly',
            recipientUserIds: [user.userId],
          })
        ).statusCode,
      ).toBe(403);
    }
    const body = { report: 'jobs', frequency: 'monthly', recipientUserIds: [stranger.userId] };
    expect(
      (await call(stranger, 'PUT', `/api/reports/schedules/${scheduleId}`, body)).statusCode,
    ).toBe(404);
    expect(
      (await call(stranger, 'DELETE', `/api/reports/schedules/${scheduleId}`)).statusCode,
    ).toBe(404);
    expect((await call(stranger, 'GET', '/api/reports/schedules')).json().schedules).toEqual([]);
  });

  it("when the week has ended, then each recipient gets one mail with the week's CSV, and a second run sends nothing", async () => {
    await sweep(NOW);
    await sweep(NOW);
    const mails = await storedMails();
    expect(mails.map((m) => m.toAddress).sort()).toEqual([owner.email, manager.email].sort());
    expect(mails[0]!.subject).toBe('Jobs report, 2026-10-26 to 2026-11-01');
    const attachment = mails[0]!.attachments[0]!;
    expect(attachment.filename).toBe('jobs-2026-10-26-to-2026-11-01-by-day.csv');
    const lines = attachment.content.trim().split('\n');
    expect(lines).toHaveLength(9); // header, seven days, total
    expect(lines[7]).toBe('2026-11-01,2026-11-01,2026-11-01,1,0,0,0,1,0,1,123.45');
    const [row] = await t.app.db
      .select()
      .from(reportSchedules)
      .where(eq(reportSchedules.id, scheduleId));
    expect(row!.lastSentFor).toBe('2026-10-26');
    // Delivered over SMTP with the file attached.
    const delivered = await t.inbox.waitFor(
      (m) => m.subject === 'Jobs report, 2026-10-26 to 2026-11-01',
    );
    expect(delivered.attachments.map((a) => a.filename)).toEqual([
      'jobs-2026-10-26-to-2026-11-01-by-day.csv',
    ]);
    expect(delivered.attachments[0]!.content.toString('utf8')).toBe(attachment.content);
  });

  it('when the next week has ended, then its mails go out; after a change to monthly and a delete, nothing more', async () => {
    expect(await sweep(WEEK_LATER)).toBe(2);
    expect(await sweep(WEEK_LATER)).toBe(0);
    const changed = await call(owner, 'PUT', `/api/reports/schedules/${scheduleId}`, {
      report: 'revenue',
      frequency: 'monthly',
      recipientUserIds: [owner.userId],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ report: 'revenue', frequency: 'monthly' });
    // October ended before the last period mailed began: nothing new until November ends.
    expect(await sweep(WEEK_LATER)).toBe(0);
    expect((await call(owner, 'DELETE', `/api/reports/schedules/${scheduleId}`)).statusCode).toBe(
      204,
    );
    expect(await sweep(new Date('2026-12-01T18:00:00Z'))).toBe(0);
    expect(await storedMails()).toHaveLength(4);
  });
});
