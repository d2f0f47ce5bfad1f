import { checkoutResponseSchema } from '@crewdesk/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PUBLIC_FORM_RATE_LIMIT_WINDOW } from '../../config.ts';
import { errorResponses } from '../../lib/openapi-responses.ts';
import * as service from './online-payments.service.ts';
import { stripeClient } from './stripe-client.ts';

// Any text up to a sane length: a malformed token answers the same 404 as an unknown one.
const tokenParams = z.object({ token: z.string().max(100) });

/** The provider's events are small; a body past this is not one. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

/**
 * Online card payment of an invoice: the client's checkout (no session, the link token is the
 * key) and the provider's signed webhook that records what was paid.
 */
export const onlinePaymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const stripe = stripeClient(app.config);
  const deps = (request: FastifyRequest): service.OnlinePaymentDeps => ({
    db: app.db,
    mailer: app.mailer,
    log: request.log,
    publicUrl: app.config.publicUrl,
    shares: app.shares,
    now: app.now(),
    stripe,
    webhookSecret: app.config.stripeWebhookSecret,
  });

  app.post(
    '/api/public/invoices/:token/checkout',
    {
      schema: {
        tags: ['public'],
        summary:
          "Start paying an invoice's balance by card on the provider's hosted page; answers its URL",
        params: tokenParams,
        response: { 200: checkoutResponseSchema, ...errorResponses(404, 409, 429, 502) },
      },
      // Each call opens a session at the provider: limited per client like the public forms.
      config: {
        rateLimit: {
          max: app.config.publicFormRateLimitMax,
          timeWindow: PUBLIC_FORM_RATE_LIMIT_WINDOW,
        },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await service.startCheckout(deps(request), request.params.token)),
  );

  // The signature covers the exact bytes sent: this scope keeps JSON bodies as raw text.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );

    scope.post(
      '/api/webhooks/stripe',
      {
        schema: {
          tags: ['webhooks'],
          summary:
            'Payment events from Stripe (signed with the webhook secret): a paid checkout records its payment once',
          response: { 200: z.object({ received: z.literal(true) }), ...errorResponses(400) },
        },
      },
      async (request) => {
        const requestDeps = deps(request);
        const event = service.verifiedEvent(
          requestDeps,
          typeof request.body === 'string' ? request.body : undefined,
          request.headers['stripe-signature'],
        );
        const outcome = await service.handleEvent(requestDeps, event);
        request.log.info(
          { eventId: event.id, type: event.type, outcome: outcome.kind },
          'payment provider event',
        );
        return { received: true as const };
      },
    );
  });
};
