import {
  applyRouteSchema,
  MAP_ROUTE_ROLES,
  mapQuerySchema,
  mapResponseSchema,
  mapTilesSchema,
  routeQuerySchema,
  routeSuggestionSchema,
  visitSummarySchema,
} from '@crewdesk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/openapi-responses.ts';
import { accountActorOf, requireSession } from '../../plugins/permissions.ts';
import * as service from './map.service.ts';

const mapRoles = { preHandler: requireSession({ roles: MAP_ROUTE_ROLES }) };

/** /map: a day's visits and the customers as pins, and a suggested visiting order. */
export const mapRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/map-tiles',
    {
      schema: {
        tags: ['map'],
        summary: 'The tile server every map of the app draws on (null: pins without a base map)',
        response: { 200: mapTilesSchema, ...errorResponses(401) },
      },
      preHandler: requireSession(),
    },
    async () => ({
      tileUrl: app.config.mapTileUrl,
      tileAttribution: app.config.mapTileUrl ? app.config.mapTileAttribution : null,
    }),
  );

  app.get(
    '/api/map',
    {
      schema: {
        tags: ['map'],
        summary: "A day's visits, the customers with a position, and where routes start",
        querystring: mapQuerySchema,
        response: { 200: mapResponseSchema, ...errorResponses(400, 401, 403) },
      },
      ...mapRoles,
    },
    async (request) => service.getMap(app.db, app.config, accountActorOf(request), request.query),
  );

  app.post(
    '/api/map/route',
    {
      schema: {
        tags: ['map'],
        summary: "A member's day in a suggested order (nearest neighbour from the business)",
        body: routeQuerySchema,
        response: { 200: routeSuggestionSchema, ...errorResponses(400, 401, 403) },
      },
      ...mapRoles,
    },
    async (request) => service.suggestRoute(app.db, accountActorOf(request), request.body),
  );

  app.post(
    '/api/map/route/apply',
    {
      schema: {
        tags: ['map'],
        summary: "Lay a member's day out in the given order, from its first start time",
        body: applyRouteSchema,
        response: {
          200: z.object({ visits: z.array(visitSummarySchema) }),
          ...errorResponses(400, 401, 403),
        },
      },
      ...mapRoles,
    },
    async (request) => service.applyRoute(app.db, accountActorOf(request), request.body),
  );
};
