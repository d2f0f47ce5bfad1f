// Drains the send-mail queue to a real SMTP server on loopback and reports messages per second:
// first with the worker as it was registered before issue 17 (one job per poll, a new SMTP
// connection each), then with the Mailer's own batched worker, on a fresh database each.
// Also times how long one message queued to an idle worker waits to be sent.
//
//   npx tsx scripts/bench-mail.ts                    # embedded PGlite in memory
//   BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx scripts/bench-mail.ts
//     (creates and drops a throw-away database on that server)
//
// Figures: docs/benchmarks.md. Never asserted in tests.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import pino from 'pino';
import { QUEUES, startJobQueue, type JobQueue } from '../src/background/queue.ts';
import { pgliteExtensions, wrapPglite, wrapPool, type Database } from '../src/db/client.ts';
import { mailMessages } from '../src/db/schema/index.ts';
import { Mailer, renderMail } from '../src/modules/mail/index.ts';
import { startTestInbox, type TestInbox } from '../test/smtp.ts';
import { inArray } from 'drizzle-orm';

const BEFORE_COUNT = Number(process.env.BENCH_BEFORE_COUNT ?? 30);
const AFTER_COUNT = Number(process.env.BENCH_AFTER_COUNT ?? 1000);
const adminUrl = process.env.BENCH_POSTGRES_URL;

async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (!adminUrl) {
    const database = wrapPglite(await PGlite.create({ extensions: pgliteExtensions }));
    await database.migrate();
    return { database, drop: () => database.close() };
  }
  const name = `crewdesk_bench_mail_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(text).finally(() => client.end());
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = wrapPool(new pg.Pool({ connectionString: url.toString(), max: 10 }));
  await database.migrate();
  return {
    database,
    async drop() {
      await database.close();
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

async function waitAllSent(database: Database, ids: string[]): Promise<void> {
  for (;;) {
    const rows = await database.db
      .select({ status: mailMessages.status })
      .from(mailMessages)
      .where(inArray(mailMessages.id, ids));
    if (rows.every((row) => row.status === 'sent')) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function run(label: string, count: number, batched: boolean, inbox: TestInbox) {
  const { database, drop } = await freshDatabase();
  let jobs: JobQueue | undefined;
  try {
    jobs = await startJobQueue(database, { retryLimit: 2, retryDelaySeconds: 1 });
    const mailer = new Mailer({
      db: database.db,
      jobs,
      smtpUrl: inbox.url,
      fromAddress: 'no-reply@crewdesk.test',
      log: pino({ level: 'silent' }),
      retryLimit: 2,
    });
    if (batched) await mailer.startWorker();
    else {
      // The registration before issue 17: one job per poll of one second.
      await jobs.work<{ messageId: string }>(
        QUEUES.sendMail,
        { pollingIntervalSeconds: 1 },
        async ([job]) => {
          if (!job) return;
          const failed = await mailer.deliverBatch([
            { jobId: job.id, messageId: job.data.messageId },
          ]);
          if (failed.length > 0) throw new Error(failed[0]?.error);
        },
      );
    }
    const content = (i: number) => ({
      kind: 'invoice-reminder',
      to: `client-${i}@example.test`,
      fromName: 'Sparkle Cleaning',
      ...renderMail({
        subject: `Invoice ${i} is due`,
        heading: 'Your invoice is due',
        paragraphs: ['A friendly reminder that your invoice is due. '.repeat(5)],
        action: { label: 'View and pay', url: `http://localhost:3000/i/${i}` },
        footer: 'Sparkle Cleaning',
      }),
    });

    // Drain: every message queued (one send each, as the reminder run does), time to all sent.
    const ids: string[] = [];
    const received = inbox.messages.length;
    const started = performance.now();
    for (let i = 0; i < count; i += 1) ids.push((await mailer.queue(content(i))).id);
    await waitAllSent(database, ids);
    const seconds = (performance.now() - started) / 1000;
    const arrived = inbox.messages.length - received;

    // Drain only: messages stored first, then queued in one go; time to all sent.
    const stored: string[] = [];
    for (let i = 0; i < count; i += 1) {
      stored.push((await mailer.storeInTransaction(database.db, content(count + i))).id);
    }
    const drainStarted = performance.now();
    await mailer.enqueueMany(stored);
    await waitAllSent(database, stored);
    const drainSeconds = (performance.now() - drainStarted) / 1000;

    // Pick-up: one message queued to an idle worker, time until it is recorded sent.
    const waits: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      await new Promise((r) => setTimeout(r, 1300));
      const t0 = performance.now();
      const { id } = await mailer.queue(content(2 * count + i));
      await waitAllSent(database, [id]);
      waits.push(performance.now() - t0);
    }
    waits.sort((a, b) => a - b);
    console.log(
      `  ${label.padEnd(38)} ${count} messages: queued one by one ${(count / seconds).toFixed(1)}/s (${arrived} arrived), already queued ${(count / drainSeconds).toFixed(1)}/s; idle pick-up median ${waits[2]!.toFixed(0)} ms, max ${waits[4]!.toFixed(0)} ms`,
    );
  } finally {
    await jobs?.stop({ graceful: true, wait: true });
    await drop();
  }
}

const cpus = os.cpus();
console.log(
  `send-mail drain, ${adminUrl ? 'PostgreSQL' : 'PGlite in memory'}; ${cpus.length} × ${cpus[0]?.model.trim()}, Node ${process.version}, load ${os.loadavg()[0]?.toFixed(1)}`,
);
const inbox = await startTestInbox();
try {
  await run('before: 1 job per 1 s poll', BEFORE_COUNT, false, inbox);
  await run('after: batches of 100, one connection', AFTER_COUNT, true, inbox);
} finally {
  await inbox.close();
}
