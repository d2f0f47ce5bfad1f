import {
  inspectionTemplateInputSchema,
  inspectionTemplateListQuerySchema,
  inspectionTemplateListSchema,
  inspectionTemplateSchema,
  STARTER_TEMPLATE_KEYS,
} from '@crewdesk/domain';
import { z } from 'zod';
import { errorResponses } from '../../lib/openapi-responses.ts';
import { accountActorOf } from '../../plugins/permissions.ts';
import * as templates from './inspection-templates.service.ts';
import { field, idParams, managers, tags } from './inspection-route-options.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The templates an inspection is made from: the business's own and the starters. */
export const inspectionTemplateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/inspection-templates',
    {
      schema: {
        tags,
        summary:
          "The business's templates (newest version of each) and the starters not adopted yet",
        querystring: inspectionTemplateListQuerySchema,
        response: { 200: inspectionTemplateListSchema, ...errorResponses(400, 401, 403) },
      },
      ...field,
    },
    (request) =>
      templates.listTemplates(
        app.db,
        accountActorOf(request),
        request.query.archived === undefined ? undefined : request.query.archived === 'true',
      ),
  );

  app.get(
    '/api/inspection-templates/:id',
    {
      schema: {
        tags,
        summary: 'One template version (any version: the one a past inspection started from too)',
        params: idParams,
        response: { 200: inspectionTemplateSchema, ...errorResponses(400, 401, 403, 404) },
      },
      ...field,
    },
    (request) => templates.getTemplate(app.db, accountActorOf(request), request.params.id),
  );

  app.post(
    '/api/inspection-templates',
    {
      schema: {
        tags,
        summary: 'Creates a template (version 1)',
        body: inspectionTemplateInputSchema,
        response: { 201: inspectionTemplateSchema, ...errorResponses(400, 401, 403) },
      },
      ...managers,
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await templates.createTemplate(app.db, accountActorOf(request), request.body, app.now()),
        ),
  );

  app.post(
    '/api/inspection-templates/starters/:key',
    {
      schema: {
        tags,
        summary: 'Adopts a starter template as one of the business’s own (once per starter)',
        params: z.object({
          key: z.enum(STARTER_TEMPLATE_KEYS, {
            error: `key must be one of ${STARTER_TEMPLATE_KEYS.join(', ')}`,
          }),
        }),
        response: { 201: inspectionTemplateSchema, ...errorResponses(400, 401, 403, 409) },
      },
      ...managers,
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await templates.useStarter(
            app.db,
            accountActorOf(request),
            request.params.key,
            app.now(),
          ),
        ),
  );

  app.put(
    '/api/inspection-templates/:id',
    {
      schema: {
        tags,
        summary:
          'Edits a template: a new version; inspections already started keep the version they copied',
        params: idParams,
        body: inspectionTemplateInputSchema,
        response: { 200: inspectionTemplateSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
      ...managers,
    },
    (request) =>
      templates.editTemplate(
        app.db,
        accountActorOf(request),
        request.params.id,
        request.body,
        app.now(),
      ),
  );

  for (const [action, archived] of [
    ['archive', true],
    ['restore', false],
  ] as const) {
    app.post(
      `/api/inspection-templates/:id/${action}`,
      {
        schema: {
          tags,
          summary: archived
            ? 'Archives a template: out of the pickers, kept for past inspections'
            : 'Restores an archived template',
          params: idParams,
          response: { 200: inspectionTemplateSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
        ...managers,
      },
      (request) =>
        templates.setArchived(
          app.db,
          accountActorOf(request),
          request.params.id,
          archived,
          app.now(),
        ),
    );
  }
};
