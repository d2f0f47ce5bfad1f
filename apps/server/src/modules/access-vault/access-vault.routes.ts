import {
  accessEntryInputSchema,
  accessEntryListSchema,
  accessEntrySchema,
  accessEntryUpdateSchema,
  accessRevealInputSchema,
  accessRevealLogSchema,
  accessRevealSchema,
  VAULT_ADMIN_ROLES,
  VAULT_CREW_ROLES,
  visitAccessSchema,
} from '@crewdesk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/openapi-responses.ts';
import { accountActorOf, requireSession } from '../../plugins/permissions.ts';
import * as service from './access-vault.service.ts';

const tags = ['access-vault'];
/** Admins keep the vault (decision 040). */
const admins = { preHandler: requireSession({ roles: VAULT_ADMIN_ROLES }) };
/** Whoever works visits; the service then checks the assignment and the window. */
const crew = { preHandler: requireSession({ roles: VAULT_CREW_ROLES }) };
const idParams = z.object({ id: z.uuid('id must be a UUID') });

/** The access vault (issue 26): contacts' gate, lockbox and alarm codes and key notes. */
export const accessVaultRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): service.VaultDeps => ({
    db: app.db,
    now: app.now,
    vaultKey: app.config.vaultKey,
  });

  app.get(
    '/api/customers/:id/access-codes',
    {
      schema: {
        tags,
        summary: "A contact's access codes: their labels only (a code comes only by a reveal)",
        params: idParams,
        response: { 200: accessEntryListSchema, ...errorResponses(400, 401, 403, 404) },
      },
      ...admins,
    },
    async (request) => ({
      entries: await service.listEntries(deps(), accountActorOf(request), request.params.id),
    }),
  );
  app.post(
    '/api/customers/:id/access-codes',
    {
      schema: {
        tags,
        summary: 'Adds an access code to a contact (sealed at rest)',
        params: idParams,
        body: accessEntryInputSchema,
        response: { 201: accessEntrySchema, ...errorResponses(400, 401, 403, 404) },
      },
      ...admins,
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await service.addEntry(deps(), accountActorOf(request), request.params.id, request.body),
        ),
  );
  app.get(
    '/api/customers/:id/access-codes/reveals',
    {
      schema: {
        tags,
        summary: "Who revealed a contact's access codes, when and for which visit (newest first)",
        params: idParams,
        response: { 200: accessRevealLogSchema, ...errorResponses(400, 401, 403, 404) },
      },
      ...admins,
    },
    (request) => service.revealLog(deps(), accountActorOf(request), request.params.id),
  );
  app.put(
    '/api/access-codes/:id',
    {
      schema: {
        tags,
        summary: 'Changes an access code: its label, and its code when one is given',
        params: idParams,
        body: accessEntryUpdateSchema,
        response: { 200: accessEntrySchema, ...errorResponses(400, 401, 403, 404) },
      },
      ...admins,
    },
    (request) =>
      service.updateEntry(deps(), accountActorOf(request), request.params.id, request.body),
  );
  app.delete(
    '/api/access-codes/:id',
    {
      schema: {
        tags,
        summary: 'Deletes an access code; its reveal log stays',
        params: idParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
      ...admins,
    },
    async (request, reply) => {
      await service.deleteEntry(deps(), accountActorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  app.post(
    '/api/access-codes/:id/reveal',
    {
      schema: {
        tags,
        summary:
          'Reveals an access code and logs it: admins at any time, the crew of a visit there from an hour before it until it ends',
        params: idParams,
        body: accessRevealInputSchema,
        response: { 200: accessRevealSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
      ...crew,
    },
    async (request, reply) => {
      // A revealed code is never kept by a browser or a proxy.
      reply.header('cache-control', 'no-store');
      return service.revealEntry(
        deps(),
        accountActorOf(request),
        request.params.id,
        request.body.jobId,
      );
    },
  );
  app.get(
    '/api/jobs/:id/access',
    {
      schema: {
        tags,
        summary:
          "A visit's Access panel: its contact's code labels and whether this person may reveal them now",
        params: idParams,
        response: { 200: visitAccessSchema, ...errorResponses(400, 401, 403, 404) },
      },
      ...crew,
    },
    (request) => service.visitAccess(deps(), accountActorOf(request), request.params.id),
  );
};
