import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/app-error.ts';
import {
  acceptImageBodies,
  IMAGE_MAX_BYTES,
  IMAGE_TYPES,
  ImageStore,
  imageOfBody,
  storedImageContentType,
  storedImageName,
} from '../../lib/image-store.ts';
import { errorResponses } from '../../lib/openapi-responses.ts';
import { actorOf, requireSession } from '../../plugins/permissions.ts';
import { findUserImage, setUserImage } from './avatars.repo.ts';

const AVATAR_URL_PREFIX = '/api/avatars/';

/** The stored file behind a user's avatar URL, when it is one of ours. */
const storedFileName = (imageUrl: string | null | undefined) =>
  storedImageName(imageUrl, AVATAR_URL_PREFIX);

/** Profile pictures: uploaded as the raw image body, stored on disk, served to signed-in users. */
export const avatarRoutes: FastifyPluginAsyncZod<{ dataDir: string }> = async (app, opts) => {
  const store = new ImageStore(opts.dataDir, 'avatars');
  acceptImageBodies(app);

  app.put(
    '/api/me/avatar',
    {
      schema: {
        tags: ['profile'],
        summary: 'Upload a profile picture (PNG, JPEG or WebP, up to 2 MB, as the request body)',
        consumes: Object.keys(IMAGE_TYPES),
        response: {
          200: z.object({ avatarUrl: z.string() }),
          ...errorResponses(400, 401, 413),
        },
      },
      bodyLimit: IMAGE_MAX_BYTES,
      preHandler: requireSession(),
    },
    async (request) => {
      const { userId } = actorOf(request);
      const { bytes, type } = imageOfBody(request.body);
      const previous = storedFileName(await findUserImage(app.db, userId));
      const name = await store.save(userId, type, bytes);
      const avatarUrl = `${AVATAR_URL_PREFIX}${name}`;
      await setUserImage(app.db, userId, avatarUrl);
      if (previous) await store.remove(previous);
      return { avatarUrl };
    },
  );

  app.delete(
    '/api/me/avatar',
    {
      schema: {
        tags: ['profile'],
        summary: 'Remove the profile picture (initials are shown instead)',
        response: { 204: z.null(), ...errorResponses(401) },
      },
      preHandler: requireSession(),
    },
    async (request, reply) => {
      const { userId } = actorOf(request);
      const previous = storedFileName(await findUserImage(app.db, userId));
      await setUserImage(app.db, userId, null);
      if (previous) await store.remove(previous);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/avatars/:file',
    {
      schema: {
        tags: ['profile'],
        summary: 'A profile picture (for signed-in users)',
        params: z.object({ file: z.string().max(100) }),
        // The image bytes (fastify sends a Buffer as it is, without a serializer).
        response: { 200: z.any(), ...errorResponses(401, 404) },
      },
      preHandler: requireSession(),
    },
    async (request, reply) => {
      const bytes = await store.read(request.params.file);
      if (!bytes) throw notFound('Picture');
      return reply
        .header('content-type', storedImageContentType(request.params.file))
        .header('cache-control', 'private, max-age=86400, immutable')
        .send(bytes);
    },
  );
};
