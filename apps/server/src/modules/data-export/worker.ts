import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { QUEUES, startPeriodicRun, type JobQueue } from '../../background/queue.ts';
import { runExport, sweepExpiredExports } from './export.service.ts';

/**
 * Makes the queued export archives, and every hour deletes those past their expiry (a queued
 * run at start and hourly, as the report mails).
 */
export async function startDataExportWorkers(deps: {
  jobs: JobQueue;
  db: Db;
  dataDir: string;
  now: () => Date;
  log: FastifyBaseLogger;
}): Promise<() => void> {
  const { jobs, db, dataDir, now, log } = deps;
  await jobs.work<{ id: string }>(QUEUES.dataExport, async ([job]) => {
    if (job) await runExport({ db, dataDir, now }, job.data.id);
  });
  return startPeriodicRun(
    jobs,
    QUEUES.dataExportSweep,
    now,
    async () => {
      const deleted = await sweepExpiredExports(db, dataDir, now());
      if (deleted > 0) log.info({ deleted }, 'expired export archives deleted');
    },
    (error) => log.error({ err: error }, 'could not queue the export sweep'),
  );
}
