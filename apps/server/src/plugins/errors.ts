import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.ts';
import { WeakPasswordError } from '../lib/weak-password.ts';

/** One answer for every rate limit, the API's and better-auth's sign-in limit alike. */
export const RATE_LIMITED_BODY = {
  code: 'RATE_LIMITED',
  message: 'Too many requests. Please wait a moment and try again.',
} as const;

export interface ErrorBody {
  code: string;
  message: string;
  issues?: { path: string; message: string }[];
}

/**
 * Fastify's own answers to URLs it cannot route at all (a path that is not valid percent-encoded
 * UTF-8, such as the bytes of a lone surrogate): pass it as the `frameworkErrors` option so
 * they answer in the API's shape, `{ code, message }`, like every other client error.
 */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  void reply.status(status).send({ code: 'BAD_REQUEST', message: error.message });
}

/** One error handler for the whole API: AppError codes → status; 5xx details never leave the server. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof WeakPasswordError) {
      return reply
        .status(400)
        .send({ code: error.code, message: error.message, reasons: error.reasons });
    }
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ code: error.code, message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: v.message ?? 'Invalid value',
      }));
      const first = issues[0];
      const message = first
        ? first.path
          ? `${first.path}: ${first.message}`
          : first.message
        : 'Invalid request.';
      return reply.status(400).send({ code: 'BAD_REQUEST', message, issues } satisfies ErrorBody);
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send(RATE_LIMITED_BODY);
    }
    if (status === 415) {
      // Fastify's answer to a body of a type no parser of the route takes.
      return reply.status(415).send({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: `${error.message}. The API takes JSON bodies (Content-Type: application/json); uploads take the file's own type.`,
      });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, body too large, wrong content type).
      const code =
        status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST';
      return reply.status(status).send({ code, message: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(status >= 500 ? status : 500)
      .send({ code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' });
  });
});
