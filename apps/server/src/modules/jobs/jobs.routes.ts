import {
  checklistItemInputSchema,
  checklistItemUpdateSchema,
  jobDetailSchema,
  jobInputSchema,
  jobListQuerySchema,
  jobListResponseSchema,
  jobNoteInputSchema,
  JOBS_ROUTE_ROLES,
  jobStatusChangeSchema,
  photoLabelQuerySchema,
  seriesScopeQuerySchema,
} from '@crewdesk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptImageBodies, IMAGE_TYPES, imageOfBody, ImageStore } from '../../lib/image-store.ts';
import { errorResponses } from '../../lib/openapi-responses.ts';
import { accountActorOf, requireSession } from '../../plugins/permissions.ts';
import { scheduleJobFromRequest } from './job-from-request.ts';
import * as work from './job-work.service.ts';
import * as edits from './job-edits.service.ts';
import * as service from './jobs.service.ts';

const idParams = z.object({ id: z.uuid('id must be a UUID') });
const itemParams = idParams.extend({ itemId: z.uuid('itemId must be a UUID') });
const photoParams = idParams.extend({ photoId: z.uuid('photoId must be a UUID') });

const jobRoles = { preHandler: requireSession({ roles: JOBS_ROUTE_ROLES }) };
const detail = (...codes: Parameters<typeof errorResponses>) => ({
  200: jobDetailSchema,
  ...errorResponses(...codes),
});

/** Jobs and tasks: the dialog's saves, the detail page and the field worker's actions. */
export const jobRoutes: FastifyPluginAsyncZod<{ dataDir: string }> = async (app, opts) => {
  const photos = new ImageStore(opts.dataDir, 'job-photos');
  acceptImageBodies(app, work.PHOTO_MAX_UPLOAD_BYTES);

  app.get(
    '/api/jobs',
    {
      schema: {
        tags: ['jobs'],
        summary:
          'Jobs or tasks, soonest first (unscheduled last), with filters, search and keyset pages',
        querystring: jobListQuerySchema,
        response: { 200: jobListResponseSchema, ...errorResponses(400, 401, 403) },
      },
      ...jobRoles,
    },
    async (request) => service.listJobs(app.db, accountActorOf(request), request.query),
  );

  app.post(
    '/api/jobs',
    {
      schema: {
        tags: ['jobs'],
        summary: 'Create a job or task from the job schedule dialog; a frequency starts a series',
        body: jobInputSchema,
        response: { 201: jobDetailSchema, ...errorResponses(400, 401, 403) },
      },
      ...jobRoles,
    },
    async (request, reply) => {
      const job = await service.createJob(app.db, accountActorOf(request), request.body, app.now());
      return reply.status(201).send(job);
    },
  );

  app.get(
    '/api/jobs/:id',
    {
      schema: {
        tags: ['jobs'],
        summary: 'One job with its checklist, photos and history',
        params: idParams,
        response: detail(400, 401, 403, 404),
      },
      ...jobRoles,
    },
    async (request) =>
      service.getJob(app.db, accountActorOf(request), request.params.id, app.now()),
  );

  app.put(
    '/api/jobs/:id',
    {
      schema: {
        tags: ['jobs'],
        summary: "Edit a job; for a series visit, scope 'this' or 'following'",
        params: idParams,
        querystring: seriesScopeQuerySchema,
        body: jobInputSchema,
        response: detail(400, 401, 403, 404),
      },
      ...jobRoles,
    },
    async (request) =>
      edits.updateJob(
        app.db,
        accountActorOf(request),
        request.params.id,
        request.body,
        request.query.scope,
        app.now(),
      ),
  );

  app.delete(
    '/api/jobs/:id',
    {
      schema: {
        tags: ['jobs'],
        summary: "Delete a job; for a series visit, scope 'this' or 'following'",
        params: idParams,
        querystring: seriesScopeQuerySchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
      ...jobRoles,
    },
    async (request, reply) => {
      await service.deleteJob(
        app.db,
        accountActorOf(request),
        request.params.id,
        request.query.scope,
      );
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/jobs/:id/status',
    {
      schema: {
        tags: ['jobs'],
        summary: 'Move a visit along: on the way, in progress, completed (or cancelled, reopened)',
        params: idParams,
        body: jobStatusChangeSchema,
        response: detail(400, 401, 403, 404, 409),
      },
      ...jobRoles,
    },
    async (request) =>
      work.changeStatus(
        app.db,
        accountActorOf(request),
        request.params.id,
        request.body.status,
        app.now(),
      ),
  );

  app.post(
    '/api/jobs/:id/checklist',
    {
      schema: {
        tags: ['jobs'],
        summary: 'Add a checklist item',
        params: idParams,
        body: checklistItemInputSchema,
        response: detail(400, 401, 403, 404),
      },
      ...jobRoles,
    },
    async (request) =>
      work.addChecklistItem(
        app.db,
        accountActorOf(request),
        request.params.id,
        request.body.label,
        app.now(),
      ),
  );

  app.patch(
    '/api/jobs/:id/checklist/:itemId',
    {
      schema: {
        tags: ['jobs'],
        summary: 'Tick or untick a checklist item',
        params: itemParams,
        body: checklistItemUpdateSchema,
        response: detail(400, 401, 403, 404),
      },
      ...jobRoles,
    },
    async (request) =>
      work.setChecklistItemDone(
        app.db,
        accountActorOf(request),
        request.params.id,
        request.params.itemId,
        request.body.done,
        app.now(),
      ),
  );

  app.delete(
    '/api/jobs/:id/checklist/:itemId',
    {
      schema: {
        tags: ['jobs'],
        summary: 'Remove a checklist item',
        params: itemParams,
        response: detail(400, 401, 403, 404),
      },
      ...jobRoles,
    },
    async (request) =>
      work.removeChecklistItem(
        app.db,
        accountActorOf(request),
        request.params.id,
        request.params.itemId,
        app.now(),
      ),
  );

  app.post(
    '/api/jobs/:id/notes',
    {
      schema: {
        tags: ['jobs'],
        summary: 'Add a note to the visit (kept in its history)',
        params: idParams,
        body: jobNoteInputSchema,
        response: detail(400, 401, 403, 404),
      },
      ...jobRoles,
    },
    async (request) =>
      work.addNote(
        app.db,
        accountActorOf(request),
        request.params.id,
        request.body.text,
        app.now(),
      ),
  );

  app.post(
    '/api/jobs/:id/photos',
    {
      schema: {
        tags: ['jobs'],
        summary: 'Attach a photo (PNG, JPEG or WebP up to 10 MB as the body); kept at most 1600 px',
        consumes: Object.keys(IMAGE_TYPES),
        params: idParams,
        querystring: photoLabelQuerySchema,
        response: detail(400, 401, 403, 404, 413),
      },
      bodyLimit: work.PHOTO_MAX_UPLOAD_BYTES,
      ...jobRoles,
    },
    async (request) => {
      const { bytes } = imageOfBody(request.body);
      return work.addPhoto(
        app.db,
        photos,
        accountActorOf(request),
        request.params.id,
        bytes,
        request.query.label,
        app.now(),
      );
    },
  );

  app.get(
    '/api/jobs/:id/photos/:photoId',
    {
      schema: {
        tags: ['jobs'],
        summary: 'A photo of the visit',
        params: photoParams,
        response: { 200: z.any(), ...errorResponses(400, 401, 403, 404) },
      },
      ...jobRoles,
    },
    async (request, reply) => {
      const photo = await work.readPhoto(
        app.db,
        photos,
        accountActorOf(request),
        request.params.id,
        request.params.photoId,
      );
      return reply
        .header('Content-Type', photo.contentType)
        .header('Cache-Control', 'private, max-age=86400, immutable')
        .send(photo.bytes);
    },
  );

  app.delete(
    '/api/jobs/:id/photos/:photoId',
    {
      schema: {
        tags: ['jobs'],
        summary: 'Remove a photo',
        params: photoParams,
        response: detail(400, 401, 403, 404),
      },
      ...jobRoles,
    },
    async (request) =>
      work.removePhoto(
        app.db,
        photos,
        accountActorOf(request),
        request.params.id,
        request.params.photoId,
        app.now(),
      ),
  );

  app.post(
    '/api/jobs/:id/skip',
    {
      schema: {
        tags: ['jobs'],
        summary: 'Skip one visit of a series (it is cancelled, the series goes on)',
        params: idParams,
        response: detail(400, 401, 403, 404, 409),
      },
      ...jobRoles,
    },
    async (request) =>
      work.skipVisit(app.db, accountActorOf(request), request.params.id, app.now()),
  );

  app.post(
    '/api/jobs/:id/end-series',
    {
      schema: {
        tags: ['jobs'],
        summary: 'End the series after this visit',
        params: idParams,
        response: detail(400, 401, 403, 404),
      },
      ...jobRoles,
    },
    async (request) =>
      work.endSeries(app.db, accountActorOf(request), request.params.id, app.now()),
  );

  app.post(
    '/api/requests/:id/schedule-job',
    {
      schema: {
        tags: ['jobs'],
        summary: "'Schedule job' on an accepted estimate or quote: a job linked to it",
        params: idParams,
        response: { 201: jobDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
      ...jobRoles,
    },
    async (request, reply) => {
      const job = await scheduleJobFromRequest(
        app.db,
        accountActorOf(request),
        request.params.id,
        app.now(),
      );
      return reply.status(201).send(job);
    },
  );
};
