import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';

export const CROSS_ORIGIN_MESSAGE =
  'This request came from another site and was refused. Open Crewdesk itself and try again.';
export const UNSUPPORTED_BODY_MESSAGE =
  'This endpoint takes a JSON body: send it with Content-Type: application/json.';

/** Methods that change nothing (RFC 9110's safe methods): a foreign page may cause them. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Server-to-server callers that prove who they are in the request itself (the payment
 * provider signs every webhook; an MCP client sends its access token, never a cookie), so where
 * the request comes from does not matter.
 */
const SIGNED_CALLER_PREFIXES = ['/api/webhooks/', '/api/mcp'];

/**
 * The content types a page on another site can send without a CORS preflight (an HTML form,
 * or fetch with mode no-cors). No endpoint takes them: the API speaks JSON, and uploads send
 * the image's own type.
 */
const FORM_CONTENT_TYPES = new Set([
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
]);

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Whether a write comes from one of `trusted` origins, judged by the best header the browser
 * sent: Origin (every browser sends it on cross-site writes), else Sec-Fetch-Site, else Referer.
 * A request with none of them is not a browser's cross-site request (curl, a server, a script
 * run by the user, the tests' inject calls): it carries no ambient credentials it did not choose
 * to send, so it is let through, and the session and role checks decide as usual.
 */
function fromTrustedOrigin(request: FastifyRequest, trusted: ReadonlySet<string>): boolean {
  const origin = single(request.headers.origin);
  // "null" (sandboxed frames, file: pages, some redirects) is nobody we know.
  if (origin !== undefined) return trusted.has(origin);
  const site = single(request.headers['sec-fetch-site']);
  // same-site is another origin (a sibling subdomain), so only same-origin and none (typed in
  // the address bar, a bookmark) pass.
  if (site !== undefined) return site === 'same-origin' || site === 'none';
  const referer = single(request.headers.referer);
  if (referer !== undefined) {
    const refererOrigin = originOf(referer);
    return refererOrigin !== null && trusted.has(refererOrigin);
  }
  return true;
}

function mediaTypeOf(request: FastifyRequest): string | undefined {
  const header = single(request.headers['content-type']);
  return header?.split(';')[0]?.trim().toLowerCase();
}

/**
 * Cross-site request forgery defence for the API: the session cookie rides along on any
 * request the browser makes to us, even one a foreign page started. Every write under /api
 * (any method but GET, HEAD and OPTIONS) must come from the app's own pages, and may not use
 * the content types a plain HTML form can send, so a forged form post is refused before it
 * reaches routing, parsing or a handler. better-auth checks Origin itself as well.
 */
export const originCheckPlugin = fp(
  async (app: FastifyInstance, opts: { trustedOrigins: readonly string[] }) => {
    const trusted = new Set(opts.trustedOrigins);
    app.addHook('onRequest', async (request) => {
      if (SAFE_METHODS.has(request.method)) return;
      const path = request.url.split('?')[0] ?? '';
      if (!path.startsWith('/api/')) return;
      if (SIGNED_CALLER_PREFIXES.some((prefix) => path.startsWith(prefix))) return;
      if (!fromTrustedOrigin(request, trusted)) {
        throw new AppError('FORBIDDEN', CROSS_ORIGIN_MESSAGE);
      }
      // Checked whether or not a body follows: a body-less text/plain post is what a form sends.
      const mediaType = mediaTypeOf(request);
      if (mediaType !== undefined && FORM_CONTENT_TYPES.has(mediaType)) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', UNSUPPORTED_BODY_MESSAGE);
      }
    });
  },
);
