import type { FastifyBaseLogger } from 'fastify';
import { QUEUES, type JobQueue } from '../../background/queue.ts';

export interface TextMessage {
  /** What the message is for, for the logs ('phone-code'). */
  kind: string;
  to: string;
  body: string;
}

/** How long the gateway may take to answer before the attempt counts as failed. */
const GATEWAY_TIMEOUT_MS = 10_000;

/**
 * Sends text messages (sign-up and sign-in codes for phone numbers). With SMS_WEBHOOK_URL each
 * message is POSTed there as JSON `{ to, body }` by a durable job with retries, so any SMS
 * gateway (or a small bridge to one) can deliver it. Without it the message is only logged,
 * the way mail without SMTP_URL is kept in the outbox: a fresh install works with no provider.
 */
export class TextMessenger {
  constructor(
    private readonly deps: {
      jobs: JobQueue | null;
      webhookUrl: string | undefined;
      log: FastifyBaseLogger;
    },
  ) {}

  async send(message: TextMessage): Promise<void> {
    const { jobs, webhookUrl, log } = this.deps;
    if (!webhookUrl) {
      log.info(
        { kind: message.kind, to: message.to, body: message.body },
        'text message not sent (no SMS_WEBHOOK_URL configured)',
      );
      return;
    }
    // A script has no job queue: it sends at once.
    if (!jobs) return this.deliver(message);
    await jobs.send(QUEUES.sendText, message);
  }

  /** The job: one POST to the gateway. Throws to let the queue retry with backoff. */
  async deliver(message: TextMessage): Promise<void> {
    const { webhookUrl, log } = this.deps;
    if (!webhookUrl) return;
    const response = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to: message.to, body: message.body }),
      signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
    });
    if (!response.ok) {
      log.warn({ kind: message.kind, status: response.status }, 'text message gateway refused');
      throw new Error(`SMS gateway answered ${response.status}`);
    }
  }

  async startWorker(): Promise<void> {
    const { jobs } = this.deps;
    if (!jobs) return;
    await jobs.work<TextMessage>(QUEUES.sendText, { pollingIntervalSeconds: 1 }, async ([job]) => {
      if (job) await this.deliver(job.data);
    });
  }
}
