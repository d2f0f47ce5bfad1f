import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/app-error.ts';
import {
  acceptImageBodies,
  IMAGE_MAX_BYTES,
  IMAGE_TYPES,
  ImageStore,
  imageOfBody,
  imageOwnerId,
  sendStoredImage,
  storedImageName,
} from '../../lib/image-store.ts';
import { errorResponses } from '../../lib/openapi-responses.ts';
import { actorOf, requireSession } from '../../plugins/permissions.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { Actor } from '../../plugins/session.ts';
import { findUserImage, isMemberOf, setUserImage } from './avatars.repo.ts';

const AVATAR_URL_PREFIX = '/api/avatars/';

/**
 * The user's own stored file behind their avatar URL. A file saved for someone else is never
 * theirs to replace or delete, whatever URL their profile holds.
 */
const ownFileName = (imageUrl: string | null | undefined, userId: string) => {
  const name = storedImageName(imageUrl, AVATAR_URL_PREFIX);
  return name && imageOwnerId(name) === userId ? name : null;
};

/**
 * Whether the actor may see the picture saved in `file`: their own, or that of a member of the
 * business account they act for (see docs/decisions/018-image-access.md). Files are named after
 * the user they were saved for, by the server, so the name is a trustworthy owner.
 */
async function maySeePicture(db: DbOrTx, actor: Actor, file: string): Promise<boolean> {
  const ownerId = imageOwnerId(file);
  if (!ownerId) return false;
  if (ownerId === actor.userId) return true;
  return actor.accountId !== null && isMemberOf(db, actor.accountId, ownerId);
}

/**
 * Profile pictures: uploaded as the raw image body, stored on disk, served to their owner and to
 * the members of the business the viewer acts for; anyone else gets 404.
 */
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
      const avatarUrl = await store.replace({
        ownerId: userId,
        image: imageOfBody(request.body),
        previous: ownFileName(await findUserImage(app.db, userId), userId),
        urlPrefix: AVATAR_URL_PREFIX,
        setUrl: (url) => setUserImage(app.db, userId, url),
      });
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
      const previous = ownFileName(await findUserImage(app.db, userId), userId);
      await store.clear(previous, () => setUserImage(app.db, userId, null));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/avatars/:file',
    {
      schema: {
        tags: ['profile'],
        summary:
          "A profile picture (for its owner and the members of the viewer's active business)",
        params: z.object({ file: z.string().max(100) }),
        // The image bytes (fastify sends a Buffer as it is, without a serializer).
        response: { 200: z.any(), ...errorResponses(401, 404) },
      },
      preHandler: requireSession(),
    },
    async (request, reply) => {
      const { file } = request.params;
      const bytes = (await maySeePicture(app.db, actorOf(request), file))
        ? await store.read(file)
        : null;
      if (!bytes) throw notFound('Picture');
      return sendStoredImage(reply, file, bytes);
    },
  );
};
