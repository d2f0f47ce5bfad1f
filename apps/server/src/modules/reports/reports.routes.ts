import {
  receivablesReportSchema,
  receivablesRowsQuerySchema,
  REPORTS_ROUTE_ROLES,
  reportRangeQuerySchema,
  reportSourceRowsSchema,
  revenueReportSchema,
  revenueRowsQuerySchema,
} from '@crewdesk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/openapi-responses.ts';
import { accountActorOf, requireSession } from '../../plugins/permissions.ts';
import * as service from './reports.service.ts';

const reportRoles = { preHandler: requireSession({ roles: REPORTS_ROUTE_ROLES }) };

/** /reports: figures aggregated in SQL over a date range of the business's calendar. */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/reports/revenue',
    {
      schema: {
        tags: ['reports'],
        summary:
          'Revenue by day, week or month: invoiced (without tax), collected (payments less refunds), tips apart',
        querystring: reportRangeQuerySchema,
        response: { 200: revenueReportSchema, ...errorResponses(400, 401, 403) },
      },
      ...reportRoles,
    },
    async (request) => service.revenueReport(app.db, accountActorOf(request), request.query),
  );

  app.get(
    '/api/reports/revenue/rows',
    {
      schema: {
        tags: ['reports'],
        summary: 'The invoices or payments behind a revenue figure of a range (a bar or a total)',
        querystring: revenueRowsQuerySchema,
        response: { 200: reportSourceRowsSchema, ...errorResponses(400, 401, 403) },
      },
      ...reportRoles,
    },
    async (request) => service.revenueRows(app.db, accountActorOf(request), request.query),
  );

  app.get(
    '/api/reports/receivables',
    {
      schema: {
        tags: ['reports'],
        summary:
          'What clients owe today, per client and by days past due (current, 1–30, 31–60, 61–90, 90+)',
        response: { 200: receivablesReportSchema, ...errorResponses(401, 403) },
      },
      ...reportRoles,
    },
    async (request) => service.receivablesReport(app.db, accountActorOf(request), app.now()),
  );

  app.get(
    '/api/reports/receivables/rows',
    {
      schema: {
        tags: ['reports'],
        summary: 'The open invoices behind an ageing bucket, of one client or of all',
        querystring: receivablesRowsQuerySchema,
        response: { 200: reportSourceRowsSchema, ...errorResponses(400, 401, 403, 404) },
      },
      ...reportRoles,
    },
    async (request) =>
      service.receivablesRows(app.db, accountActorOf(request), request.query, app.now()),
  );
};
