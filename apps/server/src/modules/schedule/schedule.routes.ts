import {
  JOBS_ROUTE_ROLES,
  moveVisitSchema,
  myVisitsResponseSchema,
  scheduleQuerySchema,
  scheduleResponseSchema,
  visitSummarySchema,
} from '@crewdesk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/openapi-responses.ts';
import { accountActorOf, requireSession } from '../../plugins/permissions.ts';
import { moveVisit } from '../jobs/index.ts';
import * as service from './schedule.service.ts';

const jobRoles = { preHandler: requireSession({ roles: JOBS_ROUTE_ROLES }) };

/** The calendar: a range of visits, drags to reschedule and reassign, and a worker's day. */
export const scheduleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/schedule',
    {
      schema: {
        tags: ['schedule'],
        summary: 'Visits of a date range (≤ 42 days), the unplanned jobs and the team lanes',
        querystring: scheduleQuerySchema,
        response: { 200: scheduleResponseSchema, ...errorResponses(400, 401, 403) },
      },
      ...jobRoles,
    },
    async (request) =>
      service.getSchedule(app.db, accountActorOf(request), request.query, app.now()),
  );

  app.patch(
    '/api/jobs/:id/schedule',
    {
      schema: {
        tags: ['schedule'],
        summary: 'Reschedule and/or reassign a visit (a drag); 409 when it changed meanwhile',
        params: z.object({ id: z.uuid('id must be a UUID') }),
        body: moveVisitSchema,
        response: { 200: visitSummarySchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
      ...jobRoles,
    },
    async (request) => moveVisit(app.db, accountActorOf(request), request.params.id, request.body),
  );

  app.get(
    '/api/my-visits',
    {
      schema: {
        tags: ['schedule'],
        summary: "The signed-in member's visits today, in order",
        response: { 200: myVisitsResponseSchema, ...errorResponses(401, 403) },
      },
      ...jobRoles,
    },
    async (request) => service.myVisits(app.db, accountActorOf(request), app.now()),
  );
};
