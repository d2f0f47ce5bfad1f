import { DEFAULT_REMINDER_OFFSETS, OPEN_INVOICE_STATUSES } from '@crewdesk/domain';
import { and, asc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  businessDetails,
  invoiceReminders,
  invoices,
  invoiceSettings,
} from '../../db/schema/index.ts';

export interface ReminderCandidate {
  accountId: string;
  invoiceId: string;
  dueDate: string;
  timeZone: string;
  /** The account's reminder steps (the defaults when it never saved its settings). */
  offsets: number[];
  /** The reminder keys already sent for the invoice. */
  sentKeys: string[];
}

/**
 * Open invoices with an e-mail and a balance, in accounts with reminders on, whose earliest step
 * may have come by `latestToday` (the latest 'today' of any time zone). A sweep over every
 * account: the job reads what each business's rules make due, then writes scoped by account.
 */
export async function reminderCandidates(
  db: Db,
  latestToday: string,
): Promise<ReminderCandidate[]> {
  const earliestDefault = Math.min(...DEFAULT_REMINDER_OFFSETS);
  // The step comes when today − due ≥ offset, so only due ≤ today − min(offset) can have one.
  const earliestOffset = sql<number>`coalesce((select min(o) from unnest(${invoiceSettings.reminderOffsets}) as o), ${earliestDefault})`;
  const rows = await db
    .select({
      accountId: invoices.accountId,
      invoiceId: invoices.id,
      dueDate: invoices.dueDate,
      timeZone: businessDetails.timeZone,
      settingsAccountId: invoiceSettings.accountId,
      offsets: invoiceSettings.reminderOffsets,
      sentKeys: sql<
        string[] | null
      >`(select array_agg(r.reminder_key) from ${invoiceReminders} r where r.invoice_id = ${invoices.id})`,
    })
    .from(invoices)
    .leftJoin(invoiceSettings, eq(invoiceSettings.accountId, invoices.accountId))
    .leftJoin(businessDetails, eq(businessDetails.accountId, invoices.accountId))
    .where(
      and(
        inArray(invoices.status, [...OPEN_INVOICE_STATUSES]),
        ne(invoices.clientEmail, ''),
        gt(invoices.balanceCents, 0),
        or(isNull(invoiceSettings.accountId), eq(invoiceSettings.remindersEnabled, true)),
        sql`${invoices.dueDate} + ${earliestOffset} <= ${latestToday}::date`,
      ),
    )
    .orderBy(asc(invoices.dueDate), asc(invoices.id));
  return rows.map((row) => ({
    accountId: row.accountId,
    invoiceId: row.invoiceId,
    dueDate: row.dueDate,
    timeZone: row.timeZone ?? 'UTC',
    offsets: row.settingsAccountId === null ? [...DEFAULT_REMINDER_OFFSETS] : (row.offsets ?? []),
    sentKeys: row.sentKeys ?? [],
  }));
}

/**
 * Claims reminder steps of an invoice; answers the keys this call inserted. A key another
 * transaction (another process's sweep) holds or committed is not returned: only the claimant
 * sends, so each step goes out once.
 */
export async function claimReminderKeys(
  tx: DbOrTx,
  accountId: string,
  invoiceId: string,
  keys: string[],
  now: Date,
): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await tx
    .insert(invoiceReminders)
    .values(keys.map((reminderKey) => ({ accountId, invoiceId, reminderKey, sentAt: now })))
    .onConflictDoNothing({ target: [invoiceReminders.invoiceId, invoiceReminders.reminderKey] })
    .returning({ key: invoiceReminders.reminderKey });
  return rows.map((r) => r.key);
}

/** The account's reminder settings as the sending transaction sees them (defaults without a row). */
export async function reminderSettings(
  tx: DbOrTx,
  accountId: string,
): Promise<{ enabled: boolean; offsets: number[] }> {
  const [row] = await tx
    .select({
      enabled: invoiceSettings.remindersEnabled,
      offsets: invoiceSettings.reminderOffsets,
    })
    .from(invoiceSettings)
    .where(eq(invoiceSettings.accountId, accountId));
  return row ?? { enabled: true, offsets: [...DEFAULT_REMINDER_OFFSETS] };
}
