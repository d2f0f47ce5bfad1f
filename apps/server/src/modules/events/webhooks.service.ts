import { createHmac, randomBytes } from 'node:crypto';
import {
  WEBHOOK_MESSAGES,
  WEBHOOK_LIMITS,
  type CreatedWebhookEndpoint,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointInput,
  type WebhookPayload,
} from '@crewdesk/domain';
import type { FastifyBaseLogger } from 'fastify';
import { QUEUES, type JobQueue } from '../../background/queue.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, notFound, orNotFound } from '../../lib/app-error.ts';
import type { AccountActor } from '../../plugins/permissions.ts';
import type { LedgerRow } from './events.repo.ts';
import { pinnedPost } from './pinned-post.ts';
import { assertDeliverable } from './webhook-address.ts';
import * as repo from './webhooks.repo.ts';

/** How long an endpoint may take to answer before the attempt counts as failed. */
const DELIVERY_TIMEOUT_MS = 10_000;
/** What of an endpoint's answer is kept in the delivery log. */
const KEPT_ERROR_LENGTH = 500;

export interface WebhookDeps {
  db: Db;
  allowPrivate: boolean;
  now: () => Date;
}

function toEndpoint(row: repo.WebhookEndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    eventTypes: row.eventTypes,
    enabled: row.enabled,
    createdAt: row.createdAt.toISOString(),
  };
}

function toDelivery(row: repo.WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    eventType: row.eventType,
    status: row.status,
    attempts: row.attempts,
    responseStatus: row.responseStatus,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}

/** Standard Webhooks' secret: "whsec_" and 24 random bytes in base64. */
function newSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

/**
 * The Standard Webhooks signature: HMAC-SHA256 with the secret's bytes over
 * "{id}.{timestamp}.{body}", in base64, as "v1,<signature>".
 */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const digest = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return `v1,${digest}`;
}

export async function listEndpoints(deps: WebhookDeps, actor: AccountActor) {
  return (await repo.listEndpoints(deps.db, actor.accountId)).map(toEndpoint);
}

export async function createEndpoint(
  deps: WebhookDeps,
  actor: AccountActor,
  input: Required<WebhookEndpointInput>,
): Promise<CreatedWebhookEndpoint> {
  await assertDeliverable(input.url, deps.allowPrivate);
  return deps.db.transaction(async (tx) => {
    if ((await repo.countEndpoints(tx, actor.accountId)) >= WEBHOOK_LIMITS.endpointsPerAccount)
      throw new AppError('BAD_REQUEST', WEBHOOK_MESSAGES.tooMany);
    const row = await repo.insertEndpoint(tx, {
      accountId: actor.accountId,
      url: input.url,
      description: input.description,
      eventTypes: [...new Set(input.eventTypes)],
      enabled: input.enabled,
      secret: newSecret(),
      createdAt: deps.now(),
    });
    return { ...toEndpoint(row), secret: row.secret };
  });
}

export async function updateEndpoint(
  deps: WebhookDeps,
  actor: AccountActor,
  id: string,
  input: Required<WebhookEndpointInput>,
): Promise<WebhookEndpoint> {
  if (!(await repo.findEndpoint(deps.db, actor.accountId, id))) throw notFound('Webhook endpoint');
  await assertDeliverable(input.url, deps.allowPrivate);
  const row = orNotFound(
    await repo.updateEndpoint(deps.db, actor.accountId, id, {
      url: input.url,
      description: input.description,
      eventTypes: [...new Set(input.eventTypes)],
      enabled: input.enabled,
    }),
    'Webhook endpoint',
  );
  return toEndpoint(row);
}

export async function deleteEndpoint(deps: WebhookDeps, actor: AccountActor, id: string) {
  if (!(await repo.deleteEndpoint(deps.db, actor.accountId, id)))
    throw notFound('Webhook endpoint');
}

export async function listDeliveries(
  deps: WebhookDeps,
  actor: AccountActor,
  endpointId: string,
  query: { cursor?: string; limit: number },
) {
  if (!(await repo.findEndpoint(deps.db, actor.accountId, endpointId)))
    throw notFound('Webhook endpoint');
  const after = query.cursor
    ? await repo.findDelivery(deps.db, actor.accountId, query.cursor)
    : undefined;
  if (query.cursor && !after) throw notFound('Delivery');
  const rows = await repo.listDeliveries(deps.db, actor.accountId, endpointId, {
    after: after ? { createdAt: after.createdAt, id: after.id } : undefined,
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  return {
    items: page.map(toDelivery),
    nextCursor: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
  };
}

function bodyOf(
  event: Pick<
    LedgerRow,
    'accountId' | 'seq' | 'type' | 'subject' | 'subjectId' | 'payload' | 'createdAt'
  >,
) {
  const payload: WebhookPayload = {
    type: event.type,
    timestamp: event.createdAt.toISOString(),
    data: {
      accountId: event.accountId,
      seq: event.seq,
      subject: event.subject,
      subjectId: event.subjectId,
      payload: event.payload,
    },
  };
  return JSON.stringify(payload);
}

/**
 * The deliveries an event makes (one per endpoint that asked for its type), written in the
 * dispatch's transaction; their jobs are sent once it commits.
 */
export async function deliveriesForEvent(tx: DbOrTx, event: LedgerRow): Promise<string[]> {
  const endpoints = await repo.subscribedEndpoints(tx, event.accountId, event.type);
  const ids: string[] = [];
  for (const endpoint of endpoints) {
    const row = await repo.insertDelivery(tx, {
      accountId: event.accountId,
      endpointId: endpoint.id,
      eventType: event.type,
      body: bodyOf(event),
    });
    ids.push(row.id);
  }
  return ids;
}

/** "Send test": a webhook.test delivery to this endpoint; returns its id for the job. */
export async function testDelivery(deps: WebhookDeps, actor: AccountActor, endpointId: string) {
  orNotFound(await repo.findEndpoint(deps.db, actor.accountId, endpointId), 'Webhook endpoint');
  const now = deps.now();
  const row = await repo.insertDelivery(deps.db, {
    accountId: actor.accountId,
    endpointId,
    eventType: 'webhook.test',
    body: bodyOf({
      accountId: actor.accountId,
      seq: 0,
      type: 'webhook.test',
      subject: 'webhook',
      subjectId: endpointId,
      payload: { endpointId },
      createdAt: now,
    }),
    createdAt: now,
  });
  return toDelivery(row);
}

export class WebhookDeliveryFailed extends Error {}

/** A claim older than this belongs to an attempt that died (its timeout is far shorter). */
const STALE_CLAIM_MS = 5 * DELIVERY_TIMEOUT_MS;

/**
 * One attempt at a delivery. The claim is a short write; the endpoint is called outside any
 * transaction; the outcome is written after. A delivery that succeeded is never sent again, and
 * a failure is recorded before the job fails for pg-boss to retry it later.
 */
export async function deliver(
  deps: WebhookDeps & { log: FastifyBaseLogger },
  deliveryId: string,
  final: boolean,
): Promise<void> {
  const now = deps.now();
  const claimed = await repo.claimDelivery(
    deps.db,
    deliveryId,
    now,
    new Date(now.getTime() - STALE_CLAIM_MS),
  );
  if (!claimed) {
    // Another attempt is under way: this job comes back later and finds it done or stale.
    if ((await repo.deliveryStatus(deps.db, deliveryId)) === 'sending')
      throw new WebhookDeliveryFailed('another attempt is under way');
    return;
  }
  const outcome = await attempt(deps, claimed.endpoint, claimed.delivery);
  await repo.updateDelivery(deps.db, deliveryId, {
    responseStatus: outcome.status,
    lastError: outcome.error,
    status: outcome.ok ? 'succeeded' : final ? 'failed' : 'pending',
    deliveredAt: outcome.ok ? deps.now() : null,
  });
  if (!outcome.ok) throw new WebhookDeliveryFailed(outcome.error ?? `HTTP ${outcome.status}`);
}

async function attempt(
  deps: WebhookDeps,
  endpoint: repo.WebhookEndpointRow,
  delivery: repo.WebhookDeliveryRow,
): Promise<{ ok: boolean; status: number | null; error: string | null }> {
  try {
    const { lookup } = await assertDeliverable(endpoint.url, deps.allowPrivate);
    const timestamp = Math.floor(deps.now().getTime() / 1000);
    const id = `msg_${delivery.id}`;
    // Connected to the addresses just checked, not to what the name resolves to a moment later.
    const response = await pinnedPost(endpoint.url, {
      lookup,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Crewdesk-Webhooks/1',
        'webhook-id': id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signWebhook(endpoint.secret, id, timestamp, delivery.body),
      },
      body: delivery.body,
      timeoutMs: DELIVERY_TIMEOUT_MS,
    });
    const ok = response.status >= 200 && response.status < 300;
    const text = ok ? null : response.body.slice(0, KEPT_ERROR_LENGTH);
    return { ok, status: response.status, error: ok ? null : text || `HTTP ${response.status}` };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, status: null, error: message.slice(0, KEPT_ERROR_LENGTH) };
  }
}

export async function startWebhookWorker(
  jobs: JobQueue,
  deps: WebhookDeps & { log: FastifyBaseLogger },
): Promise<void> {
  await jobs.work<{ deliveryId: string }>(
    QUEUES.deliverWebhook,
    { pollingIntervalSeconds: 1, includeMetadata: true },
    async ([job]) => {
      if (!job) return;
      // The last try marks the delivery failed; earlier ones leave it pending for the retry.
      await deliver(deps, job.data.deliveryId, job.retryCount >= job.retryLimit);
    },
  );
}

/** Hands deliveries to the queue (after the transaction that wrote them committed). */
export async function queueDeliveries(jobs: JobQueue, ids: readonly string[]): Promise<void> {
  for (const deliveryId of ids)
    await jobs.send(QUEUES.deliverWebhook, { deliveryId }, { singletonKey: deliveryId });
}
