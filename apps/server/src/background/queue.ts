import PgBoss from 'pg-boss';
import type { Database } from '../db/client.ts';

export type JobQueue = PgBoss;

export interface QueueOptions {
  /** Seconds before the first retry; doubled each time (retryBackoff). */
  retryDelaySeconds?: number;
  retryLimit?: number;
}

/**
 * The periodic jobs, all of them (issue 44): each is queued every hour by every server process
 * under the hour's (or the night's) singleton key, so one run happens, by `startPeriodicRun`,
 * which takes no other queue.
 */
export const PERIODIC_QUEUES = {
  /** Every hour: each weekly or monthly series' visits generated up to the horizon. */
  extendSeries: 'extend-series',
  /** Every hour: the reminders of overdue invoices whose day has come, in each business's day. */
  invoiceReminders: 'invoice-reminders',
  /** Every hour: invoices that became overdue into the ledger, and the daily digests due. */
  eventsHourly: 'events-hourly',
  /** Every hour: forgotten timers closed for review, and locations past retention forgotten. */
  timeHourly: 'time-hourly',
  /** Every hour: follow-up dates that passed tell the opportunity's owner (once per date). */
  salesHourly: 'sales-hourly',
  /** Every hour: scheduled report e-mails whose week or month has ended. */
  reportMails: 'report-mails',
  /** Every night, when BACKUP_DIR is set: a backup of the embedded database and the uploads. */
  nightlyBackup: 'nightly-backup',
  /** Every hour: export archives past their expiry deleted. */
  dataExportSweep: 'data-export-sweep',
  /** Every hour: client-hub codes and sessions past their expiry, old offline-change receipts. */
  housekeeping: 'housekeeping',
} as const;

export type PeriodicQueue = (typeof PERIODIC_QUEUES)[keyof typeof PERIODIC_QUEUES];

/** The queues of the app: the periodic jobs, and the work queued by a request or an event. */
export const QUEUES = {
  ...PERIODIC_QUEUES,
  sendMail: 'send-mail',
  sendText: 'send-text',
  /** One e-mail for a person's untold notifications of one kind (a burst is one message). */
  notifyEmail: 'notify-email',
  /** One webhook delivery; retried with growing pauses until the endpoint answers 2xx. */
  deliverWebhook: 'deliver-webhook',
  /** One push notification to every browser a member turned push on in. */
  sendPush: 'send-push',
  /** One "Export everything" archive of a business. */
  dataExport: 'data-export',
} as const;

/**
 * Starts pg-boss on the app's own database (its tables live in the pgboss schema), so jobs
 * survive restarts and several server processes share them.
 */
export async function startJobQueue(
  database: Database,
  options: QueueOptions = {},
): Promise<JobQueue> {
  // pg-boss's stop() does not wait for a worker loop that is fetching at that moment: such a
  // loop may still run its job and record the outcome after the app has closed the database.
  // Once stopped, its statements are answered with nothing instead of failing on a closed pool;
  // the job stays active and is retried after it expires (every job here is idempotent).
  let stopped = false;
  const boss = new PgBoss({
    db: {
      // Once the database is closed (the app stopping, or a test that closes it under a running
      // app), pg-boss's own bookkeeping of a job that failed because of it is answered with
      // nothing rather than a rejection nobody catches.
      executeSql: (text: string, values?: unknown[]) =>
        stopped || database.closed
          ? Promise.resolve(nothingDone(text))
          : database.executeSql(text, values).catch((error: unknown) => {
              if (database.closed) return nothingDone(text);
              throw error;
            }),
    },
    // No cron schedules yet; maintenance still runs.
    schedule: false,
  } as ConstructorParameters<typeof PgBoss>[0]);
  boss.on('stopped', () => {
    stopped = true;
  });
  await boss.start();
  await createQueues(boss, options);
  return boss;
}

async function createQueues(boss: PgBoss, options: QueueOptions): Promise<void> {
  for (const name of Object.values(QUEUES)) {
    await boss.createQueue(name, {
      name,
      retryLimit: options.retryLimit ?? 5,
      retryDelay: options.retryDelaySeconds ?? 30,
      retryBackoff: true,
    });
  }
}

/**
 * Installs pg-boss's tables and the app's queues, then stops, working no job. A cluster's
 * primary does this once before forking: workers creating the same new queues at the same
 * moment deadlock in pg-boss's create_queue. Once a queue exists, creating it again does nothing.
 */
export async function prepareJobQueue(database: Database, options: QueueOptions = {}) {
  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => database.executeSql(text, values) },
    schedule: false,
    supervise: false,
  } as ConstructorParameters<typeof PgBoss>[0]);
  await boss.start();
  await createQueues(boss, options);
  await boss.stop({ graceful: false, wait: true });
}

/**
 * What a statement after stop() is answered with: no rows, but the count a completion command
 * (complete, fail, cancel: `SELECT COUNT(*) FROM results`) is read for, as zero. pg-boss reads
 * `rows[0].count` of those, and a batch worker finishing after stop() would throw on none.
 */
function nothingDone(text: string): { rows: unknown[] } {
  return /count\(\*\)/i.test(text) ? { rows: [{ count: '0' }] } : { rows: [] };
}

/**
 * The send options of a run queued every hour by every server process (recurring visits,
 * invoice reminders): one job per queue and hour whichever process queues it first. pg-boss 10
 * de-duplicates a standard queue's key only within a `singletonSeconds` slot; the key alone
 * would let each process queue its own run.
 */
export function hourlyRunOptions(queue: string, now: Date) {
  return { singletonKey: `${queue}:${now.toISOString().slice(0, 13)}`, singletonSeconds: 3600 };
}

const HOUR_MS = 3_600_000;

/**
 * Runs `run` once an hour in one of the server's processes: queued at start and every hour under
 * the hour's singleton key (or the options `sendOptions` gives, such as the night's backup), so
 * however many processes queue it, one run happens. Returns the stop function. The one way a
 * periodic job is started: only the queues of PERIODIC_QUEUES are taken.
 */
export async function startPeriodicRun(
  jobs: JobQueue,
  queue: PeriodicQueue,
  now: () => Date,
  run: () => Promise<void>,
  onQueueError: (error: unknown) => void,
  sendOptions: (now: Date) => PgBoss.SendOptions = (at) => hourlyRunOptions(queue, at),
): Promise<() => void> {
  await jobs.work(queue, run);
  const queueRun = () => jobs.send(queue, {}, sendOptions(now())).catch(onQueueError);
  await queueRun();
  const timer = setInterval(() => void queueRun(), HOUR_MS);
  timer.unref();
  return () => clearInterval(timer);
}
