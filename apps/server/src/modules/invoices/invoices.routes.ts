import {
  customerBalanceSchema,
  BUSINESS_MANAGER_ROLES,
  idempotencyKeySchema,
  INVOICE_MESSAGES,
  INVOICES_ROUTE_ROLES,
  invoiceBatchSchema,
  invoiceDetailSchema,
  invoiceHistoryQuerySchema,
  invoiceHistoryResponseSchema,
  invoiceInputSchema,
  invoiceListQuerySchema,
  invoiceListResponseSchema,
  invoiceSettingsResponseSchema,
  invoiceSettingsSchema,
  invoiceSummarySchema,
  invoiceUpdateSchema,
  paymentDetailSchema,
  paymentInputSchema,
  paymentListQuerySchema,
  paymentListResponseSchema,
  sendInvoiceResponseSchema,
  sendInvoiceSchema,
} from '@crewdesk/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { errorResponses } from '../../lib/openapi-responses.ts';
import { accountActorOf, requireSession } from '../../plugins/permissions.ts';
import { businessLogoReader } from '../business-profile/index.ts';
import { requestFingerprint } from './idempotency.ts';
import * as payments from './invoice-payments.service.ts';
import * as sharing from './invoice-sharing.service.ts';
import * as work from './invoice-from-work.service.ts';
import * as service from './invoices.service.ts';

const idParams = z.object({ id: z.uuid('id must be a UUID') });
const invoiceRoles = { preHandler: requireSession({ roles: INVOICES_ROUTE_ROLES }) };
const settingsWriteRoles = { preHandler: requireSession({ roles: BUSINESS_MANAGER_ROLES }) };
const idempotencyHeaders = z.object({ 'idempotency-key': z.string().optional() });

/** The Idempotency-Key of a payment write, tied to the request it came with. */
function idempotencyOf(request: FastifyRequest): payments.IdempotencyScope {
  const raw = request.headers['idempotency-key'];
  if (typeof raw !== 'string' || raw.trim() === '')
    throw new AppError('BAD_REQUEST', INVOICE_MESSAGES.idempotencyMissing);
  const parsed = idempotencyKeySchema.safeParse(raw);
  if (!parsed.success) throw new AppError('BAD_REQUEST', parsed.error.issues[0]!.message);
  const path = request.url.split('?', 1)[0]!;
  return { key: parsed.data, fingerprint: requestFingerprint(request.method, path, request.body) };
}

/** Invoices, payments and their history, for the invoices route's roles (spec section 6). */
export const invoiceRoutes: FastifyPluginAsyncZod<{ onlinePayments: boolean }> = async (
  app,
  opts,
) => {
  const readLogo = businessLogoReader(app.config.dataDir);
  const deps = (): service.InvoiceDeps => ({
    db: app.db,
    publicUrl: app.config.publicUrl,
    shares: app.shares,
    now: app.now(),
    onlinePayments: opts.onlinePayments,
  });
  const sharingDeps = (request: FastifyRequest): sharing.SharingDeps => ({
    ...deps(),
    mailer: app.mailer,
    log: request.log,
  });

  app.get(
    '/api/invoices',
    {
      schema: {
        tags: ['invoices'],
        summary:
          'Invoices newest first: search on number and client, status (overdue read off the due date), client and issue dates; keyset pages; the outstanding and overdue totals',
        querystring: invoiceListQuerySchema,
        response: { 200: invoiceListResponseSchema, ...errorResponses(400, 401, 403) },
      },
      ...invoiceRoles,
    },
    async (request) => service.listInvoices(deps(), accountActorOf(request), request.query),
  );

  app.get(
    '/api/customers/:id/balance',
    {
      schema: {
        tags: ['invoices'],
        summary:
          "A contact's balance owed: the balance of their open invoices and the overdue part of it",
        params: idParams,
        response: { 200: customerBalanceSchema, ...errorResponses(400, 401, 403, 404) },
      },
      ...invoiceRoles,
    },
    async (request) => service.customerBalance(deps(), accountActorOf(request), request.params.id),
  );

  app.post(
    '/api/invoices',
    {
      schema: {
        tags: ['invoices'],
        summary:
          'Create an invoice (a draft with the next number); figures worked out by the server',
        body: invoiceInputSchema,
        response: { 201: invoiceDetailSchema, ...errorResponses(400, 401, 403) },
      },
      ...invoiceRoles,
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.createInvoice(deps(), accountActorOf(request), request.body)),
  );

  app.post(
    '/api/invoices/batch',
    {
      schema: {
        tags: ['invoices'],
        summary: 'One invoice for each of the given completed, uninvoiced jobs (all or none)',
        body: invoiceBatchSchema,
        response: {
          201: z.object({ items: z.array(invoiceSummarySchema) }),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
      ...invoiceRoles,
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await work.invoiceJobsBatch(deps(), accountActorOf(request), request.body.jobIds)),
  );

  app.get(
    '/api/invoiceable-jobs',
    {
      schema: {
        tags: ['invoices'],
        summary: 'Completed jobs no invoice bills yet (for batch invoicing)',
        response: {
          200: z.object({
            items: z.array(
              z.object({
                id: z.uuid(),
                title: z.string(),
                clientName: z.string(),
                completedAt: z.string().nullable(),
                priceCents: z.number().int(),
              }),
            ),
          }),
          ...errorResponses(401, 403),
        },
      },
      ...invoiceRoles,
    },
    async (request) => work.listInvoiceableJobs(app.db, accountActorOf(request)),
  );

  app.get(
    '/api/invoices/:id',
    {
      schema: {
        tags: ['invoices'],
        summary: 'One invoice with its payments, history, jobs and client link',
        params: idParams,
        response: { 200: invoiceDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
      ...invoiceRoles,
    },
    async (request) => service.getInvoice(deps(), accountActorOf(request), request.params.id),
  );

  app.put(
    '/api/invoices/:id',
    {
      schema: {
        tags: ['invoices'],
        summary:
          'Edit an invoice from the version the editor saw: 409 when someone else saved first, or when it is paid or void',
        params: idParams,
        body: invoiceUpdateSchema,
        response: { 200: invoiceDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
      ...invoiceRoles,
    },
    async (request) =>
      service.updateInvoice(deps(), accountActorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/invoices/:id/void',
    {
      schema: {
        tags: ['invoices'],
        summary: 'Void an invoice: it owes nothing more, keeps its number, frees its jobs',
        params: idParams,
        response: { 200: invoiceDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
      ...invoiceRoles,
    },
    async (request) => service.voidInvoice(deps(), accountActorOf(request), request.params.id),
  );

  app.post(
    '/api/invoices/:id/send',
    {
      schema: {
        tags: ['invoices'],
        summary: 'E-mail the invoice with the link to its client page',
        params: idParams,
        body: sendInvoiceSchema,
        response: { 200: sendInvoiceResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
      ...invoiceRoles,
    },
    async (request) =>
      sharing.sendInvoice(
        sharingDeps(request),
        accountActorOf(request),
        request.params.id,
        request.body,
      ),
  );

  app.get(
    '/api/invoices/:id/pdf',
    {
      schema: {
        tags: ['invoices'],
        summary: 'The invoice as a PDF download',
        params: idParams,
        produces: ['application/pdf'],
        response: { 200: z.any(), ...errorResponses(400, 401, 403, 404) },
      },
      ...invoiceRoles,
    },
    async (request, reply) => {
      const { pdf, fileName } = await sharing.staffInvoicePdf(
        deps(),
        accountActorOf(request),
        request.params.id,
        readLogo,
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(pdf);
    },
  );

  app.post(
    '/api/invoices/:id/payments',
    {
      schema: {
        tags: ['payments'],
        summary:
          'Record a payment (cash, check, card, bank transfer, other); needs an Idempotency-Key header: the same key never records twice',
        params: idParams,
        headers: idempotencyHeaders,
        body: paymentInputSchema,
        response: { 201: invoiceDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
      ...invoiceRoles,
    },
    async (request, reply) => {
      const answer = await payments.recordPayment(
        deps(),
        accountActorOf(request),
        request.params.id,
        request.body,
        idempotencyOf(request),
      );
      // 201 when recorded now, and the same 201 and body when the key was seen before.
      return reply.status(answer.statusCode as 201).send(answer.body);
    },
  );

  const undoSchema = (summary: string) => ({
    schema: {
      tags: ['payments'],
      summary,
      params: idParams,
      headers: idempotencyHeaders,
      response: { 200: invoiceDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    ...invoiceRoles,
  });
  const undo = async (request: FastifyRequest, id: string, how: 'remove' | 'refund') => {
    const answer = await payments.undoPayment(
      deps(),
      accountActorOf(request),
      id,
      how,
      idempotencyOf(request),
    );
    return answer.body;
  };

  app.delete(
    '/api/payments/:id',
    undoSchema(
      'Remove a payment entered by mistake (the balance returns); needs an Idempotency-Key',
    ),
    async (request) => undo(request, request.params.id, 'remove'),
  );

  app.post(
    '/api/payments/:id/refund',
    undoSchema('Mark a payment refunded (the balance returns); needs an Idempotency-Key'),
    async (request) => undo(request, request.params.id, 'refund'),
  );

  app.get(
    '/api/payments',
    {
      schema: {
        tags: ['payments'],
        summary: 'Payments newest first: search on invoice number and client, method, dates',
        querystring: paymentListQuerySchema,
        response: { 200: paymentListResponseSchema, ...errorResponses(400, 401, 403) },
      },
      ...invoiceRoles,
    },
    async (request) => payments.listPayments(deps(), accountActorOf(request), request.query),
  );

  app.get(
    '/api/payments/:id',
    {
      schema: {
        tags: ['payments'],
        summary: 'One payment with its invoice',
        params: idParams,
        response: { 200: paymentDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
      ...invoiceRoles,
    },
    async (request) => payments.getPayment(deps(), accountActorOf(request), request.params.id),
  );

  app.get(
    '/api/invoice-history',
    {
      schema: {
        tags: ['invoices'],
        summary: "The business's invoice and payment activity, newest first",
        querystring: invoiceHistoryQuerySchema,
        response: { 200: invoiceHistoryResponseSchema, ...errorResponses(400, 401, 403) },
      },
      ...invoiceRoles,
    },
    async (request) => service.listHistory(app.db, accountActorOf(request), request.query),
  );

  /** POST that turns another record (a job, a request) into an invoice: 201 with the invoice. */
  const invoiceFrom = (
    url: string,
    summary: string,
    create: typeof work.invoiceJob | typeof work.invoiceRequest,
  ) =>
    app.post(
      url,
      {
        schema: {
          tags: ['invoices'],
          summary,
          params: idParams,
          response: { 201: invoiceDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
        ...invoiceRoles,
      },
      async (request, reply) =>
        reply.status(201).send(await create(deps(), accountActorOf(request), request.params.id)),
    );
  invoiceFrom(
    '/api/jobs/:id/invoice',
    'Invoice a completed job in one click (its line items or its price)',
    work.invoiceJob,
  );
  invoiceFrom(
    '/api/requests/:id/invoice',
    'Convert an accepted estimate or quote into an invoice (once)',
    work.invoiceRequest,
  );

  app.get(
    '/api/invoice-settings',
    {
      schema: {
        tags: ['invoices'],
        summary: 'Numbering, defaults, payment instructions and reminders of the business',
        response: { 200: invoiceSettingsResponseSchema, ...errorResponses(401, 403) },
      },
      ...invoiceRoles,
    },
    async (request) => service.getSettings(deps(), accountActorOf(request)),
  );

  app.put(
    '/api/invoice-settings',
    {
      schema: {
        tags: ['invoices'],
        summary: 'Save the invoice settings (business manager rights)',
        body: invoiceSettingsSchema,
        response: { 200: invoiceSettingsResponseSchema, ...errorResponses(400, 401, 403) },
      },
      ...settingsWriteRoles,
    },
    async (request) => service.updateSettings(deps(), accountActorOf(request), request.body),
  );
};
