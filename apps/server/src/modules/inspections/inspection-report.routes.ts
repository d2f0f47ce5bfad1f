import {
  acceptFindingsInputSchema,
  findingsQuoteResultSchema,
  findingsToQuoteInputSchema,
  inspectionShareSchema,
  sendInspectionReportInputSchema,
  sendInspectionReportResponseSchema,
  sharedInspectionSchema,
} from '@crewdesk/domain';
import { z } from 'zod';
import { PUBLIC_FORM_RATE_LIMIT_WINDOW } from '../../config.ts';
import { errorResponses } from '../../lib/openapi-responses.ts';
import { clientOf, privateAnswer } from '../../lib/share-links.ts';
import { accountActorOf } from '../../plugins/permissions.ts';
import * as sharing from './inspection-sharing.service.ts';
import * as sharedReport from './shared-report.service.ts';
import {
  field,
  idParams,
  managers,
  sendPdf,
  tags,
  tokenParams,
} from './inspection-route-options.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inspectionDeps, type InspectionRouteParts } from './inspection-route-options.ts';

/** A finished inspection's report: its PDF, its share link, sending it, a quote from findings. */
export const inspectionReportRoutes: FastifyPluginAsyncZod<InspectionRouteParts> = async (
  app,
  parts,
) => {
  const { deps, sharingDeps } = inspectionDeps(app, parts);

  app.get(
    '/api/inspections/:id/report.pdf',
    {
      schema: {
        tags,
        summary: 'The report as its client gets it (no internal notes), as a PDF',
        params: idParams,
        produces: ['application/pdf'],
        response: { 200: z.any(), ...errorResponses(400, 401, 403, 404) },
      },
      ...field,
    },
    async (request, reply) =>
      sendPdf(
        reply,
        await sharedReport.reportPdf(
          sharingDeps(request),
          accountActorOf(request),
          request.params.id,
        ),
      ),
  );

  app.post(
    '/api/inspections/:id/share',
    {
      schema: {
        tags,
        summary: 'The report’s share link (made once; asking again gives the same live link)',
        params: idParams,
        response: { 200: inspectionShareSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
      ...managers,
    },
    (request) => sharing.shareReport(deps(), accountActorOf(request), request.params.id),
  );

  app.delete(
    '/api/inspections/:id/share',
    {
      schema: {
        tags,
        summary: 'Revokes the share link: it answers 404 from now on',
        params: idParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
      ...managers,
    },
    async (request, reply) => {
      await sharing.revokeReport(deps(), accountActorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/inspections/:id/send',
    {
      schema: {
        tags,
        summary: 'E-mails the report’s link to the client (the link is made if there is none)',
        params: idParams,
        body: sendInspectionReportInputSchema,
        response: {
          200: sendInspectionReportResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
      ...managers,
    },
    (request) =>
      sharing.sendReport(
        sharingDeps(request),
        accountActorOf(request),
        request.params.id,
        request.body,
      ),
  );

  app.post(
    '/api/inspections/:id/quote',
    {
      schema: {
        tags,
        summary:
          'Turns chosen findings into a draft quote under Requests; lines and prices come from the inspection',
        params: idParams,
        body: findingsToQuoteInputSchema,
        response: { 201: findingsQuoteResultSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
      ...managers,
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await sharing.draftQuoteFromFindings(
            deps(),
            accountActorOf(request),
            request.params.id,
            request.body.findingIds,
          ),
        ),
  );
};

/** The client's shared report (no session: the link's token is the key). */
export const sharedReportRoutes: FastifyPluginAsyncZod<InspectionRouteParts> = async (
  app,
  parts,
) => {
  const { deps, sharingDeps } = inspectionDeps(app, parts);

  const acceptLimit = {
    rateLimit: {
      max: app.config.publicFormRateLimitMax,
      timeWindow: PUBLIC_FORM_RATE_LIMIT_WINDOW,
    },
  };

  app.get(
    '/api/public/inspection-reports/:token',
    {
      schema: {
        tags: ['public'],
        summary: 'A shared inspection report by its link token (nothing internal)',
        params: tokenParams,
        response: { 200: sharedInspectionSchema, ...errorResponses(404) },
      },
    },
    async (request, reply) =>
      privateAnswer(reply).send(await sharedReport.openSharedReport(deps(), request.params.token)),
  );

  app.get(
    '/api/public/inspection-reports/:token/pdf',
    {
      schema: {
        tags: ['public'],
        summary: 'A shared inspection report as a PDF download',
        params: tokenParams,
        produces: ['application/pdf'],
        response: { 200: z.any(), ...errorResponses(404) },
      },
    },
    async (request, reply) =>
      sendPdf(
        privateAnswer(reply),
        await sharedReport.sharedReportPdf(sharingDeps(request), request.params.token),
      ),
  );

  app.get(
    '/api/public/inspection-reports/:token/photos/:photoId',
    {
      schema: {
        tags: ['public'],
        summary: 'A photo of a shared inspection report',
        params: tokenParams.extend({ photoId: z.uuid('photoId must be a UUID') }),
        response: { 200: z.any(), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const photo = await sharedReport.sharedPhoto(
        sharingDeps(request),
        request.params.token,
        request.params.photoId,
      );
      return privateAnswer(reply).header('content-type', photo.contentType).send(photo.bytes);
    },
  );

  app.get(
    '/api/public/inspection-reports/:token/logo',
    {
      schema: {
        tags: ['public'],
        summary: "The logo of a shared report's business (for its page and e-mail)",
        params: tokenParams,
        response: { 200: z.any(), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const logo = await sharedReport.sharedLogo(sharingDeps(request), request.params.token);
      return reply
        .header('content-type', logo.contentType)
        .header('cache-control', 'public, max-age=3600')
        .send(logo.bytes);
    },
  );

  app.post(
    '/api/public/inspection-reports/:token/accept',
    {
      schema: {
        tags: ['public'],
        summary:
          'The client ticks findings and types their name: an accepted quote with exactly those lines. 409 when accepted already',
        params: tokenParams,
        body: acceptFindingsInputSchema,
        response: { 200: sharedInspectionSchema, ...errorResponses(400, 404, 409, 429) },
      },
      config: acceptLimit,
    },
    async (request, reply) =>
      privateAnswer(reply).send(
        await sharedReport.acceptFindings(
          sharingDeps(request),
          request.params.token,
          request.body,
          clientOf(request),
        ),
      ),
  );
};
