import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { asUser, type SignedInUser } from './build-app.ts';

/**
 * Adds the starter cleaning-quality template and starts an inspection of it for `customerId`
 * (and the visit `jobId`, when given) through the API as `user`; answers both ids.
 */
export async function startInspectionAs(
  app: FastifyInstance,
  user: SignedInUser,
  input: { customerId: string; jobId?: string },
): Promise<{ templateId: string; inspectionId: string }> {
  const template = await asUser(app, user, {
    method: 'POST',
    url: '/api/inspection-templates/starters/cleaning-quality',
  });
  expect(template.statusCode, template.body).toBe(201);
  const inspection = await asUser(app, user, {
    method: 'POST',
    url: '/api/inspections',
    payload: { templateId: template.json().id, ...input },
  });
  expect(inspection.statusCode, inspection.body).toBe(201);
  return { templateId: template.json().id, inspectionId: inspection.json().id };
}
