import { existsSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Asks for the session (`GET /api/me`) while the page's scripts download, instead of after they
 * have run: the app's first call to /api/me takes this answer (apps/web's session hint).
 */
export const SESSION_PRELOAD =
  '<link rel="preload" href="/api/me" as="fetch" crossorigin="use-credentials" />';

interface IndexVariant {
  plain: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** index.html with the session preload at the end of its head, and its compressed forms. */
function indexWithSessionPreload(webDistDir: string): IndexVariant {
  const html = readFileSync(join(webDistDir, 'index.html'), 'utf8');
  const plain = Buffer.from(html.replace('</head>', `  ${SESSION_PRELOAD}\n  </head>`));
  return { plain, br: brotliCompressSync(plain), gzip: gzipSync(plain) };
}

function sendIndexVariant(request: FastifyRequest, reply: FastifyReply, index: IndexVariant) {
  const accepted = request.headers['accept-encoding'] ?? '';
  const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
  reply
    .code(200)
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding, cookie')
    .type('text/html; charset=utf-8');
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(encoding ? index[encoding] : index.plain);
}

interface SpaOptions {
  webDistDir: string;
  /** The session cookie's name: a request that sends it gets index.html with SESSION_PRELOAD. */
  sessionCookie: string;
}

/**
 * Serves the built web app: its files, and index.html for every other non-API path so the
 * client router can answer it. Unknown /api paths get a JSON 404.
 */
export const spaPlugin = fp(async (app: FastifyInstance, opts: SpaOptions) => {
  const hasBuild = existsSync(join(opts.webDistDir, 'index.html'));
  const withSession = hasBuild ? indexWithSessionPreload(opts.webDistDir) : null;
  // A cookie that may be stale: then /api/me answers 401 and the app goes to /auth, as without it.
  const sendsSessionCookie = (request: FastifyRequest) =>
    Boolean(
      request.cookies[opts.sessionCookie] ?? request.cookies[`__Secure-${opts.sessionCookie}`],
    );
  const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
    if (withSession && sendsSessionCookie(request)) {
      return sendIndexVariant(request, reply, withSession);
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  };
  if (hasBuild) {
    // Keep the default wildcard mode: files added by a later build are served, not index.html.
    await app.register(fastifyStatic, {
      root: opts.webDistDir,
      // `/` is answered below with the other paths of the app, so it can carry the preload.
      index: false,
      cacheControl: false,
      // The build writes file.br and file.gz beside each file worth it (apps/web/scripts/
      // precompress.mjs): sent as they are, by the request's Accept-Encoding; the plain file
      // otherwise.
      preCompressed: true,
      // Hashed assets never change; index.html must always be fresh.
      setHeaders(res, path) {
        const hashed = relative(opts.webDistDir, path).startsWith(`assets${sep}`);
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        // The same URL is sent br, gzip or plain: caches must keep them apart.
        res.setHeader('vary', 'accept-encoding');
      },
    });
    app.get('/', sendIndex);
  } else {
    app.log.warn(`No web build at ${opts.webDistDir}: run "npm run build" to serve the app.`);
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path === '/api' || path.startsWith('/api/') || !['GET', 'HEAD'].includes(request.method)) {
      return reply
        .status(404)
        .send({ code: 'NOT_FOUND', message: `No API route for ${request.method} ${path}.` });
    }
    if (!hasBuild) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The Crewdesk web app has not been built yet. Run "npm run build", then restart.');
    }
    return sendIndex(request, reply);
  });
});
