import {
  REPORT_SCHEDULE_ROLES,
  reportScheduleInputSchema,
  reportScheduleSchema,
  reportSchedulesSchema,
} from '@crewdesk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/openapi-responses.ts';
import { accountActorOf, requireSession } from '../../plugins/permissions.ts';
import * as service from './schedules.service.ts';

const admins = { preHandler: requireSession({ roles: REPORT_SCHEDULE_ROLES }) };
const tags = ['reports'];
const idParams = z.object({ id: z.uuid('id must be a scheduled report id') });

/** Reports e-mailed weekly or monthly to members, with the CSV attached: admins set them. */
export const reportScheduleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/reports/schedules',
    {
      schema: {
        tags,
        summary: 'The scheduled report e-mails of the business',
        response: { 200: reportSchedulesSchema, ...errorResponses(401, 403) },
      },
      ...admins,
    },
    async (request) => service.listSchedules(app.db, accountActorOf(request)),
  );

  app.post(
    '/api/reports/schedules',
    {
      schema: {
        tags,
        summary: 'Schedule a report e-mail (weekly or monthly, CSV attached) to members',
        body: reportScheduleInputSchema,
        response: { 201: reportScheduleSchema, ...errorResponses(400, 401, 403) },
      },
      ...admins,
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await service.createSchedule(app.db, accountActorOf(request), request.body)),
  );

  app.put(
    '/api/reports/schedules/:id',
    {
      schema: {
        tags,
        summary: 'Change a scheduled report e-mail',
        params: idParams,
        body: reportScheduleInputSchema,
        response: { 200: reportScheduleSchema, ...errorResponses(400, 401, 403, 404) },
      },
      ...admins,
    },
    async (request) =>
      service.updateSchedule(app.db, accountActorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/reports/schedules/:id',
    {
      schema: {
        tags,
        summary: 'Stop a scheduled report e-mail',
        params: idParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
      ...admins,
    },
    async (request, reply) => {
      await service.deleteSchedule(app.db, accountActorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
