import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/** Helmet's defaults, with the content security policy the SPA needs. */
const SECURITY_HEADERS = helmet({
  contentSecurityPolicy: {
    directives: {
      // The SPA's own files only; map tiles are images from the tile host.
      'img-src': ["'self'", 'data:', 'blob:', 'https:'],
      'script-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'upgrade-insecure-requests': null,
    },
  },
});

/**
 * Helmet's headers on every answer. Helmet's middleware is built once here: @fastify/helmet
 * builds it again on every request (parsing the policy's directives each time), which cost more
 * than the rest of the request's hooks together on the busiest lists. No route sets options of
 * its own, so one middleware serves all.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (request, reply, done) => {
    // Helmet sets headers and calls back at once; since helmet 8.1 it throws instead of passing an error.
    SECURITY_HEADERS(request.raw, reply.raw, () => done());
  });
});
