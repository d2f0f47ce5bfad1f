import {
  jobCostingSchema,
  payrollQuerySchema,
  similarVisitsQuerySchema,
  similarVisitsSchema,
  timeCorrectionDecisionSchema,
  timeCorrectionInputSchema,
  timeCorrectionListSchema,
  timeCorrectionSchema,
  timeCorrectionsQuerySchema,
  timeEntryTrailSchema,
  timesheetActionSchema,
  timesheetWeekQuerySchema,
  timesheetWeekSchema,
} from '@crewdesk/domain';
import { z } from 'zod';
import { formulaSafeCsv } from '../../lib/csv.ts';
import { errorResponses } from '../../lib/openapi-responses.ts';
import { accountActorOf } from '../../plugins/permissions.ts';
import * as costing from './time-costing.service.ts';
import * as corrections from './time-corrections.service.ts';

import * as weeks from './time-weeks.service.ts';
import { field, idParams, managers, tags, teamManagers } from './time-route-options.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Corrections a person asks for, decided by a team leader or manager; an entry's trail. */
export const timeCorrectionRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.db, now: app.now });

  app.get(
    '/api/time/entries/:id/changes',
    {
      schema: {
        tags,
        summary: "An entry's trail: each change with the times before and after, who and why",
        params: idParams,
        response: { 200: timeEntryTrailSchema, ...errorResponses(400, 401, 403, 404) },
      },
      ...field,
    },
    (request) => corrections.entryTrail(deps(), accountActorOf(request), request.params.id),
  );

  app.post(
    '/api/time/corrections',
    {
      schema: {
        tags,
        summary: 'Asks for one of your entries to change, or for time you forgot to punch',
        body: timeCorrectionInputSchema,
        response: { 201: timeCorrectionSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
      ...field,
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await corrections.requestCorrection(deps(), accountActorOf(request), request.body)),
  );

  app.get(
    '/api/time/corrections',
    {
      schema: {
        tags,
        summary: "Corrections asked for: one's own, or the team's for leaders and managers",
        querystring: timeCorrectionsQuerySchema,
        response: { 200: timeCorrectionListSchema, ...errorResponses(400, 401, 403, 409) },
      },
      ...field,
    },
    (request) => corrections.listCorrections(deps(), accountActorOf(request), request.query.status),
  );

  app.post(
    '/api/time/corrections/:id/decision',
    {
      schema: {
        tags,
        summary: 'Approves (the entry changes, its trail says why) or refuses a correction',
        params: idParams,
        body: timeCorrectionDecisionSchema,
        response: { 200: timeCorrectionSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
      ...teamManagers,
    },
    (request) =>
      corrections.decideCorrection(
        deps(),
        accountActorOf(request),
        request.params.id,
        request.body,
      ),
  );
};

/** The office's weeks: timesheets and their approval, payroll, a job's labor cost. */
export const timeWeekRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.db, now: app.now });

  app.get(
    '/api/time/timesheets',
    {
      schema: {
        tags,
        summary: "The week holding a date: each person's days, totals, overtime, breaks and flags",
        querystring: timesheetWeekQuerySchema,
        response: { 200: timesheetWeekSchema, ...errorResponses(400, 401, 403) },
      },
      ...field,
    },
    (request) => weeks.timesheetWeek(deps(), accountActorOf(request), request.query.week),
  );

  app.post(
    '/api/time/timesheets/actions',
    {
      schema: {
        tags,
        summary: 'Submits, approves (locks), reopens or marks paid one person’s week',
        body: timesheetActionSchema,
        response: { 200: timesheetWeekSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
      ...field,
    },
    (request) => weeks.changeTimesheet(deps(), accountActorOf(request), request.body),
  );

  app.get(
    '/api/time/payroll.csv',
    {
      config: { refusesTokens: true },
      schema: {
        tags,
        summary: "The pay period's approved weeks as a payroll CSV, one line per person",
        querystring: payrollQuerySchema,
        response: { 200: z.string(), ...errorResponses(400, 401, 403) },
      },
      ...managers,
    },
    async (request, reply) => {
      const rows = await weeks.payrollRows(deps(), accountActorOf(request), request.query);
      const csv = formulaSafeCsv({ header: true, columns: [...weeks.PAYROLL_COLUMNS] });
      const chunks: string[] = [];
      csv.on('data', (chunk: Buffer | string) => chunks.push(String(chunk)));
      for (const row of rows) csv.write(row);
      csv.end();
      await new Promise((resolve) => csv.on('end', resolve));
      const name = `payroll-${request.query.from}-to-${request.query.to}.csv`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(chunks.join(''));
    },
  );

  app.get(
    '/api/time/costing/:jobId',
    {
      schema: {
        tags,
        summary: "A visit's labor: the estimate against the timed visits, and the margin",
        params: z.object({ jobId: z.uuid('jobId must be a UUID') }),
        response: { 200: jobCostingSchema, ...errorResponses(400, 401, 403, 404) },
      },
      ...managers,
    },
    (request) => costing.jobCosting(deps(), accountActorOf(request), request.params.jobId),
  );

  app.get(
    '/api/time/similar-visits',
    {
      schema: {
        tags,
        summary:
          "What this business's completed visits of a property type and size band took, against the calculator's estimate",
        querystring: similarVisitsQuerySchema,
        response: { 200: similarVisitsSchema, ...errorResponses(400, 401, 403) },
      },
      ...managers,
    },
    (request) => costing.similarVisits(deps(), accountActorOf(request), request.query),
  );
};
