import {
  photoShareableInputSchema,
  PROOF_LINK_ROLES,
  PROOF_SETTINGS_ROLES,
  proofAnswerInputSchema,
  proofSettingsInputSchema,
  proofSettingsSchema,
  sharedProofSchema,
  TEAM_MANAGEMENT_ROLES,
  visitProofSchema,
  type Role,
} from '@crewdesk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PUBLIC_FORM_RATE_LIMIT_WINDOW } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';
import { ImageStore } from '../../lib/image-store.ts';
import { errorResponses } from '../../lib/openapi-responses.ts';
import { privateAnswer } from '../../lib/share-links.ts';
import { accountActorOf, requireSession } from '../../plugins/permissions.ts';
import * as service from './visit-proofs.service.ts';

// Any text up to a sane length: a malformed token answers the same 404 as an unknown one.
const tokenParams = z.object({ token: z.string().max(100) });
const photoParams = z.object({
  token: z.string().max(100),
  photoId: z.uuid('photoId must be a UUID'),
});
const jobParams = z.object({ id: z.uuid('id must be a UUID') });
const jobPhotoParams = z.object({
  id: z.uuid('id must be a UUID'),
  photoId: z.uuid('photoId must be a UUID'),
});
/** Whoever works visits marks their photos (the service checks they work this one). */
const CREW_ROLES: readonly Role[] = [...TEAM_MANAGEMENT_ROLES, 'team_member'];

/** Proof of service (issue 26): the client's page by its token, and the office's side. */
export const visitProofRoutes: FastifyPluginAsyncZod<{ dataDir: string }> = async (app, opts) => {
  const photos = new ImageStore(opts.dataDir, 'job-photos');
  const deps = (): service.ProofDeps => ({
    db: app.db,
    now: app.now,
    publicUrl: app.config.publicUrl,
    shares: app.shares,
  });
  const answerLimit = {
    rateLimit: {
      max: app.config.publicFormRateLimitMax,
      timeWindow: PUBLIC_FORM_RATE_LIMIT_WINDOW,
    },
  };

  app.get(
    '/api/public/proof/:token',
    {
      schema: {
        tags: ['public'],
        summary:
          'A completed visit as its client sees it: arrival and departure times, the checklist, the shared photos, the inspection result',
        params: tokenParams,
        response: { 200: sharedProofSchema, ...errorResponses(404) },
      },
    },
    async (request, reply) =>
      privateAnswer(reply).send(await service.openProof(deps(), request.params.token)),
  );
  app.post(
    '/api/public/proof/:token/answer',
    {
      schema: {
        tags: ['public'],
        summary:
          'The client confirms the visit or reports a problem, once, within the business’s number of days (409 answered, 410 too late)',
        params: tokenParams,
        body: proofAnswerInputSchema,
        response: { 200: sharedProofSchema, ...errorResponses(400, 404, 409, 410, 429) },
      },
      config: answerLimit,
    },
    async (request, reply) =>
      privateAnswer(reply).send(
        await service.answerProof(deps(), request.params.token, request.body),
      ),
  );
  app.get(
    '/api/public/proof/:token/photos/:photoId',
    {
      schema: {
        tags: ['public'],
        summary: 'A photo the crew shared on the visit’s proof page',
        params: photoParams,
        response: { 200: z.any(), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const photo = await service.proofPhoto(deps(), request.params.token, request.params.photoId);
      const bytes = await photos.read(photo.fileName);
      if (!bytes) throw new AppError('NOT_FOUND', 'Photo not found.');
      return privateAnswer(reply).header('content-type', photo.contentType).send(bytes);
    },
  );

  app.get(
    '/api/jobs/:id/proof',
    {
      schema: {
        tags: ['visit-proofs'],
        summary:
          "A completed visit's proof of service page: its link and the client's answer (409 before completion)",
        params: jobParams,
        response: { 200: visitProofSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
      preHandler: requireSession({ roles: PROOF_LINK_ROLES }),
    },
    (request) => service.visitProof(deps(), accountActorOf(request), request.params.id),
  );
  app.put(
    '/api/jobs/:id/photos/:photoId/shareable',
    {
      schema: {
        tags: ['visit-proofs'],
        summary: "Marks a visit's photo to show the client on its proof page, or takes it back",
        params: jobPhotoParams,
        body: photoShareableInputSchema,
        response: {
          200: z.object({ id: z.uuid(), shareable: z.boolean() }),
          ...errorResponses(400, 401, 403, 404),
        },
      },
      preHandler: requireSession({ roles: CREW_ROLES }),
    },
    (request) =>
      service.setPhotoShareable(
        deps(),
        accountActorOf(request),
        request.params.id,
        request.params.photoId,
        request.body.shareable,
      ),
  );
  app.get(
    '/api/proof-of-service/settings',
    {
      schema: {
        tags: ['visit-proofs'],
        summary: 'How many days a client has to confirm a visit or report a problem',
        response: { 200: proofSettingsSchema, ...errorResponses(401, 403) },
      },
      preHandler: requireSession({ roles: PROOF_SETTINGS_ROLES }),
    },
    (request) => service.settings(app.db, accountActorOf(request)),
  );
  app.put(
    '/api/proof-of-service/settings',
    {
      schema: {
        tags: ['visit-proofs'],
        summary: 'Sets how many days a client has to answer (1 to 60)',
        body: proofSettingsInputSchema,
        response: { 200: proofSettingsSchema, ...errorResponses(400, 401, 403) },
      },
      preHandler: requireSession({ roles: PROOF_SETTINGS_ROLES }),
    },
    (request) => service.saveSettings(app.db, accountActorOf(request), request.body),
  );
};
