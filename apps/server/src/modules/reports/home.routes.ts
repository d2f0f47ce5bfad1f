import {
  HOME_MONEY_ROLES,
  HOME_OFFICE_ROLES,
  homeGettingStartedSchema,
  homeMoneySchema,
  homeMyNextVisitsSchema,
  homeMyPipelineSchema,
  homeTodaySchema,
  JOBS_ROUTE_ROLES,
  SALES_ROUTE_ROLES,
} from '@crewdesk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/openapi-responses.ts';
import { accountActorOf, requireSession } from '../../plugins/permissions.ts';
import * as service from './home.service.ts';

/**
 * The home page's tile groups, one request each. A field worker's home also reads
 * /api/my-visits (today), /api/time/status (the running timer) and
 * /api/notifications/unread-count; only their coming visits are new here.
 */
export const homeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/home/today',
    {
      schema: {
        tags: ['home'],
        summary:
          "The office's day: today's visits (done, in progress, late, to come), unplanned work, requests and quotes waiting",
        response: { 200: homeTodaySchema, ...errorResponses(401, 403) },
      },
      preHandler: requireSession({ roles: HOME_OFFICE_ROLES }),
    },
    async (request) => service.homeToday(app.db, accountActorOf(request), app.now()),
  );

  app.get(
    '/api/home/money',
    {
      schema: {
        tags: ['home'],
        summary:
          "Invoices overdue and owed, and this month's revenue invoiced and collected against last month",
        response: { 200: homeMoneySchema, ...errorResponses(401, 403) },
      },
      preHandler: requireSession({ roles: HOME_MONEY_ROLES }),
    },
    async (request) => service.homeMoney(app.db, accountActorOf(request), app.now()),
  );

  app.get(
    '/api/home/getting-started',
    {
      schema: {
        tags: ['home'],
        summary: 'Whether the business has its first contact, estimate, job and invoice',
        response: { 200: homeGettingStartedSchema, ...errorResponses(401, 403) },
      },
      preHandler: requireSession({ roles: HOME_OFFICE_ROLES }),
    },
    async (request) => service.homeGettingStarted(app.db, accountActorOf(request)),
  );

  app.get(
    '/api/home/my-next-visits',
    {
      schema: {
        tags: ['home'],
        summary: "The signed-in member's next visits after today (up to 5, within 14 days)",
        response: { 200: homeMyNextVisitsSchema, ...errorResponses(401, 403) },
      },
      preHandler: requireSession({ roles: JOBS_ROUTE_ROLES }),
    },
    async (request) => service.homeMyNextVisits(app.db, accountActorOf(request), app.now()),
  );

  app.get(
    '/api/home/my-pipeline',
    {
      schema: {
        tags: ['home'],
        summary:
          "The signed-in person's open opportunities by stage with their value, and their follow-ups due today or overdue",
        response: { 200: homeMyPipelineSchema, ...errorResponses(401, 403) },
      },
      preHandler: requireSession({ roles: SALES_ROUTE_ROLES }),
    },
    async (request) => service.homeMyPipeline(app.db, accountActorOf(request), app.now()),
  );
};
