import { isSalesTrigger } from '@crewdesk/domain';
import type { FastifyBaseLogger } from 'fastify';
import { QUEUES, startPeriodicRun, type JobQueue } from '../../background/queue.ts';
import type { Db } from '../../db/client.ts';
import { LEDGER_CHANNEL, type LedgerConsumer } from '../events/index.ts';
import { recordDueFollowUps } from './sales.repo.ts';
import { consumeLedgerEvent } from './sales-moves.service.ts';

/** The pipeline reads the ledger inside the dispatch (decision 031): exactly once per event. */
export const salesLedgerConsumer: LedgerConsumer = {
  name: 'sales',
  accepts: isSalesTrigger,
  consume: (tx, event, now) => consumeLedgerEvent(tx, event, now),
};

/** Follow-ups whose date passed: one transaction, one statement, the owners told by the dispatcher. */
export function recordFollowUpsDue(db: Db, now: Date): Promise<number> {
  return db.transaction((tx) => recordDueFollowUps(tx, now, LEDGER_CHANNEL));
}

/** Queues the hourly run at start and every hour; one process's run per hour does the work. */
export function startSalesHourlyWorker(deps: {
  jobs: JobQueue;
  db: Db;
  now: () => Date;
  log: FastifyBaseLogger;
}): Promise<() => void> {
  const { jobs, now, log } = deps;
  return startPeriodicRun(
    jobs,
    QUEUES.salesHourly,
    now,
    async () => {
      const due = await recordFollowUpsDue(deps.db, now());
      if (due > 0) log.info({ due }, 'hourly sales run: follow-ups due');
    },
    (error) => log.error({ err: error }, 'could not queue the hourly sales run'),
  );
}
