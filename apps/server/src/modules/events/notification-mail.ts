import {
  isPhoneOnlyEmail,
  NOTIFICATION_RULES,
  notificationPath,
  type LedgerSubject,
  type NotificationKind,
} from '@crewdesk/domain';
import type { Db } from '../../db/client.ts';
import { QUEUES, type JobQueue } from '../../background/queue.ts';
import { type Mailer, renderMail } from '../mail/index.ts';
import * as repo from './events.repo.ts';

interface EmailJob {
  accountId: string;
  userId: string;
  kind: NotificationKind;
}

/**
 * Sends the e-mail of a person's notifications of one kind. The notifications are claimed
 * (emailed_at) and the message stored in one transaction, so a retried job never sends twice and
 * a burst that arrived while the job waited goes out in the same message.
 */
export async function sendNotificationEmail(
  deps: { db: Db; mailer: Mailer; publicUrl: string; now: () => Date },
  job: EmailJob,
): Promise<void> {
  const queued = await deps.db.transaction(async (tx) => {
    const member = await repo.memberContact(tx, job.accountId, job.userId);
    if (!member || isPhoneOnlyEmail(member.email)) return null;
    const rows = await repo.claimUnemailed(tx, job.accountId, job.userId, job.kind, deps.now());
    if (rows.length === 0) return null;
    const business = await repo.accountName(tx, job.accountId);
    const latest = rows.reduce((a, b) => (a.updatedAt > b.updatedAt ? a : b));
    const total = rows.reduce((n, r) => n + r.count, 0);
    const single = rows.length === 1 && latest.count === 1;
    const url = single
      ? `${deps.publicUrl}${notificationPath(latest.subject as LedgerSubject, latest.subjectId)}`
      : `${deps.publicUrl}/notifications`;
    const rule = NOTIFICATION_RULES[job.kind];
    const subject = rows.length === 1 ? latest.title : `${rule.label}: ${total}`;
    return deps.mailer.storeInTransaction(tx, {
      accountId: job.accountId,
      kind: `notification:${job.kind}`,
      to: member.email,
      fromName: business,
      ...renderMail({
        subject,
        heading: single ? latest.title : `${total} × ${rule.label}`,
        paragraphs: rows.map((r) => r.title),
        action: { label: single ? 'Open' : 'Open notifications', url },
        footer: `${rule.reason} Change what you are sent in Settings > Notifications: ${deps.publicUrl}/settings?section=notifications`,
      }),
    });
  });
  if (queued) await deps.mailer.enqueue(queued.id);
}

export async function startNotificationMailWorker(
  jobs: JobQueue,
  deps: Parameters<typeof sendNotificationEmail>[0],
): Promise<void> {
  await jobs.work<EmailJob>(QUEUES.notifyEmail, { pollingIntervalSeconds: 1 }, async ([job]) => {
    if (job) await sendNotificationEmail(deps, job.data);
  });
}
