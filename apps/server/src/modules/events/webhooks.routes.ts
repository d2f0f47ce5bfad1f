import {
  BUSINESS_ADMIN_ROLES,
  createdWebhookEndpointSchema,
  webhookDeliverySchema,
  webhookEndpointInputSchema,
  webhookEndpointSchema,
  webhookPayloadSchema,
  WEBHOOK_EVENT_TYPES,
} from '@crewdesk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { JobQueue } from '../../background/queue.ts';
import { errorResponses } from '../../lib/openapi-responses.ts';
import { accountActorOf, requireSession } from '../../plugins/permissions.ts';
import * as service from './webhooks.service.ts';

const tags = ['webhooks'];
const admins = { preHandler: requireSession({ roles: BUSINESS_ADMIN_ROLES }) };
const idParams = z.object({ id: z.uuid('id must be a UUID') });

const DESCRIPTION = `Each event of the chosen types is POSTed as JSON to the endpoint (the body is
the webhook payload schema of GET /api/webhooks/event-types), signed the Standard Webhooks way:
headers webhook-id, webhook-timestamp (Unix seconds) and webhook-signature
("v1," + base64 HMAC-SHA256 with the secret's bytes over "{id}.{timestamp}.{body}"). An answer
other than 2xx is retried with growing pauses; a delivery that succeeded is never sent again.`;

export const webhookRoutes: FastifyPluginAsyncZod<{
  jobs: JobQueue;
  allowPrivate: boolean;
}> = async (app, options) => {
  const deps = () => ({ db: app.db, allowPrivate: options.allowPrivate, now: app.now });

  app.get(
    '/api/webhooks/event-types',
    {
      config: { refusesTokens: true },
      schema: {
        tags,
        summary: 'The event types an endpoint can ask for, and the body every delivery carries',
        description: DESCRIPTION,
        response: {
          200: z.object({ eventTypes: z.array(z.string()), payload: webhookPayloadSchema }),
          ...errorResponses(401, 403),
        },
      },
      ...admins,
    },
    async () => ({
      eventTypes: [...WEBHOOK_EVENT_TYPES],
      // An example of the body, so the schema above shows with real values.
      payload: {
        type: 'request.created',
        timestamp: new Date(0).toISOString(),
        data: {
          accountId: '00000000-0000-4000-8000-000000000000',
          seq: 1,
          subject: 'request',
          subjectId: '00000000-0000-4000-8000-000000000001',
          payload: { source: 'request_form' },
        },
      },
    }),
  );

  app.get(
    '/api/webhooks',
    {
      config: { refusesTokens: true },
      schema: {
        tags,
        summary: "The business's webhook endpoints",
        response: {
          200: z.object({ items: z.array(webhookEndpointSchema) }),
          ...errorResponses(401, 403),
        },
      },
      ...admins,
    },
    async (request) => ({ items: await service.listEndpoints(deps(), accountActorOf(request)) }),
  );

  app.post(
    '/api/webhooks',
    {
      schema: {
        tags,
        summary: 'Adds an endpoint; the answer shows its signing secret, this once',
        description: DESCRIPTION,
        body: webhookEndpointInputSchema,
        response: { 201: createdWebhookEndpointSchema, ...errorResponses(400, 401, 403) },
      },
      ...admins,
    },
    async (request, reply) => {
      const created = await service.createEndpoint(deps(), accountActorOf(request), request.body);
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/api/webhooks/:id',
    {
      schema: {
        tags,
        summary: 'Changes an endpoint (its address, events, or turns it off)',
        params: idParams,
        body: webhookEndpointInputSchema,
        response: { 200: webhookEndpointSchema, ...errorResponses(400, 401, 403, 404) },
      },
      ...admins,
    },
    (request) =>
      service.updateEndpoint(deps(), accountActorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/webhooks/:id',
    {
      schema: {
        tags,
        summary: 'Removes an endpoint and its delivery log',
        params: idParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
      ...admins,
    },
    async (request, reply) => {
      await service.deleteEndpoint(deps(), accountActorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/webhooks/:id/test',
    {
      schema: {
        tags,
        summary: 'Sends a webhook.test event to the endpoint now',
        params: idParams,
        response: { 202: webhookDeliverySchema, ...errorResponses(400, 401, 403, 404) },
      },
      ...admins,
    },
    async (request, reply) => {
      const delivery = await service.testDelivery(
        deps(),
        accountActorOf(request),
        request.params.id,
      );
      await service.queueDeliveries(options.jobs, [delivery.id]);
      return reply.status(202).send(delivery);
    },
  );

  app.get(
    '/api/webhooks/:id/deliveries',
    {
      config: { refusesTokens: true },
      schema: {
        tags,
        summary: "An endpoint's delivery log, newest first",
        params: idParams,
        querystring: z.object({
          cursor: z.uuid('cursor must be a delivery id').optional(),
          limit: z.coerce.number().int().min(1).max(100).default(20),
        }),
        response: {
          200: z.object({ items: z.array(webhookDeliverySchema), nextCursor: z.uuid().nullable() }),
          ...errorResponses(400, 401, 403, 404),
        },
      },
      ...admins,
    },
    (request) =>
      service.listDeliveries(deps(), accountActorOf(request), request.params.id, request.query),
  );
};
