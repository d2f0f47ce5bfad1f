import {
  jobRowsQuerySchema,
  jobRowsSchema,
  jobsReportSchema,
  marginReportSchema,
  marginRowsQuerySchema,
  marginRowsSchema,
  quoteConversionReportSchema,
  quoteRowsQuerySchema,
  quoteRowsSchema,
  REPORTS_ROUTE_ROLES,
  reportRangeQuerySchema,
  revenueAheadReportSchema,
  revenueAheadRowsQuerySchema,
  revenueAheadRowsSchema,
  teamHoursReportSchema,
  teamHoursRowsQuerySchema,
  teamHoursRowsSchema,
} from '@crewdesk/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/openapi-responses.ts';
import { accountActorOf, requireSession } from '../../plugins/permissions.ts';
import * as csv from './reports-csv.service.ts';
import * as service from './operations.service.ts';

const reportRoles = { preHandler: requireSession({ roles: REPORTS_ROUTE_ROLES }) };
const tags = ['reports'];

async function sendCsv(reply: FastifyReply, table: csv.ReportTable) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${table.fileName}"`)
    .send(await csv.csvText(table));
}

/** Quote conversion, jobs and revenue ahead, with their rows; and every report as CSV. */
export const operationsReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/reports/quotes',
    {
      schema: {
        tags,
        summary:
          'Quote conversion: requests sent in the range, viewed, accepted, declined and expired, by period, category and sales person, with the median days to answer',
        querystring: reportRangeQuerySchema,
        response: { 200: quoteConversionReportSchema, ...errorResponses(400, 401, 403) },
      },
      ...reportRoles,
    },
    async (request) =>
      service.quoteConversionReport(app.db, accountActorOf(request), request.query, app.now()),
  );

  app.get(
    '/api/reports/quotes/rows',
    {
      schema: {
        tags,
        summary:
          'The requests behind a quote conversion figure (of a range, a category or a person)',
        querystring: quoteRowsQuerySchema,
        response: { 200: quoteRowsSchema, ...errorResponses(400, 401, 403) },
      },
      ...reportRoles,
    },
    async (request) => service.quoteRows(app.db, accountActorOf(request), request.query, app.now()),
  );

  app.get(
    '/api/reports/jobs',
    {
      schema: {
        tags,
        summary:
          'Visits of the range by period, type, status and team member, with the ones completed on time',
        querystring: reportRangeQuerySchema,
        response: { 200: jobsReportSchema, ...errorResponses(400, 401, 403) },
      },
      ...reportRoles,
    },
    async (request) => service.jobsReport(app.db, accountActorOf(request), request.query),
  );

  app.get(
    '/api/reports/jobs/rows',
    {
      schema: {
        tags,
        summary: 'The visits behind a jobs figure (of a range, a type, a status or a team member)',
        querystring: jobRowsQuerySchema,
        response: { 200: jobRowsSchema, ...errorResponses(400, 401, 403, 404) },
      },
      ...reportRoles,
    },
    async (request) => service.jobRows(app.db, accountActorOf(request), request.query),
  );

  app.get(
    '/api/reports/revenue-ahead',
    {
      schema: {
        tags,
        summary:
          'Revenue on the schedule for the next 30 and 90 days (one-time and recurring visits), beside what is owed',
        response: { 200: revenueAheadReportSchema, ...errorResponses(401, 403) },
      },
      ...reportRoles,
    },
    async (request) => service.revenueAheadReport(app.db, accountActorOf(request), app.now()),
  );

  app.get(
    '/api/reports/revenue-ahead/rows',
    {
      schema: {
        tags,
        summary: 'The visits behind revenue ahead of the next 30 or 90 days',
        querystring: revenueAheadRowsQuerySchema,
        response: { 200: revenueAheadRowsSchema, ...errorResponses(400, 401, 403) },
      },
      ...reportRoles,
    },
    async (request) =>
      service.revenueAheadRows(app.db, accountActorOf(request), request.query, app.now()),
  );

  app.get(
    '/api/reports/team-hours',
    {
      schema: {
        tags,
        summary:
          'Team hours per person and period: regular and overtime by the business’s rule, on visits, travel and other',
        querystring: reportRangeQuerySchema,
        response: { 200: teamHoursReportSchema, ...errorResponses(400, 401, 403) },
      },
      ...reportRoles,
    },
    async (request) =>
      service.teamHoursReport(app.db, accountActorOf(request), request.query, app.now()),
  );

  app.get(
    '/api/reports/team-hours/rows',
    {
      schema: {
        tags,
        summary: 'The time entries behind a team hours figure (of a range, a person or a kind)',
        querystring: teamHoursRowsQuerySchema,
        response: { 200: teamHoursRowsSchema, ...errorResponses(400, 401, 403, 404) },
      },
      ...reportRoles,
    },
    async (request) =>
      service.teamHoursRows(app.db, accountActorOf(request), request.query, app.now()),
  );

  app.get(
    '/api/reports/margin',
    {
      schema: {
        tags,
        summary:
          "Margin of completed visits by period and job type: price less timed labor and materials used, beside the calculator's estimate",
        querystring: reportRangeQuerySchema,
        response: { 200: marginReportSchema, ...errorResponses(400, 401, 403) },
      },
      ...reportRoles,
    },
    async (request) =>
      service.marginReport(app.db, accountActorOf(request), request.query, app.now()),
  );

  app.get(
    '/api/reports/margin/rows',
    {
      schema: {
        tags,
        summary:
          'The completed visits behind a margin figure, each with its labor, materials and estimate',
        querystring: marginRowsQuerySchema,
        response: { 200: marginRowsSchema, ...errorResponses(400, 401, 403) },
      },
      ...reportRoles,
    },
    async (request) =>
      service.marginRows(app.db, accountActorOf(request), request.query, app.now()),
  );

  // CSV: the same query as the JSON report, one line per table row and a totals line.
  const csvResponse = { 200: z.string(), ...errorResponses(400, 401, 403) };

  app.get(
    '/api/reports/revenue.csv',
    {
      config: { refusesTokens: true },
      schema: {
        tags,
        summary: 'The revenue report as CSV',
        querystring: reportRangeQuerySchema,
        response: csvResponse,
      },
      ...reportRoles,
    },
    async (request, reply) =>
      sendCsv(reply, await csv.revenueTable(app.db, accountActorOf(request), request.query)),
  );

  app.get(
    '/api/reports/receivables.csv',
    {
      config: { refusesTokens: true },
      schema: { tags, summary: 'The receivables ageing as CSV', response: csvResponse },
      ...reportRoles,
    },
    async (request, reply) =>
      sendCsv(reply, await csv.receivablesTable(app.db, accountActorOf(request), app.now())),
  );

  app.get(
    '/api/reports/quotes.csv',
    {
      config: { refusesTokens: true },
      schema: {
        tags,
        summary: 'The quote conversion report as CSV',
        querystring: reportRangeQuerySchema,
        response: csvResponse,
      },
      ...reportRoles,
    },
    async (request, reply) =>
      sendCsv(
        reply,
        await csv.quotesTable(app.db, accountActorOf(request), request.query, app.now()),
      ),
  );

  app.get(
    '/api/reports/jobs.csv',
    {
      config: { refusesTokens: true },
      schema: {
        tags,
        summary: 'The jobs report as CSV',
        querystring: reportRangeQuerySchema,
        response: csvResponse,
      },
      ...reportRoles,
    },
    async (request, reply) =>
      sendCsv(reply, await csv.jobsTable(app.db, accountActorOf(request), request.query)),
  );

  app.get(
    '/api/reports/revenue-ahead.csv',
    {
      config: { refusesTokens: true },
      schema: { tags, summary: 'Revenue ahead as CSV', response: csvResponse },
      ...reportRoles,
    },
    async (request, reply) =>
      sendCsv(reply, await csv.revenueAheadTable(app.db, accountActorOf(request), app.now())),
  );

  app.get(
    '/api/reports/team-hours.csv',
    {
      config: { refusesTokens: true },
      schema: {
        tags,
        summary: 'Team hours as CSV, one line per person',
        querystring: reportRangeQuerySchema,
        response: csvResponse,
      },
      ...reportRoles,
    },
    async (request, reply) =>
      sendCsv(
        reply,
        await csv.teamHoursTable(app.db, accountActorOf(request), request.query, app.now()),
      ),
  );

  app.get(
    '/api/reports/margin.csv',
    {
      config: { refusesTokens: true },
      schema: {
        tags,
        summary: 'The margin report as CSV',
        querystring: reportRangeQuerySchema,
        response: csvResponse,
      },
      ...reportRoles,
    },
    async (request, reply) =>
      sendCsv(
        reply,
        await csv.marginTable(app.db, accountActorOf(request), request.query, app.now()),
      ),
  );
};
