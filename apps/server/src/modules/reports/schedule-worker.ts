import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { QUEUES, startPeriodicRun, type JobQueue } from '../../background/queue.ts';
import type { Mailer } from '../mail/index.ts';
import { sendDueReportMails } from './schedules.service.ts';

/**
 * Mails the scheduled reports whose week or month has ended: a queued job at start and every
 * hour, as the invoice reminders (a business's week starts at its own midnight, so hourly
 * reaches each within the hour). A period is claimed once, so a second run sends nothing.
 */
export async function startReportMailWorker(deps: {
  jobs: JobQueue;
  db: Db;
  mailer: Mailer;
  now: () => Date;
  publicUrl: string;
  log: FastifyBaseLogger;
}): Promise<() => void> {
  const { jobs, db, mailer, now, publicUrl, log } = deps;
  return startPeriodicRun(
    jobs,
    QUEUES.reportMails,
    now,
    async () => {
      const sent = await sendDueReportMails({ db, mailer, publicUrl, log }, now());
      if (sent > 0) log.info({ sent }, 'scheduled report mails stored');
    },
    (error) => log.error({ err: error }, 'could not queue the report mails run'),
  );
}
