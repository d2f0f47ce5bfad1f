import { locationDetailsSchema, locationSuggestionSchema, PICKER_ROLES } from '@crewdesk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orNotFound } from '../../lib/app-error.ts';
import { errorResponses } from '../../lib/openapi-responses.ts';
import { accountActorOf, requireSession } from '../../plugins/permissions.ts';
import { createLocationProvider } from './locations.service.ts';

const sessionToken = z
  .string()
  .trim()
  .max(200, 'sessionToken must be at most 200 characters')
  .optional()
  .describe('Groups one search and its choice for the provider; a new one after each choice');

/**
 * Place search for address fields (spec sections 4 and 7), through the provider the server is
 * configured with. Everyone whose dialogs have an address (contacts, estimates, jobs) may use it.
 */
export const locationRoutes: FastifyPluginAsyncZod = async (app) => {
  const provider = createLocationProvider(
    app.config,
    app.db,
    `Crewdesk (self-hosted; ${app.config.publicUrl})`,
  );
  const pickers = { preHandler: requireSession({ roles: PICKER_ROLES }) };

  app.get(
    '/api/locations/suggest',
    {
      schema: {
        tags: ['locations'],
        summary:
          'Up to 5 places matching the text, in English; empty text answers an empty list (502 when the provider fails)',
        querystring: z.object({
          q: z.string().trim().max(256, 'q must be at most 256 characters').default(''),
          sessionToken,
        }),
        response: {
          200: z.object({ suggestions: z.array(locationSuggestionSchema) }),
          ...errorResponses(400, 401, 403, 502),
        },
      },
      ...pickers,
    },
    async (request) => {
      const { accountId } = accountActorOf(request);
      const { q } = request.query;
      // Spec section 5: the location search does nothing for empty text.
      if (q === '') return { suggestions: [] };
      const suggestions = await provider.suggest({
        q,
        sessionToken: request.query.sessionToken || crypto.randomUUID(),
        accountId,
      });
      return { suggestions };
    },
  );

  app.get(
    '/api/locations/retrieve/:id',
    {
      schema: {
        tags: ['locations'],
        summary:
          "A suggestion's place: coordinates, extent and address parts (502 when the provider fails)",
        params: z.object({ id: z.string().min(1).max(2000, 'id is too long') }),
        querystring: z.object({ sessionToken }),
        response: { 200: locationDetailsSchema, ...errorResponses(400, 401, 403, 404, 502) },
      },
      ...pickers,
    },
    async (request) => {
      const { accountId } = accountActorOf(request);
      return orNotFound(
        await provider.retrieve({
          id: request.params.id,
          sessionToken: request.query.sessionToken || crypto.randomUUID(),
          accountId,
        }),
        'Place',
      );
    },
  );
};
