import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ImageStore } from '../../lib/image-store.ts';
import type { StoredLogo } from '../business-profile/index.ts';
import {
  BUSINESS_MANAGER_ROLES,
  inspectionDetailSchema,
  INSPECTIONS_ROUTE_ROLES,
} from '@crewdesk/domain';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { errorResponses } from '../../lib/openapi-responses.ts';
import { requireSession } from '../../plugins/permissions.ts';
import type * as sharing from './inspection-sharing.service.ts';

export const tags = ['inspections'];
/** Spec section 6: /inspections is for admins, managers, team leaders and team members. */
export const field = { preHandler: requireSession({ roles: INSPECTIONS_ROUTE_ROLES }) };
/** Templates, sharing and quoting: admins and managers. */
export const managers = { preHandler: requireSession({ roles: BUSINESS_MANAGER_ROLES }) };

export const idParams = z.object({ id: z.uuid('id must be a UUID') });
export const itemParams = idParams.extend({
  itemKey: z.string().min(1).max(40, 'itemKey is at most 40 characters'),
});
export const photoParams = idParams.extend({ photoId: z.uuid('photoId must be a UUID') });
// Any text up to a sane length: a malformed token answers the same 404 as an unknown one.
export const tokenParams = z.object({ token: z.string().max(100) });
export const detail = (...codes: Parameters<typeof errorResponses>) => ({
  200: inspectionDetailSchema,
  ...errorResponses(...codes),
});

export function sendPdf(reply: FastifyReply, file: { pdf: Buffer; fileName: string }) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .send(file.pdf);
}

/** What the inspection routes' use cases are given: the app's parts and the module's stores. */
export interface InspectionRouteParts {
  photos: ImageStore;
  readLogo: (logoUrl: string | null) => Promise<StoredLogo | null>;
}

export function inspectionDeps(app: FastifyInstance, parts: InspectionRouteParts) {
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
    ...parts,
  });
  return { deps, sharingDeps };
}
