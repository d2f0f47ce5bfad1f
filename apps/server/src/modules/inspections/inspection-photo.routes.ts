import { inspectionPhotoQuerySchema } from '@crewdesk/domain';
import { z } from 'zod';
import { IMAGE_TYPES, imageOfBody } from '../../lib/image-store.ts';
import { errorResponses } from '../../lib/openapi-responses.ts';
import { PHOTO_MAX_UPLOAD_BYTES } from '../../lib/photos.ts';
import { accountActorOf } from '../../plugins/permissions.ts';
import * as service from './inspections.service.ts';
import { detail, field, itemParams, photoParams, tags } from './inspection-route-options.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptImageBodies } from '../../lib/image-store.ts';
import { inspectionDeps, type InspectionRouteParts } from './inspection-route-options.ts';

/** An answer's photos: added (a JPEG or PNG body), read and removed. */
export const inspectionPhotoRoutes: FastifyPluginAsyncZod<InspectionRouteParts> = async (
  app,
  parts,
) => {
  const { deps } = inspectionDeps(app, parts);
  const { photos } = parts;
  acceptImageBodies(app, PHOTO_MAX_UPLOAD_BYTES);

  app.post(
    '/api/inspections/:id/answers/:itemKey/photos',
    {
      schema: {
        tags,
        summary:
          'Attach a photo to an item (PNG, JPEG or WebP up to 10 MB as the body); kept at most 1600 px',
        consumes: Object.keys(IMAGE_TYPES),
        params: itemParams,
        querystring: inspectionPhotoQuerySchema,
        response: detail(400, 401, 403, 404, 409, 413),
      },
      bodyLimit: PHOTO_MAX_UPLOAD_BYTES,
      ...field,
    },
    async (request) => {
      const { bytes } = imageOfBody(request.body);
      return service.addPhoto(
        { ...deps(), photos },
        accountActorOf(request),
        request.params.id,
        request.params.itemKey,
        bytes,
        request.query.clientId,
      );
    },
  );

  app.get(
    '/api/inspections/:id/photos/:photoId',
    {
      schema: {
        tags,
        summary: 'A photo of the inspection',
        params: photoParams,
        response: { 200: z.any(), ...errorResponses(400, 401, 403, 404) },
      },
      ...field,
    },
    async (request, reply) => {
      const photo = await service.readPhoto(
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
    '/api/inspections/:id/photos/:photoId',
    {
      schema: {
        tags,
        summary: 'Removes a photo while the inspection is open',
        params: photoParams,
        response: detail(400, 401, 403, 404, 409),
      },
      ...field,
    },
    (request) =>
      service.removePhoto(
        { ...deps(), photos },
        accountActorOf(request),
        request.params.id,
        request.params.photoId,
      ),
  );
};
