import {
  BUSINESS_MANAGER_ROLES,
  TEAM_MANAGEMENT_ROLES,
  jobCostingSchema,
  locationConsentInputSchema,
  myLocationsSchema,
  payrollQuerySchema,
  punchInputSchema,
  punchResultSchema,
  similarVisitsQuerySchema,
  similarVisitsSchema,
  timeCorrectionDecisionSchema,
  timeCorrectionInputSchema,
  timeCorrectionListSchema,
  timeCorrectionSchema,
  timeCorrectionsQuerySchema,
  timeEntriesQuerySchema,
  timeEntryCreateSchema,
  timeEntryEditSchema,
  timeEntryListSchema,
  timeEntrySchema,
  timeEntryTrailSchema,
  timesheetActionSchema,
  timesheetWeekQuerySchema,
  timesheetWeekSchema,
  timeSettingsSchema,
  timeStatusSchema,
  type Role,
} from '@crewdesk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formulaSafeCsv } from '../../lib/csv.ts';
import { errorResponses } from '../../lib/openapi-responses.ts';
import { accountActorOf, requireSession } from '../../plugins/permissions.ts';
import * as costing from './time-costing.service.ts';
import * as service from './time.service.ts';

const tags = ['time tracking'];
/** Spec section 6: /time-tracking is for admins, managers, team leaders and team members. */
const TIME_ROLES: readonly Role[] = [...BUSINESS_MANAGER_ROLES, 'team_leader', 'team_member'];
const field = { preHandler: requireSession({ roles: TIME_ROLES }) };
const managers = { preHandler: requireSession({ roles: BUSINESS_MANAGER_ROLES }) };
/** Changing anyone's entries: team leaders and up. */
const teamManagers = { preHandler: requireSession({ roles: TEAM_MANAGEMENT_ROLES }) };
const idParams = z.object({ id: z.uuid('id must be a UUID') });

/** The time-tracking screens (/time-tracking): punches, entries, weeks, payroll, consent. */
export const timeRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.db, now: app.now });

  app.get(
    '/api/time/status',
    {
      schema: {
        tags,
        summary: "The signed-in person's running timers, today's entries and location consent",
        response: { 200: timeStatusSchema, ...errorResponses(401, 403) },
      },
      ...field,
    },
    (request) => service.myStatus(deps(), accountActorOf(request)),
  );

  app.post(
    '/api/time/punches',
    {
      schema: {
        tags,
        summary:
          'One punch (clock in/out, break, visit timer, on my way), exactly once per clientId',
        body: punchInputSchema,
        response: { 200: punchResultSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
      ...field,
    },
    (request) => service.punch(deps(), accountActorOf(request), request.body),
  );

  app.get(
    '/api/time/entries',
    {
      schema: {
        tags,
        summary:
          "Entries between two local dates: one's own, or the team's for leaders and managers",
        querystring: timeEntriesQuerySchema,
        response: { 200: timeEntryListSchema, ...errorResponses(400, 401, 403, 404) },
      },
      ...field,
    },
    (request) => service.listEntries(deps(), accountActorOf(request), request.query),
  );

  app.post(
    '/api/time/entries',
    {
      schema: {
        tags,
        summary: 'Adds time someone forgot to punch (team leaders and managers), with a reason',
        body: timeEntryCreateSchema,
        response: { 201: timeEntrySchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
      ...teamManagers,
    },
    async (request, reply) =>
      reply.status(201).send(await service.addEntry(deps(), accountActorOf(request), request.body)),
  );

  app.patch(
    '/api/time/entries/:id',
    {
      schema: {
        tags,
        summary: "Changes an entry's times with a reason; the original stays in its trail",
        params: idParams,
        body: timeEntryEditSchema,
        response: { 200: timeEntrySchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
      ...teamManagers,
    },
    (request) =>
      service.editEntry(deps(), accountActorOf(request), request.params.id, request.body),
  );

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
    (request) => service.entryTrail(deps(), accountActorOf(request), request.params.id),
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
        .send(await service.requestCorrection(deps(), accountActorOf(request), request.body)),
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
    (request) => service.listCorrections(deps(), accountActorOf(request), request.query.status),
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
      service.decideCorrection(deps(), accountActorOf(request), request.params.id, request.body),
  );

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
    (request) => service.timesheetWeek(deps(), accountActorOf(request), request.query.week),
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
    (request) => service.changeTimesheet(deps(), accountActorOf(request), request.body),
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
      const rows = await service.payrollRows(deps(), accountActorOf(request), request.query);
      const csv = formulaSafeCsv({ header: true, columns: [...service.PAYROLL_COLUMNS] });
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

  app.get(
    '/api/time/settings',
    {
      schema: {
        tags,
        summary: "The business's time rules: week start, overtime, forgotten punches, retention",
        response: { 200: timeSettingsSchema, ...errorResponses(401, 403) },
      },
      ...field,
    },
    (request) => service.getSettings(deps(), accountActorOf(request)),
  );

  app.put(
    '/api/time/settings',
    {
      schema: {
        tags,
        summary: "Changes the business's time rules (admins and managers)",
        body: timeSettingsSchema,
        response: { 200: timeSettingsSchema, ...errorResponses(400, 401, 403) },
      },
      ...managers,
    },
    (request) => service.updateSettings(deps(), accountActorOf(request), request.body),
  );

  app.put(
    '/api/time/consent',
    {
      schema: {
        tags,
        summary: 'Gives or withdraws consent to keep a location at punches',
        body: locationConsentInputSchema,
        response: { 200: timeStatusSchema, ...errorResponses(400, 401, 403) },
      },
      ...field,
    },
    (request) => service.setLocationConsent(deps(), accountActorOf(request), request.body.given),
  );

  app.get(
    '/api/time/my-locations',
    {
      schema: {
        tags,
        summary: 'Every location kept about the signed-in person, and for how long it is kept',
        response: { 200: myLocationsSchema, ...errorResponses(401, 403) },
      },
      ...field,
    },
    (request) => service.myLocations(deps(), accountActorOf(request)),
  );
};
