import { meSchema } from '@crewdesk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { errorResponses } from '../../lib/openapi-responses.ts';
import { actorOf, requireSession } from '../../plugins/permissions.ts';
import { describeActor } from './identity.service.ts';

/** Who is signed in: the web app's auth gate and header read it. */
export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/me',
    {
      schema: {
        tags: ['accounts'],
        summary: 'The signed-in user, their business accounts and the role in the active one',
        response: { 200: meSchema, ...errorResponses(401) },
      },
      preHandler: requireSession(),
    },
    async (request) => describeActor(app.db, actorOf(request)),
  );
};
