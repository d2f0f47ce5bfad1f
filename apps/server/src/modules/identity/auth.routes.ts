import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, notFound } from '../../lib/app-error.ts';
import { RATE_LIMITED_BODY } from '../../plugins/errors.ts';
import type { Auth } from './auth.ts';

/** better-auth's organization endpoints, closed over HTTP (server code still calls them). */
const ORGANIZATION_PATH_PREFIX = '/api/auth/organization/';

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
  }
}

export const PICTURE_THROUGH_AVATAR_MESSAGE =
  'Upload a profile picture with PUT /api/me/avatar; it cannot be set here.';

export const AUTH_BODY_NOT_OBJECT_MESSAGE = 'The request body must be a JSON object.';

/** better-auth reads every body as an object: anything else (null, 1, "x", a list) is a 400 here. */
function isObjectBody(body: unknown): boolean {
  return typeof body === 'object' && body !== null && !Array.isArray(body);
}

/** Mounts better-auth under /api/auth; `app.auth` is its server-side API for other modules. */
export const authRoutes = fp(
  async (app: FastifyInstance, opts: { auth: Auth; publicUrl: string }) => {
    const { auth } = opts;
    app.decorate('auth', auth);

    app.route({
      method: ['GET', 'POST'],
      url: '/api/auth/*',
      schema: { hide: true },
      async handler(request, reply) {
        const url = new URL(request.url, opts.publicUrl);
        // Accounts, members and invitations go through our own endpoints, which check the
        // spec's roles; better-auth's organization endpoints know only its three and stay shut.
        if (url.pathname.startsWith(ORGANIZATION_PATH_PREFIX)) throw notFound('Endpoint');
        // The picture URL is only ever written by our upload, which names the file after its
        // owner; a URL typed in here could point at someone else's file (or anywhere).
        const hasBody = request.method !== 'GET' && request.body !== undefined;
        if (hasBody && !isObjectBody(request.body))
          throw new AppError('BAD_REQUEST', AUTH_BODY_NOT_OBJECT_MESSAGE);
        if (hasBody && 'image' in (request.body as object))
          throw new AppError('BAD_REQUEST', PICTURE_THROUGH_AVATAR_MESSAGE);
        const headers = fromNodeHeaders(request.headers);
        // The address fastify resolved (proxy headers only with TRUST_PROXY), never the client's claim.
        headers.set('x-forwarded-for', request.ip);
        const response = await auth.handler(
          new Request(url, {
            method: request.method,
            headers,
            body: hasBody ? JSON.stringify(request.body) : undefined,
          }),
        );
        reply.status(response.status);
        const retryAfter = response.headers.get('x-retry-after');
        if (retryAfter) reply.header('retry-after', retryAfter);
        response.headers.forEach((value, key) => {
          if (key !== 'set-cookie') reply.header(key, value);
        });
        const cookies = response.headers.getSetCookie();
        if (cookies.length > 0) reply.header('set-cookie', cookies);
        if (response.status === 429) return reply.send(RATE_LIMITED_BODY);
        const text = await response.text();
        return reply.send(text.length > 0 ? text : null);
      },
    });
  },
);
