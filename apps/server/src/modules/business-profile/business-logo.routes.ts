import { BUSINESS_ADMIN_ROLES } from '@crewdesk/domain';
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
  storedImageContentType,
  sendStoredImage,
  storedImageName,
} from '../../lib/image-store.ts';
import { errorResponses } from '../../lib/openapi-responses.ts';
import { accountActorOf, requireSession } from '../../plugins/permissions.ts';
import * as repo from './business-profile.repo.ts';

const LOGO_URL_PREFIX = '/api/logos/';

export interface StoredLogo {
  bytes: Buffer;
  contentType: string;
}

/**
 * Reads a business's stored logo by its URL (business_accounts.logo): for the pages and PDFs a
 * client sees, which serve it through their own public paths.
 */
export function businessLogoReader(dataDir: string) {
  const store = new ImageStore(dataDir, 'logos');
  return async (logoUrl: string | null): Promise<StoredLogo | null> => {
    const name = storedImageName(logoUrl, LOGO_URL_PREFIX);
    const bytes = name ? await store.read(name) : null;
    return name && bytes ? { bytes, contentType: storedImageContentType(name) } : null;
  };
}

/**
 * The business logo (spec: Settings, business profile): uploaded as the raw image body by a
 * business admin, stored on disk under the account's id, served to that account's members only.
 */
export const businessLogoRoutes: FastifyPluginAsyncZod<{ dataDir: string }> = async (app, opts) => {
  const store = new ImageStore(opts.dataDir, 'logos');
  acceptImageBodies(app);

  app.put(
    '/api/business-profile/logo',
    {
      schema: {
        tags: ['business'],
        summary:
          "Upload the active business's logo (PNG, JPEG or WebP, up to 2 MB, as the request body; business admin rights)",
        consumes: Object.keys(IMAGE_TYPES),
        response: {
          200: z.object({ logoUrl: z.string() }),
          ...errorResponses(400, 401, 403, 413),
        },
      },
      bodyLimit: IMAGE_MAX_BYTES,
      preHandler: requireSession({ roles: BUSINESS_ADMIN_ROLES }),
    },
    async (request) => {
      const { accountId } = accountActorOf(request);
      const logoUrl = await store.replace({
        ownerId: accountId,
        image: imageOfBody(request.body),
        previous: storedImageName(await repo.findLogo(app.db, accountId), LOGO_URL_PREFIX),
        urlPrefix: LOGO_URL_PREFIX,
        setUrl: (url) => repo.setLogo(app.db, accountId, url),
      });
      return { logoUrl };
    },
  );

  app.delete(
    '/api/business-profile/logo',
    {
      schema: {
        tags: ['business'],
        summary: "Remove the active business's logo (business admin rights)",
        response: { 204: z.null(), ...errorResponses(401, 403) },
      },
      preHandler: requireSession({ roles: BUSINESS_ADMIN_ROLES }),
    },
    async (request, reply) => {
      const { accountId } = accountActorOf(request);
      const previous = storedImageName(await repo.findLogo(app.db, accountId), LOGO_URL_PREFIX);
      await store.clear(previous, () => repo.setLogo(app.db, accountId, null));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/logos/:file',
    {
      schema: {
        tags: ['business'],
        summary: "A business logo (for the signed-in members of that business's active account)",
        params: z.object({ file: z.string().max(100) }),
        // The image bytes (fastify sends a Buffer as it is, without a serializer).
        response: { 200: z.any(), ...errorResponses(401, 403, 404) },
      },
      preHandler: requireSession(),
    },
    async (request, reply) => {
      const { accountId } = accountActorOf(request);
      const { file } = request.params;
      // Files are named after their account: another business's logo is not found here.
      const bytes = imageOwnerId(file) === accountId ? await store.read(file) : null;
      if (!bytes) throw notFound('Logo');
      return sendStoredImage(reply, file, bytes);
    },
  );
};
