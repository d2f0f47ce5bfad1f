import {
  localDateOf,
  CUSTOMER_DELETE_OUTCOMES,
  CUSTOMER_IMPORT_MAX_BYTES,
  CUSTOMERS_ROUTE_ROLES,
  customerImportBodySchema,
  customerImportPreviewBodySchema,
  customerImportPreviewSchema,
  customerImportResultSchema,
  customerInputSchema,
  customerListQuerySchema,
  customerListResponseSchema,
  customerSchema,
  customerSearchQuerySchema,
  IMPORT_TOO_LARGE,
  PICKER_ROLES,
} from '@crewdesk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { errorResponses } from '../../lib/openapi-responses.ts';
import { accountActorOf, requireSession } from '../../plugins/permissions.ts';
import { exportCustomersCsv, importCustomers, previewImport } from './customers-csv.service.ts';
import * as service from './customers.service.ts';

const idParams = z.object({ id: z.uuid('id must be a UUID') });

/** The Contacts screens (/customers): list, edit, delete, import, export. */
const contactManagers = { preHandler: requireSession({ roles: CUSTOMERS_ROUTE_ROLES }) };
/** Every dialog that picks a client: search, recent list, reading one, adding one. */
const clientPickers = { preHandler: requireSession({ roles: PICKER_ROLES }) };

/**
 * JSON escaping makes the body of a 5 MB file larger than the file: the body may be up to
 * twice that, and the file itself is checked against 5 MB after parsing.
 */
const IMPORT_BODY_LIMIT = 2 * CUSTOMER_IMPORT_MAX_BYTES + 64 * 1024;
const importBody = {
  bodyLimit: IMPORT_BODY_LIMIT,
  // Before reading a body too large to take: the clear message instead of Fastify's.
  onRequest: async (request: { headers: Record<string, string | string[] | undefined> }) => {
    const length = Number(request.headers['content-length'] ?? 0);
    if (length > IMPORT_BODY_LIMIT) throw new AppError('PAYLOAD_TOO_LARGE', IMPORT_TOO_LARGE);
  },
};

/** The business's day at `now`, for the export's file name. */
function today(now: Date, timeZone: string): string {
  return localDateOf(now, timeZone);
}

/** Contacts (the customers table) of the active business. */
export const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/customers',
    {
      schema: {
        tags: ['customers'],
        summary:
          'Contacts with search, filters, sort and keyset pages; total is exact up to 10,000 (totalCapped above)',
        querystring: customerListQuerySchema,
        response: { 200: customerListResponseSchema, ...errorResponses(400, 401, 403) },
      },
      ...contactManagers,
    },
    async (request) =>
      service.listCustomers(app.db, accountActorOf(request).accountId, request.query),
  );

  app.get(
    '/api/customers/search',
    {
      schema: {
        tags: ['customers'],
        summary:
          'At most 5 live contacts whose first name, last name, company or e-mail contains q (2+ characters, any case)',
        querystring: z.object({ q: z.string().optional() }),
        response: { 200: z.array(customerSchema), ...errorResponses(400, 401, 403) },
      },
      ...clientPickers,
    },
    async (request) => {
      const { accountId } = accountActorOf(request);
      // Validated here rather than by the route schema: the answer carries the spec's text as is.
      const parsed = customerSearchQuerySchema.safeParse(request.query);
      if (!parsed.success) {
        throw new AppError('BAD_REQUEST', parsed.error.issues[0]?.message ?? 'Invalid search.');
      }
      return service.searchCustomers(app.db, accountId, parsed.data.q);
    },
  );

  app.get(
    '/api/customers/recent',
    {
      schema: {
        tags: ['customers'],
        summary: 'The 5 newest live contacts (the search box before anything is typed)',
        response: { 200: z.array(customerSchema), ...errorResponses(401, 403) },
      },
      ...clientPickers,
    },
    async (request) => service.recentCustomers(app.db, accountActorOf(request).accountId),
  );

  app.get(
    '/api/customers/export',
    {
      config: { refusesTokens: true },
      schema: {
        tags: ['customers'],
        summary: 'Every live contact as CSV (header row, every field), streamed',
        produces: ['text/csv'],
        // The CSV stream (fastify pipes a stream as it is, without a serializer).
        response: { 200: z.any(), ...errorResponses(401, 403) },
      },
      ...contactManagers,
    },
    async (request, reply) => {
      const { accountId, timeZone } = accountActorOf(request);
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="contacts-${today(app.now(), timeZone)}.csv"`,
        )
        .send(exportCustomersCsv(app.db, accountId));
    },
  );

  app.post(
    '/api/customers/import/preview',
    {
      schema: {
        tags: ['customers'],
        summary:
          "A CSV file's headers, a suggested column for each field, its row count and first 5 rows",
        body: customerImportPreviewBodySchema,
        response: { 200: customerImportPreviewSchema, ...errorResponses(400, 401, 403, 413) },
      },
      ...importBody,
      ...contactManagers,
    },
    async (request) => {
      accountActorOf(request);
      return previewImport(request.body.csv);
    },
  );

  app.post(
    '/api/customers/import',
    {
      schema: {
        tags: ['customers'],
        summary:
          'Import contacts from CSV in one transaction: all-or-nothing, or exactly the valid rows; errors per row',
        body: customerImportBodySchema,
        response: { 200: customerImportResultSchema, ...errorResponses(400, 401, 403, 413) },
      },
      ...importBody,
      ...contactManagers,
    },
    async (request) => importCustomers(app.db, accountActorOf(request), request.body),
  );

  app.post(
    '/api/customers',
    {
      schema: {
        tags: ['customers'],
        summary: 'Add a contact (the contact dialog, also from a client picker)',
        body: customerInputSchema,
        response: { 201: customerSchema, ...errorResponses(400, 401, 403) },
      },
      ...clientPickers,
    },
    async (request, reply) => {
      const actor = accountActorOf(request);
      const customer = await service.createCustomer(app.db, actor, request.body);
      return reply.status(201).send(customer);
    },
  );

  app.get(
    '/api/customers/:id',
    {
      schema: {
        tags: ['customers'],
        summary: 'One contact (archived ones too: their details page stays reachable)',
        params: idParams,
        response: { 200: customerSchema, ...errorResponses(400, 401, 403, 404) },
      },
      ...clientPickers,
    },
    async (request) =>
      service.getCustomer(app.db, accountActorOf(request).accountId, request.params.id),
  );

  app.put(
    '/api/customers/:id',
    {
      schema: {
        tags: ['customers'],
        summary: 'Change a contact: every field of the contact dialog (and notes) is replaced',
        params: idParams,
        body: customerInputSchema,
        response: { 200: customerSchema, ...errorResponses(400, 401, 403, 404) },
      },
      ...contactManagers,
    },
    async (request) =>
      service.updateCustomer(
        app.db,
        accountActorOf(request).accountId,
        request.params.id,
        request.body,
      ),
  );

  app.delete(
    '/api/customers/:id',
    {
      schema: {
        tags: ['customers'],
        summary:
          'Delete a contact; one with linked work (requests, jobs, invoices, inspections, sales opportunities) is archived',
        params: idParams,
        response: {
          200: z.object({ outcome: z.enum(CUSTOMER_DELETE_OUTCOMES) }),
          ...errorResponses(400, 401, 403, 404),
        },
      },
      ...contactManagers,
    },
    async (request) => ({
      outcome: await service.deleteCustomer(
        app.db,
        accountActorOf(request).accountId,
        request.params.id,
      ),
    }),
  );
};
