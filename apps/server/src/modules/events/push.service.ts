import https from 'node:https';
import { PUSH_ENDPOINT_MESSAGE, type PushSubscriptionInput } from '@crewdesk/domain';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import { QUEUES, type JobQueue } from '../../background/queue.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import * as repo from './push.repo.ts';
import { assertDeliverable } from './webhook-address.ts';

/** A push waits this long at the push service for a browser that is offline. */
const PUSH_TTL_SECONDS = 60 * 60;

export interface PushMessage {
  accountId: string;
  userId: string;
  title: string;
  body: string;
  /** The app's own path the notification opens. */
  path: string;
}

type Vapid = NonNullable<Config['vapid']>;

/**
 * Sends one notification to every browser the member turned push on in. A subscription the push
 * service says is gone (404, 410) is deleted; any other failure fails the job, which pg-boss
 * retries (a browser that already got it may get it again: push is best effort).
 */
export async function sendPush(
  deps: { db: Db; vapid: Vapid; allowPrivate: boolean; publicUrl: string; log: FastifyBaseLogger },
  message: PushMessage,
): Promise<void> {
  const subscriptions = await repo.subscriptionsOf(deps.db, message.accountId, message.userId);
  const gone: string[] = [];
  let failure: unknown = null;
  const payload = JSON.stringify({
    title: message.title,
    body: message.body,
    url: `${deps.publicUrl}${message.path}`,
  });
  for (const subscription of subscriptions) {
    try {
      const { lookup } = await assertDeliverable(subscription.endpoint, deps.allowPrivate);
      await webpush.sendNotification(
        {
          endpoint: subscription.endpoint,
          keys: { p256dh: subscription.p256dh, auth: subscription.auth },
        },
        payload,
        {
          TTL: PUSH_TTL_SECONDS,
          vapidDetails: deps.vapid,
          timeout: 10_000,
          // Connected to the addresses just checked (a push service is always https).
          ...(lookup ? { agent: new https.Agent({ lookup }) } : {}),
        },
      );
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      if (status === 404 || status === 410) gone.push(subscription.id);
      else failure = error;
    }
  }
  await repo.deleteSubscriptions(deps.db, gone);
  if (failure) throw failure;
}

export async function startPushWorker(
  jobs: JobQueue,
  deps: Parameters<typeof sendPush>[0],
): Promise<void> {
  await jobs.work<PushMessage>(QUEUES.sendPush, { pollingIntervalSeconds: 1 }, async ([job]) => {
    if (job) await sendPush(deps, job.data);
  });
}

/** Turns push on for a browser: only https push services, unless private addresses are allowed. */
export async function subscribe(
  db: Db,
  who: { accountId: string; userId: string },
  input: PushSubscriptionInput,
  allowPrivate: boolean,
) {
  // Browsers' push services are https; plain http only to a local stand-in, when allowed.
  if (!allowPrivate && !input.endpoint.startsWith('https://'))
    throw new AppError('BAD_REQUEST', PUSH_ENDPOINT_MESSAGE);
  await assertDeliverable(input.endpoint, allowPrivate);
  await repo.saveSubscription(db, who, input);
}

export function unsubscribe(db: Db, who: { accountId: string; userId: string }, endpoint: string) {
  return repo.deleteSubscription(db, who, endpoint);
}
