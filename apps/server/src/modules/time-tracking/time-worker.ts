import type { FastifyBaseLogger } from 'fastify';
import { hourlyRunOptions, QUEUES, type JobQueue } from '../../background/queue.ts';
import type { Db } from '../../db/client.ts';
import { sweepTime } from './time.service.ts';

const HOUR_MS = 3_600_000;

/**
 * Every hour, one process reminds people whose timer nears the forgotten-punch limit, closes
 * the timers left running past it, and forgets the locations past their retention
 * (time.service's sweepTime).
 */
export async function startTimeSweepWorker(deps: {
  jobs: JobQueue;
  db: Db;
  now: () => Date;
  log: FastifyBaseLogger;
}): Promise<() => void> {
  const { jobs, now, log } = deps;
  await jobs.work(QUEUES.timeHourly, async () => {
    const { reminded, closed, purged } = await sweepTime(deps.db, now());
    if (reminded + closed + purged > 0) log.info({ reminded, closed, purged }, 'hourly time sweep');
  });
  const queueRun = () =>
    jobs
      .send(QUEUES.timeHourly, {}, hourlyRunOptions(QUEUES.timeHourly, now()))
      .catch((error: unknown) =>
        log.error({ err: error }, 'could not queue the hourly time sweep'),
      );
  await queueRun();
  const timer = setInterval(() => void queueRun(), HOUR_MS);
  timer.unref();
  return () => clearInterval(timer);
}
