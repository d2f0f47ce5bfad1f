import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { hourlyRunOptions, QUEUES, type JobQueue } from '../../background/queue.ts';
import { extendAllSeries } from './job-series.ts';

const HOUR_MS = 60 * 60 * 1000;

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
  await jobs.work(QUEUES.extendSeries, async () => {
    const made = await extendAllSeries(db, now());
    if (made > 0) log.info({ made }, 'recurring visits generated');
  });
  const queueRun = () =>
    jobs
      .send(QUEUES.extendSeries, {}, hourlyRunOptions(QUEUES.extendSeries, now()))
      .catch((error: unknown) =>
        log.error({ err: error }, 'could not queue the recurring visits run'),
      );
  await queueRun();
  const timer = setInterval(() => void queueRun(), HOUR_MS);
  timer.unref();
  return () => clearInterval(timer);
}
