import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainEvents, mailMessages } from '../../db/schema/index.ts';
import { asUser, createTestApp, type TestApp } from '../../../test/build-app.ts';
import { sentInvoiceAs } from '../../../test/invoices.ts';
import { BUSINESS_TIME_ZONE, ownerWithBusinessProfile } from '../../../test/requests.ts';
import { digestDue, recordOverdueInvoices, sendDailyDigests } from './hourly.ts';

describe('the hourly events run', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const deps = () => ({ db: t.app.db, mailer: t.app.mailer, publicUrl: 'http://localhost:3000' });

  it('when an invoice passes its due date, then invoice.overdue is written once and the office is told; the digest lists it once a day', async () => {
    const owner = await ownerWithBusinessProfile(t.app);
    const invoice = await sentInvoiceAs(t.app, owner, {
      issueDate: '2026-11-20',
      paymentTerms: 'net_15',
    });
    expect(invoice.dueDate).toBe('2026-12-05');
    const overdueOf = () =>
      t.app.db
        .select()
        .from(domainEvents)
        .where(
          and(eq(domainEvents.subjectId, invoice.id), eq(domainEvents.type, 'invoice.overdue')),
        );

    // The due day itself is not overdue yet, in the business's calendar (Chicago).
    expect(await recordOverdueInvoices(t.app.db, new Date('2026-12-06T05:00:00Z'))).toBe(0);
    expect(await overdueOf()).toEqual([]);
    expect(await recordOverdueInvoices(t.app.db, new Date('2026-12-06T07:00:00Z'))).toBe(1);
    expect(await recordOverdueInvoices(t.app.db, new Date('2026-12-07T07:00:00Z'))).toBe(0);
    const [event] = await overdueOf();
    expect(await overdueOf()).toHaveLength(1);
    expect(event!.payload).toEqual({ dueDate: '2026-12-05' });

    // The owner chose the digest: no e-mail per event, one a day from 7 a.m. their time.
    const saved = await asUser(t.app, owner, {
      method: 'PUT',
      url: '/api/notifications/settings',
      payload: { preferences: [], dailyDigest: true },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await t.app.events.idle();
    const bell = await asUser(t.app, owner, { method: 'GET', url: '/api/notifications' });
    expect(bell.json().items).toContainEqual(
      expect.objectContaining({
        kind: 'invoice_overdue',
        title: `Invoice ${invoice.number} is overdue`,
      }),
    );

    const digests = () =>
      t.app.db
        .select()
        .from(mailMessages)
        .where(
          and(
            eq(mailMessages.accountId, owner.accountId),
            eq(mailMessages.kind, 'notification:digest'),
          ),
        );
    // 6 a.m. in Chicago: too early.
    await sendDailyDigests(deps(), new Date('2026-12-07T12:00:00Z'));
    expect(await digests()).toEqual([]);
    // 8 a.m.: the digest, listing the overdue invoice; a second run that day sends nothing.
    await sendDailyDigests(deps(), new Date('2026-12-07T14:00:00Z'));
    await sendDailyDigests(deps(), new Date('2026-12-07T20:00:00Z'));
    const [digest, ...others] = await digests();
    expect(others).toEqual([]);
    expect(digest).toMatchObject({ toAddress: owner.email });
    expect(digest!.textBody).toContain(`Invoice ${invoice.number} is overdue`);
    // Nothing new the next day: no empty digest.
    await sendDailyDigests(deps(), new Date('2026-12-08T14:00:00Z'));
    expect(await digests()).toHaveLength(1);
  });

  it('when is a digest due, then from 7 a.m. in the business’s time zone, once a day', () => {
    const tz = BUSINESS_TIME_ZONE;
    expect(digestDue(new Date('2026-12-07T12:59:00Z'), tz, null)).toBe(false);
    expect(digestDue(new Date('2026-12-07T13:00:00Z'), tz, null)).toBe(true);
    expect(digestDue(new Date('2026-12-07T20:00:00Z'), tz, new Date('2026-12-07T13:05:00Z'))).toBe(
      false,
    );
    expect(digestDue(new Date('2026-12-08T13:30:00Z'), tz, new Date('2026-12-07T13:05:00Z'))).toBe(
      true,
    );
  });
});
