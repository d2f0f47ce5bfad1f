import { calendarFeedSchema, JOBS_ROUTE_ROLES } from '@crewdesk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/openapi-responses.ts';
import { accountActorOf, requireSession } from '../../plugins/permissions.ts';
import * as service from './calendar-feed.service.ts';

const jobRoles = { preHandler: requireSession({ roles: JOBS_ROUTE_ROLES }) };
const feedResponse = { 200: calendarFeedSchema, ...errorResponses(401, 403) };

/** A member's personal iCalendar subscription of their visits. */
export const calendarFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  const publicUrl = app.config.publicUrl;

  app.get(
    '/api/calendar-feed',
    {
      schema: {
        tags: ['schedule'],
        summary: 'My calendar feed URL, or null',
        response: feedResponse,
      },
      ...jobRoles,
    },
    async (request) => service.getFeed(app.db, accountActorOf(request), publicUrl),
  );
  app.post(
    '/api/calendar-feed',
    {
      schema: {
        tags: ['schedule'],
        summary: 'Create (or replace) my secret calendar feed URL',
        response: feedResponse,
      },
      ...jobRoles,
    },
    async (request) => service.resetFeed(app.db, accountActorOf(request), publicUrl),
  );
  app.delete(
    '/api/calendar-feed',
    {
      schema: { tags: ['schedule'], summary: 'Turn my calendar feed off', response: feedResponse },
      ...jobRoles,
    },
    async (request) => service.revokeFeed(app.db, accountActorOf(request)),
  );

  app.get(
    '/api/public/calendar/:file',
    {
      schema: {
        tags: ['public'],
        summary: 'A calendar feed (iCalendar) by its secret token: <token>.ics',
        params: z.object({
          file: z.string().regex(/^[A-Za-z0-9_-]{20,64}\.ics$/, 'Not a calendar feed address'),
        }),
        response: { 200: z.any(), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const token = request.params.file.slice(0, -'.ics'.length);
      const text = await service.feedCalendar(app.db, token, publicUrl, app.now());
      return reply
        .header('Content-Type', 'text/calendar; charset=utf-8')
        .header('Cache-Control', 'private, max-age=300')
        .send(text);
    },
  );
};
