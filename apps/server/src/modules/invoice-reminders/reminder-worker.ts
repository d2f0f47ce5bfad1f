import type { FastifyBaseLogger } from 'fastify';
import type { ShareSigner } from '../../lib/share-links.ts';
import type { Db } from '../../db/client.ts';
import { QUEUES, startPeriodicRun, type JobQueue } from '../../background/queue.ts';
import type { Mailer } from '../mail/index.ts';
import { sendDueReminders } from './invoice-reminders.service.ts';

/**
 * Sends the invoice reminders whose day has come: a queued job at start and every hour (a
 * business's day starts at its own midnight, so hourly reaches each within the hour). The
 * singleton key lets one process of several queue the hour's run; a run that slips through
 * twice sends nothing twice (each step's key is claimed once).
 */
export async function startReminderWorker(deps: {
  jobs: JobQueue;
  db: Db;
  mailer: Mailer;
  now: () => Date;
  publicUrl: string;
  shares: ShareSigner;
  log: FastifyBaseLogger;
}): Promise<() => void> {
  const { jobs, db, mailer, now, publicUrl, shares, log } = deps;
  return startPeriodicRun(
    jobs,
    QUEUES.invoiceReminders,
    now,
    async () => {
      const sent = await sendDueReminders({ db, mailer, publicUrl, shares, log }, now());
      if (sent > 0) log.info({ sent }, 'invoice reminders sent');
    },
    (error) => log.error({ err: error }, 'could not queue the reminders run'),
  );
}
