import {
  locationConsentInputSchema,
  myLocationsSchema,
  punchInputSchema,
  punchResultSchema,
  timeEntriesQuerySchema,
  timeEntryCreateSchema,
  timeEntryEditSchema,
  timeEntryListSchema,
  timeEntrySchema,
  timeSettingsSchema,
  timeStatusSchema,
} from '@crewdesk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/openapi-responses.ts';
import { accountActorOf } from '../../plugins/permissions.ts';
import * as entries from './time-entries.service.ts';

import * as service from './time.service.ts';
import { timeCorrectionRoutes, timeWeekRoutes } from './time-office.routes.ts';
import { field, idParams, managers, tags, teamManagers } from './time-route-options.ts';

/** The time-tracking screens (/time-tracking): punches, entries, weeks, payroll, consent. */
export const timeRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.db, now: app.now });
  await app.register(timeCorrectionRoutes);
  await app.register(timeWeekRoutes);

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
    (request) => entries.listEntries(deps(), accountActorOf(request), request.query),
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
      reply.status(201).send(await entries.addEntry(deps(), accountActorOf(request), request.body)),
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
      entries.editEntry(deps(), accountActorOf(request), request.params.id, request.body),
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
