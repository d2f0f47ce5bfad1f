import {
  acceptFindingsInputSchema,
  BUSINESS_MANAGER_ROLES,
  finishInspectionInputSchema,
  findingsQuoteResultSchema,
  findingsToQuoteInputSchema,
  inspectionAnswerInputSchema,
  inspectionDetailSchema,
  inspectionListQuerySchema,
  inspectionListResponseSchema,
  inspectionNotesInputSchema,
  inspectionPhotoQuerySchema,
  inspectionShareSchema,
  INSPECTIONS_ROUTE_ROLES,
  inspectionTemplateInputSchema,
  inspectionTemplateListQuerySchema,
  inspectionTemplateListSchema,
  inspectionTemplateSchema,
  sendInspectionReportInputSchema,
  sendInspectionReportResponseSchema,
  sharedInspectionSchema,
  startInspectionInputSchema,
  STARTER_TEMPLATE_KEYS,
} from '@crewdesk/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PUBLIC_FORM_RATE_LIMIT_WINDOW } from '../../config.ts';
import { acceptImageBodies, IMAGE_TYPES, imageOfBody, ImageStore } from '../../lib/image-store.ts';
import { errorResponses } from '../../lib/openapi-responses.ts';
import { PHOTO_MAX_UPLOAD_BYTES } from '../../lib/photos.ts';
import { clientOf, privateAnswer } from '../../lib/share-links.ts';
import { accountActorOf, requireSession } from '../../plugins/permissions.ts';
import { businessLogoReader } from '../business-profile/index.ts';
import * as sharing from './inspection-sharing.service.ts';
import * as templates from './inspection-templates.service.ts';
import * as service from './inspections.service.ts';

const tags = ['inspections'];
/** Spec section 6: /inspections is for admins, managers, team leaders and team members. */
const field = { preHandler: requireSession({ roles: INSPECTIONS_ROUTE_ROLES }) };
/** Templates, sharing and quoting: admins and managers. */
const managers = { preHandler: requireSession({ roles: BUSINESS_MANAGER_ROLES }) };

const idParams = z.object({ id: z.uuid('id must be a UUID') });
const itemParams = idParams.extend({
  itemKey: z.string().min(1).max(40, 'itemKey is at most 40 characters'),
});
const photoParams = idParams.extend({ photoId: z.uuid('photoId must be a UUID') });
// Any text up to a sane length: a malformed token answers the same 404 as an unknown one.
const tokenParams = z.object({ token: z.string().max(100) });
const detail = (...codes: Parameters<typeof errorResponses>) => ({
  200: inspectionDetailSchema,
  ...errorResponses(...codes),
});

function sendPdf(reply: FastifyReply, file: { pdf: Buffer; fileName: string }) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .send(file.pdf);
}

/** Inspections (issue 20): templates, inspections and their answers, the report, findings → quote. */
export const inspectionRoutes: FastifyPluginAsyncZod<{ dataDir: string }> = async (app, opts) => {
  const photos = new ImageStore(opts.dataDir, 'inspection-photos');
  acceptImageBodies(app, PHOTO_MAX_UPLOAD_BYTES);
  const readLogo = businessLogoReader(opts.dataDir);
  const deps = () => ({
    db: app.db,
    now: app.now,
    publicUrl: app.config.publicUrl,
    shares: app.shares,
  });
  const sharingDeps = (request: FastifyRequest): sharing.SharingDeps => ({
    ...deps(),
    mailer: app.mailer,
    log: request.log,
    photos,
    readLogo,
  });

  // ---- Templates ----

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

  // ---- Inspections ----

  app.get(
    '/api/inspections',
    {
      schema: {
        tags,
        summary:
          'Inspections, newest first, with filters (status, template, contact, inspector, visit, dates, score band), search and keyset pages',
        querystring: inspectionListQuerySchema,
        response: { 200: inspectionListResponseSchema, ...errorResponses(400, 401, 403) },
      },
      ...field,
    },
    (request) => service.listInspections(deps(), accountActorOf(request), request.query),
  );

  app.post(
    '/api/inspections',
    {
      schema: {
        tags,
        summary:
          'Starts an inspection on a visit or at a contact’s address; the template is copied into it',
        body: startInspectionInputSchema,
        response: { 201: inspectionDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
      ...field,
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.startInspection(deps(), accountActorOf(request), request.body)),
  );

  app.get(
    '/api/inspections/:id',
    {
      schema: {
        tags,
        summary: 'One inspection: its snapshot, answers, score, what is missing, findings',
        params: idParams,
        response: detail(400, 401, 403, 404),
      },
      ...field,
    },
    (request) => service.getInspection(deps(), accountActorOf(request), request.params.id),
  );

  app.put(
    '/api/inspections/:id/answers/:itemKey',
    {
      schema: {
        tags,
        summary: 'Saves one answer as given (the same answer again changes nothing new)',
        params: itemParams,
        body: inspectionAnswerInputSchema,
        response: detail(400, 401, 403, 404, 409),
      },
      ...field,
    },
    (request) =>
      service.saveAnswer(
        deps(),
        accountActorOf(request),
        request.params.id,
        request.params.itemKey,
        request.body,
      ),
  );

  app.patch(
    '/api/inspections/:id/notes',
    {
      schema: {
        tags,
        summary: 'The inspection’s notes (on the report) and internal notes (staff only)',
        params: idParams,
        body: inspectionNotesInputSchema,
        response: detail(400, 401, 403, 404, 409),
      },
      ...field,
    },
    (request) =>
      service.saveNotes(deps(), accountActorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/inspections/:id/answers/:itemKey/photos',
    {
      schema: {
        tags,
        summary:
          'Attach a photo to an item (PNG, JPEG or WebP up to 10 MB as the body); kept at most 1600 px',
        consumes: Object.keys(IMAGE_TYPES),
        params: itemParams,
        querystring: inspectionPhotoQuerySchema,
        response: detail(400, 401, 403, 404, 409, 413),
      },
      bodyLimit: PHOTO_MAX_UPLOAD_BYTES,
      ...field,
    },
    async (request) => {
      const { bytes } = imageOfBody(request.body);
      return service.addPhoto(
        { ...deps(), photos },
        accountActorOf(request),
        request.params.id,
        request.params.itemKey,
        bytes,
        request.query.clientId,
      );
    },
  );

  app.get(
    '/api/inspections/:id/photos/:photoId',
    {
      schema: {
        tags,
        summary: 'A photo of the inspection',
        params: photoParams,
        response: { 200: z.any(), ...errorResponses(400, 401, 403, 404) },
      },
      ...field,
    },
    async (request, reply) => {
      const photo = await service.readPhoto(
        app.db,
        photos,
        accountActorOf(request),
        request.params.id,
        request.params.photoId,
      );
      return reply
        .header('Content-Type', photo.contentType)
        .header('Cache-Control', 'private, max-age=86400, immutable')
        .send(photo.bytes);
    },
  );

  app.delete(
    '/api/inspections/:id/photos/:photoId',
    {
      schema: {
        tags,
        summary: 'Removes a photo while the inspection is open',
        params: photoParams,
        response: detail(400, 401, 403, 404, 409),
      },
      ...field,
    },
    (request) =>
      service.removePhoto(
        { ...deps(), photos },
        accountActorOf(request),
        request.params.id,
        request.params.photoId,
      ),
  );

  app.post(
    '/api/inspections/:id/finish',
    {
      schema: {
        tags,
        summary:
          'Finishes with the inspector’s signature: 400 while a required item is missing, 409 when finished already',
        params: idParams,
        body: finishInspectionInputSchema,
        response: detail(400, 401, 403, 404, 409),
      },
      ...field,
    },
    (request) =>
      service.finishInspection(deps(), accountActorOf(request), request.params.id, request.body),
  );

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
        await sharing.reportPdf(sharingDeps(request), accountActorOf(request), request.params.id),
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

  // ---- The client's shared report (no session: the link's token is the key) ----

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
      privateAnswer(reply).send(await sharing.openSharedReport(deps(), request.params.token)),
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
        await sharing.sharedReportPdf(sharingDeps(request), request.params.token),
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
      const photo = await sharing.sharedPhoto(
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
      const logo = await sharing.sharedLogo(sharingDeps(request), request.params.token);
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
        await sharing.acceptFindings(
          sharingDeps(request),
          request.params.token,
          request.body,
          clientOf(request),
        ),
      ),
  );
};
