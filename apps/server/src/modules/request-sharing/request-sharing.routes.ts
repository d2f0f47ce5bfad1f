import {
  acceptSharedRequestSchema,
  declineSharedRequestSchema,
  sharedRequestSchema,
} from '@crewdesk/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PUBLIC_FORM_RATE_LIMIT_WINDOW } from '../../config.ts';
import { errorResponses } from '../../lib/openapi-responses.ts';
import { clientOf, privateAnswer } from '../../lib/share-links.ts';
import { loadActor } from '../../plugins/session.ts';
import { businessLogoReader } from '../business-profile/index.ts';
import * as service from './request-sharing.service.ts';

// Any text up to a sane length: a malformed token answers the same 404 as an unknown one.
const tokenParams = z.object({ token: z.string().max(100) });

/**
 * The shared estimate as its client sees it (the /shared/{token} page), with no session: the
 * random token in the link is the only key. Never cost, profit, margin, tools or notes.
 */
export const requestSharingRoutes: FastifyPluginAsyncZod = async (app) => {
  const readLogo = businessLogoReader(app.config.dataDir);
  const deps = (request: FastifyRequest): service.ShareDeps => ({
    db: app.db,
    shares: app.shares,
    mailer: app.mailer,
    publicUrl: app.config.publicUrl,
    log: request.log,
    now: app.now(),
  });
  // Accept and decline write and notify the business: limited per client like the other forms.
  const answerLimit = {
    rateLimit: {
      max: app.config.publicFormRateLimitMax,
      timeWindow: PUBLIC_FORM_RATE_LIMIT_WINDOW,
    },
  };

  app.get(
    '/api/public/shared/:token',
    {
      schema: {
        tags: ['public'],
        summary:
          'A shared estimate, quote or proposal by its link token; the first open marks it viewed and tells the business',
        params: tokenParams,
        response: { 200: sharedRequestSchema, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      // No session is needed; one of the business's own people only previews the page.
      const viewer = request.headers.cookie ? await loadActor(request) : null;
      const shared = await service.openSharedRequest(
        deps(request),
        request.params.token,
        viewer?.accountId ?? null,
      );
      return privateAnswer(reply).send(shared);
    },
  );

  app.post(
    '/api/public/shared/:token/accept',
    {
      schema: {
        tags: ['public'],
        summary:
          'Accept a shared estimate with a typed name (and, for a proposal, one of its options). 409 when already answered, 410 when expired',
        params: tokenParams,
        body: acceptSharedRequestSchema,
        response: { 200: sharedRequestSchema, ...errorResponses(400, 404, 409, 410, 429) },
      },
      config: answerLimit,
    },
    async (request, reply) => {
      const shared = await service.acceptSharedRequest(
        deps(request),
        request.params.token,
        request.body,
        clientOf(request),
      );
      return privateAnswer(reply).send(shared);
    },
  );

  app.post(
    '/api/public/shared/:token/decline',
    {
      schema: {
        tags: ['public'],
        summary:
          'Decline a shared estimate with a reason. 409 when already answered, 410 when expired',
        params: tokenParams,
        body: declineSharedRequestSchema,
        response: { 200: sharedRequestSchema, ...errorResponses(400, 404, 409, 410, 429) },
      },
      config: answerLimit,
    },
    async (request, reply) => {
      const shared = await service.declineSharedRequest(
        deps(request),
        request.params.token,
        request.body,
      );
      return privateAnswer(reply).send(shared);
    },
  );

  app.get(
    '/api/public/shared/:token/pdf',
    {
      schema: {
        tags: ['public'],
        summary: 'A shared estimate as a PDF download',
        params: tokenParams,
        produces: ['application/pdf'],
        // The PDF bytes (fastify sends a Buffer as it is, without a serializer).
        response: { 200: z.any(), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const { pdf, fileName } = await service.sharedRequestPdf(
        { db: app.db, shares: app.shares, now: app.now(), readLogo },
        request.params.token,
      );
      return privateAnswer(reply)
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(pdf);
    },
  );

  app.get(
    '/api/public/shared/:token/logo',
    {
      schema: {
        tags: ['public'],
        summary: "The logo of a shared estimate's business (for its page and e-mail)",
        params: tokenParams,
        response: { 200: z.any(), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const logo = await service.sharedLogo(
        { db: app.db, shares: app.shares, readLogo },
        request.params.token,
      );
      return reply
        .header('content-type', logo.contentType)
        .header('cache-control', 'public, max-age=3600')
        .send(logo.bytes);
    },
  );
};
