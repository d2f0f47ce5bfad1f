import {
  finishInspectionInputSchema,
  inspectionAnswerInputSchema,
  inspectionDetailSchema,
  inspectionListQuerySchema,
  inspectionListResponseSchema,
  inspectionNotesInputSchema,
  startInspectionInputSchema,
} from '@crewdesk/domain';

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ImageStore } from '../../lib/image-store.ts';
import { errorResponses } from '../../lib/openapi-responses.ts';

import { accountActorOf } from '../../plugins/permissions.ts';
import { businessLogoReader } from '../business-profile/index.ts';

import * as service from './inspections.service.ts';
import { inspectionDeps } from './inspection-route-options.ts';
import { inspectionPhotoRoutes } from './inspection-photo.routes.ts';
import { inspectionReportRoutes, sharedReportRoutes } from './inspection-report.routes.ts';
import { inspectionTemplateRoutes } from './inspection-template.routes.ts';
import { detail, field, idParams, itemParams, tags } from './inspection-route-options.ts';

/** Inspections (issue 20): templates, inspections and their answers, the report, findings → quote. */
export const inspectionRoutes: FastifyPluginAsyncZod<{ dataDir: string }> = async (app, opts) => {
  const photos = new ImageStore(opts.dataDir, 'inspection-photos');
  const readLogo = businessLogoReader(opts.dataDir);
  const parts = { photos, readLogo };
  const { deps } = inspectionDeps(app, parts);
  await app.register(inspectionTemplateRoutes);
  await app.register(inspectionPhotoRoutes, parts);
  await app.register(inspectionReportRoutes, parts);
  await app.register(sharedReportRoutes, parts);

  // ---- Inspections ----

  app.get(
    '/api/inspections',
    {
      schema: {
        tags,
        summary:
          'Inspections, newest first, with filters (status, template, contact, inspector, visit, dates, score band), search and keyset pages',
        querystring: inspectionListQuerySchema,
        response: { 200: inspectionListResponseSchema, ...errorResponses(400, 401, 403) },
      },
      ...field,
    },
    (request) => service.listInspections(deps(), accountActorOf(request), request.query),
  );

  app.post(
    '/api/inspections',
    {
      schema: {
        tags,
        summary:
          'Starts an inspection on a visit or at a contact’s address; the template is copied into it',
        body: startInspectionInputSchema,
        response: { 201: inspectionDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
      ...field,
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.startInspection(deps(), accountActorOf(request), request.body)),
  );

  app.get(
    '/api/inspections/:id',
    {
      schema: {
        tags,
        summary: 'One inspection: its snapshot, answers, score, what is missing, findings',
        params: idParams,
        response: detail(400, 401, 403, 404),
      },
      ...field,
    },
    (request) => service.getInspection(deps(), accountActorOf(request), request.params.id),
  );

  app.put(
    '/api/inspections/:id/answers/:itemKey',
    {
      schema: {
        tags,
        summary: 'Saves one answer as given (the same answer again changes nothing new)',
        params: itemParams,
        body: inspectionAnswerInputSchema,
        response: detail(400, 401, 403, 404, 409),
      },
      ...field,
    },
    (request) =>
      service.saveAnswer(
        deps(),
        accountActorOf(request),
        request.params.id,
        request.params.itemKey,
        request.body,
      ),
  );

  app.patch(
    '/api/inspections/:id/notes',
    {
      schema: {
        tags,
        summary: 'The inspection’s notes (on the report) and internal notes (staff only)',
        params: idParams,
        body: inspectionNotesInputSchema,
        response: detail(400, 401, 403, 404, 409),
      },
      ...field,
    },
    (request) =>
      service.saveNotes(deps(), accountActorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/inspections/:id/finish',
    {
      schema: {
        tags,
        summary:
          'Finishes with the inspector’s signature: 400 while a required item is missing, 409 when finished already',
        params: idParams,
        body: finishInspectionInputSchema,
        response: detail(400, 401, 403, 404, 409),
      },
      ...field,
    },
    (request) =>
      service.finishInspection(deps(), accountActorOf(request), request.params.id, request.body),
  );
};
