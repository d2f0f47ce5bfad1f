import { publicInvoiceSchema, publicPaymentStatusSchema } from '@crewdesk/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/openapi-responses.ts';
import { loadActor } from '../../plugins/session.ts';
import { businessLogoReader } from '../business-profile/index.ts';
import * as sharing from './invoice-sharing.service.ts';
import { privateAnswer } from '../../lib/share-links.ts';

// Any text up to a sane length: a malformed token answers the same 404 as an unknown one.
const tokenParams = z.object({ token: z.string().max(100) });

/** The client's invoice page (/pay/{token}) with no session: the token is the only key. */
export const publicInvoiceRoutes: FastifyPluginAsyncZod<{ onlinePayments: boolean }> = async (
  app,
  opts,
) => {
  const readLogo = businessLogoReader(app.config.dataDir);
  const deps = (request: FastifyRequest): sharing.SharingDeps => ({
    db: app.db,
    publicUrl: app.config.publicUrl,
    shares: app.shares,
    now: app.now(),
    onlinePayments: opts.onlinePayments,
    mailer: app.mailer,
    log: request.log,
  });

  app.get(
    '/api/public/invoices/:token',
    {
      schema: {
        tags: ['public'],
        summary:
          "An invoice by its link token; the client's first open marks it viewed and tells the business",
        params: tokenParams,
        response: { 200: publicInvoiceSchema, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const viewer = request.headers.cookie ? await loadActor(request) : null;
      const view = await sharing.openPublicInvoice(
        deps(request),
        request.params.token,
        viewer?.accountId ?? null,
      );
      return privateAnswer(reply).send(view);
    },
  );

  app.get(
    '/api/public/invoices/:token/payment-status',
    {
      schema: {
        tags: ['public'],
        summary: 'What the payment-success page shows: the status and balance, nothing marked',
        params: tokenParams,
        response: { 200: publicPaymentStatusSchema, ...errorResponses(404) },
      },
    },
    async (request, reply) =>
      privateAnswer(reply).send(
        await sharing.publicPaymentStatus(deps(request), request.params.token),
      ),
  );

  app.get(
    '/api/public/invoices/:token/pdf',
    {
      schema: {
        tags: ['public'],
        summary: 'The invoice as a PDF download',
        params: tokenParams,
        produces: ['application/pdf'],
        response: { 200: z.any(), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const { pdf, fileName } = await sharing.publicInvoicePdf(
        deps(request),
        request.params.token,
        readLogo,
      );
      return privateAnswer(reply)
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(pdf);
    },
  );

  app.get(
    '/api/public/invoices/:token/logo',
    {
      schema: {
        tags: ['public'],
        summary: "The logo of an invoice's business (for its page and e-mail)",
        params: tokenParams,
        response: { 200: z.any(), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const logo = await sharing.publicInvoiceLogo(deps(request), request.params.token, readLogo);
      return reply
        .header('content-type', logo.contentType)
        .header('cache-control', 'public, max-age=3600')
        .send(logo.bytes);
    },
  );
};
