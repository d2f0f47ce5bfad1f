import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Answers smaller than this are sent as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

// @fastify/compress's own list (text, JSON, XML, octet-stream) plus PDFs: their text and tables compress,
// although their images and fonts mostly do not. text/calendar is text already.
const COMPRESSIBLE_TYPES =
  /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)text(?:;|$)|(?:\+|\/)xml(?:;|$)|octet-stream(?:;|$)|^application\/pdf(?:;|$)/u;

/**
 * Compresses answers on the fly (brotli or gzip, by the request's Accept-Encoding) once they
 * are over the threshold. The built web app's files are compressed at build time and served
 * as they are (plugins/spa.ts): a file that already has a Content-Encoding is left alone; one
 * without a variant (under 1 KB, or a plain `vite build`) is compressed here as a stream.
 * Register it before the routes: it hooks each route as it is added.
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  // Only answers: request bodies are read exactly as before (a compressed body is not inflated).
  app.addHook('onRoute', (route) => {
    route.decompress ??= false;
  });
  await app.register(compress, {
    global: true,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    // zstd only exists on Node 22+; brotli first, gzip for the rest.
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE_TYPES,
  });
});
