import { formatUsd, type InvoiceInputBody, type InvoiceSettingsInput } from '@crewdesk/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, TEST_ORIGIN, type SignedInUser } from '../../../test/build-app.ts';
import { createInvoiceAs, payAs, sentInvoiceAs } from '../../../test/invoices.ts';
import { ownerWithBusinessProfile } from '../../../test/requests.ts';
import { createTestAppWithInbox, type TestAppWithInbox } from '../../../test/smtp.ts';
import { startJobQueue } from '../../background/queue.ts';
import { invoiceEvents, invoiceReminders, invoices, mailMessages } from '../../db/schema/index.ts';
import { sendDueReminders } from './invoice-reminders.service.ts';
import { startReminderWorker } from './reminder-worker.ts';

// The app's clock: Friday 20 November 2026, 9:00 AM in Austin (America/Chicago), the issue date
// of every invoice here (net 15: due Saturday 5 December 2026). Nothing is due at this time, so
// a reminder run the app itself queues never races a test's own.
const NOW = new Date('2026-11-20T15:00:00Z');
const DUE = '2026-12-05';

/** 9:00 AM in Austin on a December day of 2026 (UTC−6). */
function austinMorning(day: number): Date {
  return new Date(`2026-12-${String(day).padStart(2, '0')}T15:00:00Z`);
}

describe('invoice reminders', () => {
  let t: TestAppWithInbox;
  /** The app's clock; moved only where a worker of the app's own could run the sweep. */
  let clock = NOW;

  beforeAll(async () => {
    t = await createTestAppWithInbox({ now: () => clock });
  });
  afterAll(() => t.close());

  const sweep = (now: Date) =>
    sendDueReminders(
      {
        db: t.app.db,
        mailer: t.app.mailer,
        publicUrl: TEST_ORIGIN,
        shares: t.app.shares,
        log: t.app.log,
      },
      now,
    );

  /** An invoice e-mailed to its client through the API (it becomes 'sent'). */
  const sentInvoice = (owner: SignedInUser, body: Partial<InvoiceInputBody> = {}) =>
    sentInvoiceAs(t.app, owner, body);

  async function saveSettings(owner: SignedInUser, changes: Partial<InvoiceSettingsInput>) {
    const current = await asUser(t.app, owner, { method: 'GET', url: '/api/invoice-settings' });
    const { nextNumber: _n, onlinePaymentsEnabled: _o, ...settings } = current.json();
    const res = await asUser(t.app, owner, {
      method: 'PUT',
      url: '/api/invoice-settings',
      payload: { ...settings, ...changes },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  async function remindersOf(invoiceId: string) {
    const rows = await t.app.db
      .select({ key: invoiceReminders.reminderKey, accountId: invoiceReminders.accountId })
      .from(invoiceReminders)
      .where(eq(invoiceReminders.invoiceId, invoiceId));
    return rows.map((r) => r.key).sort();
  }

  async function reminderEvents(invoiceId: string) {
    const rows = await t.app.db
      .select({ detail: invoiceEvents.detail, accountId: invoiceEvents.accountId })
      .from(invoiceEvents)
      .where(and(eq(invoiceEvents.invoiceId, invoiceId), eq(invoiceEvents.kind, 'reminder_sent')))
      .orderBy(invoiceEvents.seq);
    return rows;
  }

  async function reminderMails(accountId: string) {
    return t.app.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.accountId, accountId), eq(mailMessages.kind, 'invoice-reminder')));
  }

  it('when an invoice is 3 days overdue in the business’s calendar, then its client gets the 3-day reminder once, however often the sweep runs', async () => {
    const owner = await ownerWithBusinessProfile(t.app);
    const invoice = await sentInvoice(owner);
    expect(invoice.dueDate).toBe(DUE);

    // 8 December 03:00 UTC is still 7 December in Austin: two days late there, nothing due.
    await sweep(new Date('2026-12-08T03:00:00Z'));
    expect(await remindersOf(invoice.id)).toEqual([]);

    await sweep(austinMorning(8));
    await sweep(austinMorning(8));
    await sweep(new Date('2026-12-08T23:00:00Z'));

    expect(await remindersOf(invoice.id)).toEqual(['after:3']);
    const events = await reminderEvents(invoice.id);
    expect(events).toEqual([
      {
        accountId: owner.accountId,
        detail: { offsetDays: 3, to: 'dana@example.test' },
      },
    ]);
    const mails = await reminderMails(owner.accountId);
    expect(mails).toHaveLength(1);
    const link = `${TEST_ORIGIN}/pay/${invoice.publicUrl.split('/pay/')[1]}`;
    expect(mails[0]).toMatchObject({
      toAddress: 'dana@example.test',
      fromName: 'Sparkle Cleaning Co',
      subject: `Reminder: invoice ${invoice.number} is overdue`,
    });
    expect(mails[0]!.links).toContain(link);
    for (const part of [formatUsd(invoice.balanceCents), 'Dec 5, 2026', link, 'Dana Whitfield'])
      expect(mails[0]!.textBody).toContain(part);

    const received = await t.inbox.waitFor(
      (m) => m.subject === `Reminder: invoice ${invoice.number} is overdue`,
    );
    expect(received.to).toMatchObject({ text: 'dana@example.test' });
    expect(received.from?.value[0]?.name).toBe('Sparkle Cleaning Co');
    expect(received.text).toContain(link);
    await expect.poll(async () => (await reminderMails(owner.accountId))[0]?.status).toBe('sent');
  });

  it('when several sweeps run at the same time, then the reminder is still sent once', async () => {
    const owner = await ownerWithBusinessProfile(t.app);
    const invoice = await sentInvoice(owner);

    await Promise.all([
      sweep(austinMorning(9)),
      sweep(austinMorning(9)),
      sweep(austinMorning(9)),
      sweep(austinMorning(9)),
    ]);

    expect(await remindersOf(invoice.id)).toEqual(['after:3']);
    expect(await reminderEvents(invoice.id)).toHaveLength(1);
    expect(await reminderMails(owner.accountId)).toHaveLength(1);
  });

  it('when a second process’s job queue runs the reminder worker, then it sends what is due, once', async () => {
    const owner = await ownerWithBusinessProfile(t.app);
    const invoice = await sentInvoice(owner);
    // Every process shares one clock; whichever process's worker takes the job, the day is the 9th.
    clock = austinMorning(9);
    // A second server process on the same database: its own pg-boss and worker.
    const jobs = await startJobQueue(t.database);
    const stop = await startReminderWorker({
      jobs,
      db: t.app.db,
      mailer: t.app.mailer,
      now: () => clock,
      publicUrl: TEST_ORIGIN,
      shares: t.app.shares,
      log: t.app.log,
    });
    try {
      await expect.poll(() => remindersOf(invoice.id), { timeout: 15_000 }).toEqual(['after:3']);
    } finally {
      stop();
      await jobs.stop({ graceful: true, wait: true });
      clock = NOW;
    }
    expect(await reminderMails(owner.accountId)).toHaveLength(1);
  });

  it('when an invoice is paid, void, a draft or has no e-mail address, then it gets no reminder', async () => {
    const owner = await ownerWithBusinessProfile(t.app);
    const paid = await sentInvoice(owner);
    const pay = await payAs(t.app, owner, paid.id, { amountCents: paid.balanceCents });
    expect(pay.statusCode, pay.body).toBe(201);
    const voided = await sentInvoice(owner);
    const voiding = await asUser(t.app, owner, {
      method: 'POST',
      url: `/api/invoices/${voided.id}/void`,
    });
    expect(voiding.statusCode, voiding.body).toBe(200);
    const draft = await createInvoiceAs(t.app, owner);
    const noEmail = await createInvoiceAs(t.app, owner, { clientEmail: '' });
    // Sent by hand (printed, or to an address not kept on the invoice): open, but no address.
    await t.app.db
      .update(invoices)
      .set({ status: 'sent', sentAt: NOW })
      .where(and(eq(invoices.accountId, owner.accountId), eq(invoices.id, noEmail.id)));

    await sweep(austinMorning(20));

    for (const invoice of [paid, voided, draft, noEmail]) {
      expect(await remindersOf(invoice.id), invoice.number).toEqual([]);
      expect(await reminderEvents(invoice.id), invoice.number).toEqual([]);
    }
    expect(await reminderMails(owner.accountId)).toEqual([]);
  });

  it('when a partly paid invoice is overdue, then the reminder asks for the balance left', async () => {
    const owner = await ownerWithBusinessProfile(t.app);
    const invoice = await sentInvoice(owner);
    await payAs(t.app, owner, invoice.id, { amountCents: 10_000 });

    await sweep(austinMorning(8));

    const [mail] = await reminderMails(owner.accountId);
    expect(mail?.textBody).toContain(formatUsd(invoice.balanceCents - 10_000));
  });

  it('when a step is 2 days before the due date, then the reminder says when it is due', async () => {
    const owner = await ownerWithBusinessProfile(t.app);
    await saveSettings(owner, { reminderOffsets: [-2] });
    const invoice = await sentInvoice(owner);

    await sweep(austinMorning(2));
    expect(await remindersOf(invoice.id)).toEqual([]);
    await sweep(austinMorning(3));
    await sweep(austinMorning(4));

    expect(await remindersOf(invoice.id)).toEqual(['before:2']);
    expect((await reminderEvents(invoice.id)).map((e) => e.detail)).toEqual([
      { offsetDays: -2, to: 'dana@example.test' },
    ]);
    const mails = await reminderMails(owner.accountId);
    expect(mails.map((m) => m.subject)).toEqual([
      `Reminder: invoice ${invoice.number} is due on Dec 5, 2026`,
    ]);
    await t.inbox.waitFor(
      (m) => m.subject === `Reminder: invoice ${invoice.number} is due on Dec 5, 2026`,
    );
  });

  it('when several steps came while the server was down, then one mail goes for the latest and the earlier are marked', async () => {
    const owner = await ownerWithBusinessProfile(t.app);
    const invoice = await sentInvoice(owner);

    await sweep(austinMorning(13));
    await sweep(austinMorning(14));

    expect(await remindersOf(invoice.id)).toEqual(['after:3', 'after:7']);
    expect((await reminderEvents(invoice.id)).map((e) => e.detail)).toEqual([
      { offsetDays: 7, to: 'dana@example.test' },
    ]);
    expect(await reminderMails(owner.accountId)).toHaveLength(1);
  });

  it('when a step earlier than one already sent is added, then it is marked but not sent after the later one', async () => {
    const owner = await ownerWithBusinessProfile(t.app);
    await saveSettings(owner, { reminderOffsets: [7] });
    const invoice = await sentInvoice(owner);
    await sweep(austinMorning(12));
    await saveSettings(owner, { reminderOffsets: [3, 7, 10] });

    await sweep(austinMorning(13));
    expect(await remindersOf(invoice.id)).toEqual(['after:3', 'after:7']);
    expect(await reminderMails(owner.accountId)).toHaveLength(1);

    await sweep(austinMorning(15));
    expect(await remindersOf(invoice.id)).toEqual(['after:10', 'after:3', 'after:7']);
    expect((await reminderEvents(invoice.id)).map((e) => e.detail?.offsetDays)).toEqual([7, 10]);
    expect(await reminderMails(owner.accountId)).toHaveLength(2);
  });

  it('when the business turns reminders off, then no reminder goes out', async () => {
    const owner = await ownerWithBusinessProfile(t.app);
    await saveSettings(owner, { remindersEnabled: false });
    const invoice = await sentInvoice(owner);

    await sweep(austinMorning(8));
    await sweep(austinMorning(20));

    expect(await remindersOf(invoice.id)).toEqual([]);
    expect(await reminderEvents(invoice.id)).toEqual([]);
    expect(await reminderMails(owner.accountId)).toEqual([]);
  });
});
