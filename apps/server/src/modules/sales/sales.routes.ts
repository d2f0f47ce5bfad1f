import {
  opportunityCreateSchema,
  opportunityDetailSchema,
  opportunityMoveSchema,
  opportunityNoteSchema,
  opportunitySummarySchema,
  opportunityUpdateSchema,
  SALES_MANAGER_ROLES,
  SALES_ROUTE_ROLES,
  salesBoardQuerySchema,
  salesBoardSchema,
  salesListQuerySchema,
  salesListSchema,
  salesOwnersSchema,
  salesSettingsInputSchema,
  salesSettingsSchema,
  sourceToCashQuerySchema,
  sourceToCashSchema,
} from '@crewdesk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/openapi-responses.ts';
import { accountActorOf, requireSession } from '../../plugins/permissions.ts';
import * as board from './sales-board.service.ts';
import * as figures from './sales-figures.service.ts';
import * as writes from './sales-writes.service.ts';
import * as service from './sales.service.ts';

const tags = ['sales'];
/** Spec section 6: /sales and /sales/{id} are for admins, managers and sales people. */
const sellers = { preHandler: requireSession({ roles: SALES_ROUTE_ROLES }) };
/** The pipeline's settings and the business's source-to-cash figures: managers. */
const managers = { preHandler: requireSession({ roles: SALES_MANAGER_ROLES }) };
const idParams = z.object({ id: z.uuid('id must be a UUID') });

/** The sales pipeline (issue 22): board, list, opportunity page, hand moves, settings, figures. */
export const salesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.db, now: app.now });

  app.get(
    '/api/sales/board',
    {
      schema: {
        tags,
        summary:
          'The board: five columns with their count, total and weighted total, and their first cards (403 for scope=team where the business shows sales people only their own)',
        querystring: salesBoardQuerySchema,
        response: { 200: salesBoardSchema, ...errorResponses(400, 401, 403) },
      },
      ...sellers,
    },
    (request) => board.board(deps(), accountActorOf(request), request.query),
  );

  app.get(
    '/api/sales/opportunities',
    {
      schema: {
        tags,
        summary:
          'The list view: opportunities newest first, filtered like the board, paged by cursor',
        querystring: salesListQuerySchema,
        response: { 200: salesListSchema, ...errorResponses(400, 401, 403) },
      },
      ...sellers,
    },
    (request) => board.list(deps(), accountActorOf(request), request.query),
  );

  app.post(
    '/api/sales/opportunities',
    {
      schema: {
        tags,
        summary: 'Opens an opportunity by hand for a contact (a phone call, a referral), in New',
        body: opportunityCreateSchema,
        response: { 201: opportunitySummarySchema, ...errorResponses(400, 401, 403, 404) },
      },
      ...sellers,
    },
    async (request, reply) =>
      reply.status(201).send(await writes.create(deps(), accountActorOf(request), request.body)),
  );

  app.get(
    '/api/sales/opportunities/:id',
    {
      schema: {
        tags,
        summary:
          'The opportunity page: contact, requests with their statuses, stage history and timeline',
        params: idParams,
        response: { 200: opportunityDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
      ...sellers,
    },
    (request) => board.detail(deps(), accountActorOf(request), request.params.id),
  );

  app.patch(
    '/api/sales/opportunities/:id',
    {
      schema: {
        tags,
        summary:
          'Changes the title, source, owner, expected value, follow-up or expected close date (null clears)',
        params: idParams,
        body: opportunityUpdateSchema,
        response: { 200: opportunitySummarySchema, ...errorResponses(400, 401, 403, 404) },
      },
      ...sellers,
    },
    (request) => writes.update(deps(), accountActorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/sales/opportunities/:id/move',
    {
      schema: {
        tags,
        summary:
          'Moves the opportunity by hand (lost needs one of the business’s reasons); 409 when already in that stage',
        params: idParams,
        body: opportunityMoveSchema,
        response: { 200: opportunitySummarySchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
      ...sellers,
    },
    (request) => writes.move(deps(), accountActorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/sales/opportunities/:id/notes',
    {
      schema: {
        tags,
        summary: 'Adds a note to the opportunity’s timeline',
        params: idParams,
        body: opportunityNoteSchema,
        response: {
          201: z.object({ id: z.uuid(), at: z.iso.datetime() }),
          ...errorResponses(400, 401, 403, 404),
        },
      },
      ...sellers,
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await writes.addNote(
            deps(),
            accountActorOf(request),
            request.params.id,
            request.body.body,
          ),
        ),
  );

  app.get(
    '/api/sales/owners',
    {
      schema: {
        tags,
        summary: 'The members who may own opportunities (the owner filter and picker)',
        response: { 200: salesOwnersSchema, ...errorResponses(401, 403) },
      },
      ...sellers,
    },
    (request) => figures.owners(deps(), accountActorOf(request)),
  );

  app.get(
    '/api/sales/settings',
    {
      schema: {
        tags,
        summary: 'The pipeline’s settings: team view, nudge days, lost reasons, probabilities',
        response: { 200: salesSettingsSchema, ...errorResponses(401, 403) },
      },
      ...sellers,
    },
    (request) => service.getSettings(deps(), accountActorOf(request)),
  );

  app.put(
    '/api/sales/settings',
    {
      schema: {
        tags,
        summary: 'Changes the pipeline’s settings (managers)',
        body: salesSettingsInputSchema,
        response: { 200: salesSettingsSchema, ...errorResponses(400, 401, 403) },
      },
      ...managers,
    },
    (request) => service.updateSettings(deps(), accountActorOf(request), request.body),
  );

  app.get(
    '/api/sales/source-to-cash',
    {
      schema: {
        tags,
        summary:
          'Per lead source: opportunities, win rate, median days to the first visit, money collected, with their definitions (managers)',
        querystring: sourceToCashQuerySchema,
        response: { 200: sourceToCashSchema, ...errorResponses(400, 401, 403) },
      },
      ...managers,
    },
    (request) => figures.sourceToCashFigures(deps(), accountActorOf(request), request.query),
  );
};
