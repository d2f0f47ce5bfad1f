import {
  publicRequestFormInfoSchema,
  publicRequestFormSchema,
  REQUEST_FORM_SENT_MESSAGE,
} from '@crewdesk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PUBLIC_FORM_RATE_LIMIT_WINDOW } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';
import { errorResponses } from '../../lib/openapi-responses.ts';
import { businessLogoReader } from '../business-profile/index.ts';
import * as service from './request-form.service.ts';

const slugParams = z.object({ slug: z.string().max(100) });

/** The business's public request form (/request/{account_slug}): no session needed. */
export const requestFormRoutes: FastifyPluginAsyncZod = async (app) => {
  const readLogo = businessLogoReader(app.config.dataDir);

  app.get(
    '/api/public/request-form/:slug',
    {
      schema: {
        tags: ['public'],
        summary: "A business's request form: its name, logo and contact, and the services offered",
        params: slugParams,
        response: { 200: publicRequestFormInfoSchema, ...errorResponses(404) },
      },
    },
    async (request) => service.requestFormInfo(app.db, request.params.slug),
  );

  app.post(
    '/api/public/request-form/:slug',
    {
      schema: {
        tags: ['public'],
        summary:
          'Send a request to a business: a contact (matched by e-mail or created) and an inquiry in its estimates; the business is e-mailed',
        params: slugParams,
        body: publicRequestFormSchema,
        response: {
          201: z.object({ message: z.string() }),
          ...errorResponses(400, 404, 429),
        },
      },
      // Public and writing: a tight limit per client keeps it from flooding a business.
      config: {
        rateLimit: {
          max: app.config.publicFormRateLimitMax,
          timeWindow: PUBLIC_FORM_RATE_LIMIT_WINDOW,
        },
      },
    },
    async (request, reply) => {
      await service.submitRequestForm(
        {
          db: app.db,
          mailer: app.mailer,
          publicUrl: app.config.publicUrl,
          log: request.log,
          now: app.now(),
        },
        request.params.slug,
        request.body,
      );
      return reply.status(201).send({ message: REQUEST_FORM_SENT_MESSAGE });
    },
  );

  app.get(
    '/api/public/request-form/:slug/logo',
    {
      schema: {
        tags: ['public'],
        summary: "The logo of a request form's business",
        params: slugParams,
        response: { 200: z.any(), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const brand = await service.requestFormBrand(app.db, request.params.slug);
      const logo = await readLogo(brand.logo);
      if (!logo) throw new AppError('NOT_FOUND', 'Logo not found.');
      return reply
        .header('content-type', logo.contentType)
        .header('cache-control', 'public, max-age=3600')
        .send(logo.bytes);
    },
  );
};
