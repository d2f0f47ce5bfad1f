import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/** Helmet's defaults, with the content security policy the SPA needs: for pages and their files. */
const PAGE_HEADERS = helmet({
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
 * What an API answer (JSON, a PDF, a photo, a CSV, an event stream) needs, after OWASP's REST
 * cheat sheet: nothing it holds may run or load anything, be framed, be read by another site's
 * page, or be sniffed into another type. The page-only headers (the SPA's policy, opener and
 * agent-cluster isolation, DNS prefetch, the legacy IE and Flash switches) do nothing for these;
 * leaving them off halves the answer's header bytes, which on a small answer cost the server
 * more than all its hooks (docs/benchmarks.md).
 */
const API_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Referrer-Policy', 'no-referrer'],
  ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'DENY'],
];

/** Headers every answer under this prefix carries instead of the page set. */
const API_PREFIX = '/api/';

/**
 * Security headers on every answer: the API's short set under /api/, helmet's page set on
 * everything else. Helmet's middleware is built once here: @fastify/helmet builds it again on
 * every request (parsing the policy's directives each time), which cost more than the rest of
 * the request's hooks together on the busiest lists. Both sets go on the raw response, so the
 * answers that take over the socket (the live event stream) carry them too.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith(API_PREFIX)) {
      setApiHeaders(reply.raw);
      done();
      return;
    }
    // Helmet sets headers and calls back at once; since helmet 8.1 it throws instead of passing an error.
    PAGE_HEADERS(request.raw, reply.raw, () => done());
  });
});

function setApiHeaders(response: ServerResponse): void {
  for (const [name, value] of API_HEADERS) response.setHeader(name, value);
}
