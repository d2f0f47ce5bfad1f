import {
  REQUESTS_ROUTE_ROLES,
  requestDetailSchema,
  requestInputSchema,
  requestListQuerySchema,
  requestListResponseSchema,
  sendEstimateEmailResponseSchema,
  sendEstimateEmailSchema,
} from '@crewdesk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/openapi-responses.ts';
import { accountActorOf, requireSession } from '../../plugins/permissions.ts';
import { businessLogoReader } from '../business-profile/index.ts';
import * as sending from './request-sending.service.ts';
import * as service from './requests.service.ts';

const idParams = z.object({ id: z.uuid('id must be a UUID') });

/**
 * Estimates and quotes: the /quotes route's roles. Proposals are narrowed further in the
 * service (the proposals route's roles), as a proposal is only known once read.
 */
const requestRoles = { preHandler: requireSession({ roles: REQUESTS_ROUTE_ROLES }) };

/** Estimates, quotes and proposals of the active business (the requests table). */
export const requestRoutes: FastifyPluginAsyncZod = async (app) => {
  const readLogo = businessLogoReader(app.config.dataDir);
  app.get(
    '/api/requests',
    {
      schema: {
        tags: ['requests'],
        summary:
          'Requests newest first, by tab (estimates, quotes, proposals), search on client and title, status; keyset pages',
        querystring: requestListQuerySchema,
        response: { 200: requestListResponseSchema, ...errorResponses(400, 401, 403) },
      },
      ...requestRoles,
    },
    async (request) =>
      service.listRequests(app.db, accountActorOf(request), request.query, app.now(), app.shares),
  );

  app.post(
    '/api/requests',
    {
      schema: {
        tags: ['requests'],
        summary:
          'Save an estimate, quote or proposal from the calculator form; the price is recomputed by the server',
        body: requestInputSchema,
        response: { 201: requestDetailSchema, ...errorResponses(400, 401, 403) },
      },
      ...requestRoles,
    },
    async (request, reply) => {
      const created = await service.createRequest(
        app.db,
        accountActorOf(request),
        request.body,
        app.now(),
        app.shares,
      );
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/api/requests/:id',
    {
      schema: {
        tags: ['requests'],
        summary: 'One request with its history of events',
        params: idParams,
        response: { 200: requestDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
      ...requestRoles,
    },
    async (request) =>
      service.getRequest(app.db, accountActorOf(request), request.params.id, app.now(), app.shares),
  );

  app.put(
    '/api/requests/:id',
    {
      schema: {
        tags: ['requests'],
        summary: 'Update a request from the calculator form (priced again; an edited event)',
        params: idParams,
        body: requestInputSchema,
        response: { 200: requestDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
      ...requestRoles,
    },
    async (request) =>
      service.updateRequest(
        app.db,
        accountActorOf(request),
        request.params.id,
        request.body,
        app.now(),
        app.shares,
      ),
  );

  app.delete(
    '/api/requests/:id',
    {
      schema: {
        tags: ['requests'],
        summary: 'Delete a request and its history',
        params: idParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
      ...requestRoles,
    },
    async (request, reply) => {
      await service.deleteRequest(app.db, accountActorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/requests/:id/duplicate',
    {
      schema: {
        tags: ['requests'],
        summary: 'Copy a request as a new unopened one (new share link, 30 days from now)',
        params: idParams,
        response: { 201: requestDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
      ...requestRoles,
    },
    async (request, reply) => {
      const copy = await service.duplicateRequest(
        app.db,
        accountActorOf(request),
        request.params.id,
        app.now(),
        app.shares,
      );
      return reply.status(201).send(copy);
    },
  );

  app.get(
    '/api/requests/:id/pdf',
    {
      schema: {
        tags: ['requests'],
        summary:
          'The request as the PDF its client gets (business branding, details, options, total; never cost or profit)',
        params: idParams,
        produces: ['application/pdf'],
        // The PDF bytes (fastify sends a Buffer as it is, without a serializer).
        response: { 200: z.any(), ...errorResponses(400, 401, 403, 404) },
      },
      ...requestRoles,
    },
    async (request, reply) => {
      const { pdf, fileName } = await sending.requestPdfFor(
        {
          db: app.db,
          now: app.now(),
          shares: app.shares,
          readLogo: async (url) => (await readLogo(url))?.bytes ?? null,
        },
        accountActorOf(request),
        request.params.id,
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.post(
    '/api/functions/send-estimate-email',
    {
      schema: {
        tags: ['requests'],
        summary:
          "E-mail an estimate or quote to its client now (spec: send-estimate-email), with the share link, the stored amount and expiry, in the business's name. sent false when the mail could not be delivered; the request is then left unchanged",
        body: sendEstimateEmailSchema,
        response: {
          200: sendEstimateEmailResponseSchema,
          ...errorResponses(400, 401, 403, 404),
        },
      },
      ...requestRoles,
    },
    async (request) =>
      sending.sendEstimateEmail(
        {
          db: app.db,
          mailer: app.mailer,
          publicUrl: app.config.publicUrl,
          shares: app.shares,
          now: app.now(),
        },
        accountActorOf(request),
        request.body,
      ),
  );
};
