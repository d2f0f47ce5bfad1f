import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built web app: its files, and index.html for every other non-API path so the
 * client router can answer it. Unknown /api paths get a JSON 404.
 */
export const spaPlugin = fp(async (app: FastifyInstance, opts: { webDistDir: string }) => {
  const hasBuild = existsSync(join(opts.webDistDir, 'index.html'));
  if (hasBuild) {
    // Keep the default wildcard mode: files added by a later build are served, not index.html.
    await app.register(fastifyStatic, {
      root: opts.webDistDir,
      index: ['index.html'],
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
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
});
