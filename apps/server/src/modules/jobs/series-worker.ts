import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { QUEUES, startPeriodicRun, type JobQueue } from '../../background/queue.ts';
import { extendAllSeries } from './job-series.ts';

/**
 * Keeps every series' visits generated up to the horizon: a queued job at start and every hour.
 * The singleton key lets one process of several queue the hour's run; the generation itself is
 * idempotent, so a run that slips through twice makes nothing twice.
 */
export async function startSeriesWorker(deps: {
  jobs: JobQueue;
  db: Db;
  now: () => Date;
  log: FastifyBaseLogger;
}): Promise<() => void> {
  const { jobs, db, now, log } = deps;
  return startPeriodicRun(
    jobs,
    QUEUES.extendSeries,
    now,
    async () => {
      const made = await extendAllSeries(db, now());
      if (made > 0) log.info({ made }, 'recurring visits generated');
    },
    (error) => log.error({ err: error }, 'could not queue the recurring visits run'),
  );
}
