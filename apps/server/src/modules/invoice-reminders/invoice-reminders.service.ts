import {
  addDaysToDate,
  dueReminderOffsets,
  localDateOf,
  OPEN_INVOICE_STATUSES,
  reminderKey,
} from '@crewdesk/domain';
import type { ShareSigner } from '../../lib/share-links.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { findBrand, type BusinessBrand } from '../business-profile/index.ts';
import {
  invoiceLogoPath,
  invoiceShareToken,
  publicInvoiceUrl,
  findInvoice,
  insertInvoiceEvent,
} from '../invoices/index.ts';
import type { Mailer } from '../mail/index.ts';
import { mailBrand } from '../requests/index.ts';
import * as repo from './invoice-reminders.repo.ts';
import { reminderMail } from './reminder-mail.ts';

export interface ReminderDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  shares: ShareSigner;
  log: FastifyBaseLogger;
}

/**
 * Sends every reminder whose day has come, in each business's own calendar, and answers how
 * many mails it sent. Safe to run again, after a restart, and in several processes at once:
 * a step is claimed by inserting its key, and only the transaction that inserted it sends.
 */
export async function sendDueReminders(deps: ReminderDeps, now: Date): Promise<number> {
  // No business is further ahead than UTC's tomorrow.
  const latestToday = addDaysToDate(localDateOf(now, 'UTC'), 1);
  const candidates = await repo.reminderCandidates(deps.db, latestToday);
  const brands = new Map<string, BusinessBrand | undefined>();
  let sent = 0;
  for (const candidate of candidates) {
    const today = localDateOf(now, candidate.timeZone);
    const waiting = dueReminderOffsets(candidate.offsets, candidate.dueDate, today).filter(
      (offset) => !candidate.sentKeys.includes(reminderKey(offset)),
    );
    if (waiting.length === 0) continue;
    try {
      if (!brands.has(candidate.accountId))
        brands.set(candidate.accountId, await findBrand(deps.db, candidate.accountId));
      const brand = brands.get(candidate.accountId);
      if (!brand) continue;
      if (await remindOne(deps, candidate, brand, now)) sent += 1;
    } catch (error) {
      // One invoice's failure must not hold back the others; the next run tries it again.
      deps.log.error(
        { err: error, accountId: candidate.accountId, invoiceId: candidate.invoiceId },
        'could not send an invoice reminder',
      );
    }
  }
  return sent;
}

/**
 * One invoice, in one transaction: re-read it under its row lock, claim every due step, and
 * when the latest due step is among the claimed, store ONE mail for it and its history event.
 * Earlier steps are only marked (the server was down on their day, or they were added after a
 * later step went out): a client never gets a pile of reminders at once. The mail is queued
 * after the commit, so a rolled-back claim never sends.
 */
async function remindOne(
  deps: ReminderDeps,
  candidate: repo.ReminderCandidate,
  brand: BusinessBrand,
  now: Date,
): Promise<boolean> {
  const { accountId, invoiceId } = candidate;
  const mailId = await deps.db.transaction(async (tx) => {
    const row = await findInvoice(tx, accountId, invoiceId, { lock: true });
    if (
      !row ||
      !OPEN_INVOICE_STATUSES.includes(row.status) ||
      row.clientEmail.trim() === '' ||
      row.balanceCents <= 0
    )
      return null;
    const settings = await repo.reminderSettings(tx, accountId);
    if (!settings.enabled) return null;
    const today = localDateOf(now, brand.timeZone);
    const due = dueReminderOffsets(settings.offsets, row.dueDate, today);
    const latest = due.at(-1);
    if (latest === undefined) return null;
    const claimed = await repo.claimReminderKeys(
      tx,
      accountId,
      invoiceId,
      due.map(reminderKey),
      now,
    );
    if (!claimed.includes(reminderKey(latest))) return null;
    const to = row.clientEmail.trim();
    const token = invoiceShareToken(deps.shares, row);
    const { id } = await deps.mailer.storeInTransaction(tx, {
      accountId,
      kind: 'invoice-reminder',
      to,
      fromName: brand.name,
      ...reminderMail({
        brand: mailBrand(brand, `${deps.publicUrl}${invoiceLogoPath(token)}`),
        clientName: row.clientName,
        number: row.numberText,
        balanceCents: row.balanceCents,
        dueDate: row.dueDate,
        today,
        url: publicInvoiceUrl(deps.publicUrl, token),
      }),
    });
    await insertInvoiceEvent(tx, {
      accountId,
      invoiceId,
      kind: 'reminder_sent',
      detail: { offsetDays: latest, to },
      createdAt: now,
    });
    return id;
  });
  if (mailId === null) return false;
  // Stored and committed: a failure to queue it now is picked up by the next start's requeue.
  await deps.mailer
    .enqueue(mailId)
    .catch((error: unknown) =>
      deps.log.error({ err: error, mailId }, 'could not queue an invoice reminder'),
    );
  return true;
}
