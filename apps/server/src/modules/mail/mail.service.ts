import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db, DbOrTx } from '../../db/client.ts';
import { QUEUES, type JobQueue } from '../../background/queue.ts';
import * as repo from './mail.repo.ts';
import type { MailContent } from './mail.templates.ts';

export interface OutgoingMail extends MailContent {
  /** The business the message belongs to; null for sign-in mail. */
  accountId?: string | null;
  kind: string;
  to: string;
  /** Shown as the sender's name: the business's name, or Crewdesk for sign-in mail. */
  fromName: string;
  /** Text files sent with it (a scheduled report's CSV); kept with the message. */
  attachments?: { filename: string; contentType: string; content: string }[];
}

export type MailRow = repo.MailRow;

/** An immediate send: delivered, kept in the outbox (no SMTP_URL) or refused by the server. */
export type ImmediateStatus = 'sent' | 'kept' | 'failed';

const IMMEDIATE_TIMEOUT_MS = 10_000;

/**
 * Messages the worker takes at once, sent one after another on one SMTP connection. Before,
 * the worker took one message per polling interval: a second each.
 */
export const MAIL_BATCH_SIZE = 100;
/**
 * How often an idle worker looks for due mail (retries, mail queued by another process). Mail
 * queued by this process wakes its worker at once, and a full batch is followed by the next.
 */
const MAIL_POLLING_SECONDS = 1;
/**
 * A batch's connection gives up on a server that does not answer within these: a batch must
 * end well within its jobs' expiry (15 minutes), or pg-boss would hand its messages out again
 * while they are still being sent.
 */
const BATCH_CONNECT_TIMEOUT_MS = 20_000;
const BATCH_SOCKET_TIMEOUT_MS = 60_000;

/** Jobs inserted per statement when many stored messages are queued at once. */
const REQUEUE_CHUNK = 1000;

/** Refusals of one message (its recipients or its content); any other error is the connection's. */
const MESSAGE_ERROR_CODES = new Set(['EENVELOPE', 'EMESSAGE', 'ESTREAM']);

/** One message of a batch and the job that carries it. */
export interface MailJob {
  jobId: string;
  messageId: string;
}

/**
 * Queues, delivers and keeps every e-mail. A message is stored first, then delivered by a
 * durable job with retries; a failed send never loses the record, and its state stays visible.
 * Without SMTP_URL the message is only kept (the outbox) and its links are logged.
 */
export class Mailer {
  private readonly immediateTransport: Transporter | null;
  /** The send-mail worker of this process, woken when this process queues a message. */
  private workerId: string | null = null;

  constructor(
    private readonly deps: {
      db: Db;
      jobs: JobQueue | null;
      smtpUrl: string | undefined;
      fromAddress: string;
      log: FastifyBaseLogger;
      retryLimit: number;
    },
  ) {
    // Someone waits for an immediate send: a server that does not answer fails in seconds
    // (nodemailer's defaults wait minutes), and the user can send again.
    this.immediateTransport = deps.smtpUrl
      ? nodemailer.createTransport({
          url: deps.smtpUrl,
          connectionTimeout: IMMEDIATE_TIMEOUT_MS,
          greetingTimeout: IMMEDIATE_TIMEOUT_MS,
          socketTimeout: IMMEDIATE_TIMEOUT_MS,
        })
      : null;
  }

  async queue(mail: OutgoingMail): Promise<{ id: string }> {
    const { id } = await this.store(mail);
    await this.enqueue(id);
    return { id };
  }

  /**
   * Stores the message and tries to deliver it once, now, for a caller that tells the user the
   * outcome at once ('Email Not Sent'): a failed attempt is marked failed, never retried later
   * behind the user's back (they may send again). Without SMTP_URL the message is kept.
   */
  async sendNow(mail: OutgoingMail): Promise<{ id: string; status: ImmediateStatus }> {
    const message = await this.store(mail);
    const outcome = await this.attempt(message, this.immediateTransport, { finalAttempt: true });
    // A final attempt never leaves the message queued.
    return { id: message.id, status: outcome.status as ImmediateStatus };
  }

  /**
   * Stores a message inside the caller's transaction, so it exists only if the change it tells
   * of commits; the caller hands it to enqueue() after the commit (a stop in between leaves it
   * queued for requeueWaiting at the next start).
   */
  async storeInTransaction(tx: DbOrTx, mail: OutgoingMail): Promise<{ id: string }> {
    const { id } = await this.store(mail, tx);
    return { id };
  }

  private async store(mail: OutgoingMail, db: DbOrTx = this.deps.db): Promise<MailRow> {
    return repo.insertMail(db, {
      accountId: mail.accountId ?? null,
      kind: mail.kind,
      toAddress: mail.to,
      fromName: mail.fromName,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      links: mail.links,
      attachments: mail.attachments ?? [],
    });
  }

  /** Hands a stored message to the job queue; without one (a CLI script) it waits for the next start. */
  async enqueue(messageId: string): Promise<void> {
    if (!this.deps.jobs) return;
    await this.deps.jobs.send(QUEUES.sendMail, { messageId }, { singletonKey: messageId });
    // Sent now, not at the worker's next poll.
    if (this.workerId) this.deps.jobs.notifyWorker(this.workerId);
  }

  /** Re-queues messages left queued by a stop between storing and queuing (or by a script). */
  async requeueWaiting(olderThan: Date = new Date()): Promise<number> {
    const waiting = await repo.queuedMailIds(this.deps.db, olderThan);
    await this.enqueueMany(waiting);
    return waiting.length;
  }

  /** Hands many stored messages to the job queue in a few statements, not one each. */
  async enqueueMany(messageIds: string[]): Promise<void> {
    const { jobs } = this.deps;
    if (!jobs || messageIds.length === 0) return;
    for (let start = 0; start < messageIds.length; start += REQUEUE_CHUNK) {
      await jobs.insert(
        messageIds.slice(start, start + REQUEUE_CHUNK).map((messageId) => ({
          name: QUEUES.sendMail,
          data: { messageId },
          singletonKey: messageId,
        })),
      );
    }
    if (this.workerId) jobs.notifyWorker(this.workerId);
  }

  /**
   * The worker's job: send (or keep) a batch of messages, one after another on one SMTP
   * connection. Each message's row records its own outcome as soon as it is known, so a
   * message marked sent is never sent again, whatever happens to the rest of the batch or to
   * its job. Returns the jobs whose message failed and is to be retried (or has failed for good).
   */
  async deliverBatch(batch: MailJob[]): Promise<{ jobId: string; error: string }[]> {
    const rows = await repo.findMails(
      this.deps.db,
      batch.map((item) => item.messageId),
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    const transport = this.batchTransport();
    const failed: { jobId: string; error: string }[] = [];
    const done = new Set<string>();
    // Set when the connection itself fails: the rest of the batch shares the failed attempt
    // (counted and retried like any other) rather than waiting on a server that is gone.
    let connectionError: unknown;
    try {
      for (const { jobId, messageId } of batch) {
        const message = byId.get(messageId);
        // A message queued twice (a requeue at start) in one batch is sent once.
        if (!message || done.has(messageId)) continue;
        done.add(messageId);
        if (message.status === 'sent' || message.status === 'kept') continue;
        const outcome = await this.attempt(message, transport, {
          finalAttempt: message.attempts + 1 > this.deps.retryLimit,
          failWith: connectionError,
        });
        if (outcome.error === undefined) continue;
        failed.push({ jobId, error: errorText(outcome.error) });
        if (!isMessageRefusal(outcome.error)) connectionError ??= outcome.error;
      }
    } finally {
      transport?.close();
    }
    return failed;
  }

  /** One pooled connection for one batch; closed when the batch is done. */
  private batchTransport(): Transporter | null {
    if (!this.deps.smtpUrl) return null;
    return nodemailer.createTransport({
      url: this.deps.smtpUrl,
      pool: true,
      maxConnections: 1,
      maxMessages: Infinity,
      connectionTimeout: BATCH_CONNECT_TIMEOUT_MS,
      greetingTimeout: BATCH_CONNECT_TIMEOUT_MS,
      socketTimeout: BATCH_SOCKET_TIMEOUT_MS,
    });
  }

  /** One try at one message; its row records the outcome ('queued' again when retries remain). */
  private async attempt(
    message: MailRow,
    transport: Transporter | null,
    options: { finalAttempt: boolean; failWith?: unknown },
  ): Promise<{ status: MailRow['status']; error?: unknown }> {
    const { db, log } = this.deps;
    const messageId = message.id;
    if (!transport) {
      await repo.updateMail(db, messageId, { status: 'kept' });
      log.info(
        {
          mailId: messageId,
          to: message.toAddress,
          subject: message.subject,
          links: message.links,
        },
        'mail kept in the outbox (no SMTP_URL configured)',
      );
      return { status: 'kept' };
    }
    const attempts = message.attempts + 1;
    try {
      if (options.failWith !== undefined) throw options.failWith;
      await transport.sendMail({
        from: { name: message.fromName, address: this.deps.fromAddress },
        to: message.toAddress,
        subject: message.subject,
        text: message.textBody,
        html: message.htmlBody,
        attachments: message.attachments.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: a.content,
        })),
      });
      await repo.updateMail(db, messageId, {
        status: 'sent',
        attempts,
        sentAt: new Date(),
        lastError: null,
      });
      return { status: 'sent' };
    } catch (error) {
      const lastError = errorText(error);
      const status = options.finalAttempt ? 'failed' : 'queued';
      await repo.updateMail(db, messageId, { status, attempts, lastError });
      log.warn({ mailId: messageId, attempts, err: error }, 'mail delivery failed');
      return { status, error };
    }
  }

  /** The outbox of one business account, newest first. */
  listForAccount(accountId: string, limit: number, before?: Date): Promise<MailRow[]> {
    return repo.listMailOfAccount(this.deps.db, accountId, limit, before);
  }

  async startWorker(): Promise<void> {
    const { jobs } = this.deps;
    if (!jobs) return;
    this.workerId = await jobs.work<{ messageId: string }>(
      QUEUES.sendMail,
      { batchSize: MAIL_BATCH_SIZE, pollingIntervalSeconds: MAIL_POLLING_SECONDS },
      async (batch) => {
        const failed = await this.deliverBatch(
          batch.map((job) => ({ jobId: job.id, messageId: job.data.messageId })),
        );
        // Only the failed jobs go back to the queue, with the queue's retry rules; pg-boss
        // completes the rest when this returns (it completes only jobs still active).
        for (const { jobId, error } of failed) {
          await jobs.fail(QUEUES.sendMail, jobId, { message: error });
        }
        // A full batch: more is probably waiting, so fetch again without the polling pause.
        if (batch.length === MAIL_BATCH_SIZE && this.workerId) jobs.notifyWorker(this.workerId);
      },
    );
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function isMessageRefusal(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && MESSAGE_ERROR_CODES.has(code);
}
