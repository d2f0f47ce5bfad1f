import {
  fieldChangeResultSchema,
  fieldChangesInputSchema,
  fieldChangesResponseSchema,
  fieldPackSchema,
  fieldPhotoQuerySchema,
  JOBS_ROUTE_ROLES,
} from '@crewdesk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptImageBodies, IMAGE_TYPES, imageOfBody, ImageStore } from '../../lib/image-store.ts';
import { errorResponses } from '../../lib/openapi-responses.ts';
import { accountActorOf, requireSession } from '../../plugins/permissions.ts';
import { PHOTO_MAX_UPLOAD_BYTES } from '../../lib/photos.ts';
import * as service from './field-visits.service.ts';

const fieldRoles = { preHandler: requireSession({ roles: JOBS_ROUTE_ROLES }) };

/**
 * The visit view that works offline (issue 26): the phone's copy of today's and tomorrow's
 * visits, and the changes it queued while there was no signal, each applied exactly once.
 */
export const fieldVisitRoutes: FastifyPluginAsyncZod<{ dataDir: string }> = async (app, opts) => {
  const photos = new ImageStore(opts.dataDir, 'job-photos');
  acceptImageBodies(app, PHOTO_MAX_UPLOAD_BYTES);

  app.get(
    '/api/field/visits',
    {
      schema: {
        tags: ['field'],
        summary: "The signed-in member's visits today and tomorrow, to keep on the phone",
        response: { 200: fieldPackSchema, ...errorResponses(401, 403) },
      },
      ...fieldRoles,
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return service.fieldPack(app.db, accountActorOf(request), app.now());
    },
  );

  app.post(
    '/api/field/changes',
    {
      schema: {
        tags: ['field'],
        summary:
          'Checklist ticks, notes and visit steps made offline, each under the id the phone gave it (a retry changes nothing)',
        body: fieldChangesInputSchema,
        response: { 200: fieldChangesResponseSchema, ...errorResponses(400, 401, 403) },
      },
      ...fieldRoles,
    },
    async (request) => ({
      results: await service.receiveChanges(
        app.db,
        accountActorOf(request),
        request.body.changes,
        app.now(),
      ),
    }),
  );

  app.post(
    '/api/field/photos',
    {
      schema: {
        tags: ['field'],
        summary:
          'A photo taken offline (PNG, JPEG or WebP up to 10 MB as the body), under the id the phone gave it',
        consumes: Object.keys(IMAGE_TYPES),
        querystring: fieldPhotoQuerySchema,
        response: { 200: fieldChangeResultSchema, ...errorResponses(400, 401, 403, 413) },
      },
      bodyLimit: PHOTO_MAX_UPLOAD_BYTES,
      ...fieldRoles,
    },
    async (request) => {
      const { bytes } = imageOfBody(request.body);
      return service.receivePhoto(
        app.db,
        photos,
        accountActorOf(request),
        request.query,
        bytes,
        app.now(),
      );
    },
  );
};
