import {
  pushConfigSchema,
  pushSubscriptionInputSchema,
  pushUnsubscribeSchema,
} from '@crewdesk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { errorResponses } from '../../lib/openapi-responses.ts';
import { accountActorOf, requireSession } from '../../plugins/permissions.ts';
import * as service from './push.service.ts';

export const pushRoutes: FastifyPluginAsyncZod<{
  vapid: Config['vapid'];
  allowPrivate: boolean;
}> = async (app, { vapid, allowPrivate }) => {
  const tags = ['notifications'];

  app.get(
    '/api/push/config',
    {
      schema: {
        tags,
        summary: 'Whether push notifications are on here, and the key a browser subscribes with',
        response: { 200: pushConfigSchema, ...errorResponses(401, 403) },
      },
      preHandler: requireSession(),
    },
    async (request) => {
      accountActorOf(request);
      return { enabled: vapid !== null, publicKey: vapid?.publicKey ?? null };
    },
  );

  app.post(
    '/api/push/subscriptions',
    {
      schema: {
        tags,
        summary: "Turns push on for this browser (its PushSubscription's JSON)",
        body: pushSubscriptionInputSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403) },
      },
      preHandler: requireSession(),
    },
    async (request, reply) => {
      await service.subscribe(app.db, accountActorOf(request), request.body, allowPrivate);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/push/subscriptions',
    {
      schema: {
        tags,
        summary: 'Turns push off for this browser',
        body: pushUnsubscribeSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403) },
      },
      preHandler: requireSession(),
    },
    async (request, reply) => {
      await service.unsubscribe(app.db, accountActorOf(request), request.body.endpoint);
      return reply.status(204).send(null);
    },
  );
};
