import type { FastifyBaseLogger } from 'fastify';
import { QUEUES, startPeriodicRun, type JobQueue } from '../../background/queue.ts';
import type { Db } from '../../db/client.ts';
import { sweepTime } from './time-sweep.service.ts';

/**
 * Every hour, one process reminds people whose timer nears the forgotten-punch limit, closes
 * the timers left running past it, and forgets the locations past their retention
 * (time.service's sweepTime).
 */
export function startTimeSweepWorker(deps: {
  jobs: JobQueue;
  db: Db;
  now: () => Date;
  log: FastifyBaseLogger;
}): Promise<() => void> {
  const { jobs, now, log } = deps;
  return startPeriodicRun(
    jobs,
    QUEUES.timeHourly,
    now,
    async () => {
      const { reminded, closed, purged } = await sweepTime(deps.db, now());
      if (reminded + closed + purged > 0)
        log.info({ reminded, closed, purged }, 'hourly time sweep');
    },
    (error) => log.error({ err: error }, 'could not queue the hourly time sweep'),
  );
}
