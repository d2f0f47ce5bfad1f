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
}

export type MailRow = repo.MailRow;

/** An immediate send: delivered, kept in the outbox (no SMTP_URL) or refused by the server. */
export type ImmediateStatus = 'sent' | 'kept' | 'failed';

const IMMEDIATE_TIMEOUT_MS = 10_000;

/**
 * Queues, delivers and keeps every e-mail. A message is stored first, then delivered by a
 * durable job with retries; a failed send never loses the record, and its state stays visible.
 * Without SMTP_URL the message is only kept (the outbox) and its links are logged.
 */
export class Mailer {
  private readonly transport: Transporter | null;
  private readonly immediateTransport: Transporter | null;

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
    this.transport = deps.smtpUrl ? nodemailer.createTransport(deps.smtpUrl) : null;
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
    });
  }

  /** Hands a stored message to the job queue; without one (a CLI script) it waits for the next start. */
  async enqueue(messageId: string): Promise<void> {
    if (!this.deps.jobs) return;
    await this.deps.jobs.send(QUEUES.sendMail, { messageId }, { singletonKey: messageId });
  }

  /** Re-queues messages left queued by a stop between storing and queuing (or by a script). */
  async requeueWaiting(olderThan: Date = new Date()): Promise<number> {
    const waiting = await repo.queuedMailIds(this.deps.db, olderThan);
    for (const id of waiting) await this.enqueue(id);
    return waiting.length;
  }

  /** The job: send (or keep) one message. Throws to let the queue retry with backoff. */
  async deliver(messageId: string): Promise<void> {
    const message = await repo.findMail(this.deps.db, messageId);
    if (!message || message.status === 'sent' || message.status === 'kept') return;
    const outcome = await this.attempt(message, this.transport, {
      finalAttempt: message.attempts + 1 > this.deps.retryLimit,
    });
    if (outcome.error !== undefined) throw outcome.error;
  }

  /** One try at one message; its row records the outcome ('queued' again when retries remain). */
  private async attempt(
    message: MailRow,
    transport: Transporter | null,
    options: { finalAttempt: boolean },
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
      await transport.sendMail({
        from: { name: message.fromName, address: this.deps.fromAddress },
        to: message.toAddress,
        subject: message.subject,
        text: message.textBody,
        html: message.htmlBody,
      });
      await repo.updateMail(db, messageId, {
        status: 'sent',
        attempts,
        sentAt: new Date(),
        lastError: null,
      });
      return { status: 'sent' };
    } catch (error) {
      const lastError = error instanceof Error ? error.message : String(error);
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
    await jobs.work<{ messageId: string }>(
      QUEUES.sendMail,
      { pollingIntervalSeconds: 1 },
      async ([job]) => {
        if (job) await this.deliver(job.data.messageId);
      },
    );
  }
}
