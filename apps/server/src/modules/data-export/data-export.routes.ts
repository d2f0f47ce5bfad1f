import { createReadStream } from 'node:fs';
import {
  DATA_EXPORT_ROLES,
  dataExportSchema,
  dataExportsSchema,
  dataImportQuerySchema,
  dataImportResultSchema,
} from '@crewdesk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { QUEUES, type JobQueue } from '../../background/queue.ts';
import { AppError } from '../../lib/app-error.ts';
import { errorResponses } from '../../lib/openapi-responses.ts';
import { accountActorOf, requireSession } from '../../plugins/permissions.ts';
import * as exports from './export.service.ts';
import * as imports from './import.service.ts';

const admins = { preHandler: requireSession({ roles: DATA_EXPORT_ROLES }) };
const tags = ['data'];
const idParams = z.object({ id: z.uuid('id must be an export id') });
const ARCHIVE_TYPES = ['application/zip', 'application/octet-stream'];

/** Export everything and import it back (issue 25): admins of the business. */
export const dataExportRoutes: FastifyPluginAsyncZod<{
  dataDir: string;
  jobs: JobQueue;
  importMaxBytes: number;
}> = async (app, opts) => {
  for (const type of ARCHIVE_TYPES)
    app.addContentTypeParser(
      type,
      { parseAs: 'buffer', bodyLimit: opts.importMaxBytes },
      (_req, body, done) => done(null, body),
    );

  app.post(
    '/api/data-export',
    {
      schema: {
        tags,
        summary: 'Export the whole business as one archive (made in the background)',
        response: { 202: dataExportSchema, ...errorResponses(401, 403) },
      },
      ...admins,
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(
          await exports.requestExport(app.db, accountActorOf(request), app.now(), (id) =>
            opts.jobs.send(QUEUES.dataExport, { id }),
          ),
        ),
  );

  app.get(
    '/api/data-export',
    {
      config: { refusesTokens: true },
      schema: {
        tags,
        summary: 'The business’s exports, with their progress',
        response: { 200: dataExportsSchema, ...errorResponses(401, 403) },
      },
      ...admins,
    },
    async (request) => exports.listExports(app.db, accountActorOf(request)),
  );

  app.get(
    '/api/data-export/:id/download',
    {
      config: { refusesTokens: true },
      schema: {
        tags,
        summary: 'Download a ready export archive (zip)',
        params: idParams,
        response: {
          200: z.any().describe('The archive (application/zip)'),
          ...errorResponses(401, 403, 404, 409, 410),
        },
      },
      ...admins,
    },
    async (request, reply) => {
      const path = await exports.downloadablePath(
        app.db,
        accountActorOf(request),
        request.params.id,
        app.now(),
        opts.dataDir,
      );
      return reply
        .header('content-type', 'application/zip')
        .header(
          'content-disposition',
          `attachment; filename="crewdesk-export-${request.params.id}.zip"`,
        )
        .header('cache-control', 'private, no-store')
        .send(createReadStream(path));
    },
  );

  app.delete(
    '/api/data-export/:id',
    {
      schema: {
        tags,
        summary: 'Delete an export archive',
        params: idParams,
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
      ...admins,
    },
    async (request, reply) => {
      await exports.deleteExport(app.db, accountActorOf(request), request.params.id, opts.dataDir);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/data-import',
    {
      schema: {
        tags,
        summary: 'Check (dryRun=true) or import an export archive into this empty business',
        querystring: dataImportQuerySchema,
        response: { 200: dataImportResultSchema, ...errorResponses(400, 401, 403, 409, 413, 415) },
      },
      ...admins,
    },
    async (request) => {
      if (!Buffer.isBuffer(request.body))
        throw new AppError(
          'UNSUPPORTED_MEDIA_TYPE',
          'Send the archive as the body, with Content-Type: application/zip.',
        );
      const bytes = new Uint8Array(request.body);
      const actor = accountActorOf(request);
      return request.query.dryRun
        ? imports.dryRunImport(app.db, actor, bytes)
        : imports.runImport({ db: app.db, dataDir: opts.dataDir, now: app.now() }, actor, bytes);
    },
  );
};
