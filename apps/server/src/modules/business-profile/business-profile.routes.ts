import {
  BUSINESS_ADMIN_ROLES,
  businessProfileResponseSchema,
  businessProfileSchema,
  chooseTimeZoneSchema,
  DEFAULT_CURRENCY,
  DEFAULT_LOCALE,
  DEFAULT_PLAN,
  type BusinessProfileResponse,
} from '@crewdesk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/openapi-responses.ts';
import { accountActorOf, actorOf, requireSession } from '../../plugins/permissions.ts';
import { findAccountName } from '../accounts/index.ts';
import * as repo from './business-profile.repo.ts';

function emptyProfile(businessName: string, logoUrl: string | null): BusinessProfileResponse {
  return {
    businessName,
    businessDetails: null,
    industry: null,
    employeesCount: null,
    address: null,
    city: null,
    state: null,
    zip: null,
    phone: null,
    email: null,
    website: null,
    timeZone: 'UTC',
    currency: DEFAULT_CURRENCY,
    locale: DEFAULT_LOCALE,
    logoUrl,
    updatedAt: null,
  };
}

function toResponse(row: repo.BusinessDetailsRow, logoUrl: string | null): BusinessProfileResponse {
  return { ...row, logoUrl, updatedAt: row.updatedAt.toISOString() };
}

export const businessProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/business-profile',
    {
      schema: {
        tags: ['business'],
        summary:
          "The active business's details (name, contact, address, logo, time zone, currency, date and number format)",
        response: { 200: businessProfileResponseSchema, ...errorResponses(401, 403) },
      },
      preHandler: requireSession(),
    },
    async (request) => {
      const { accountId } = accountActorOf(request);
      const [row, logoUrl] = await Promise.all([
        repo.findDetails(app.db, accountId),
        repo.findLogo(app.db, accountId),
      ]);
      if (row) return toResponse(row, logoUrl);
      // Not filled in yet: the account's own name, everything else empty.
      return emptyProfile(await findAccountName(app.db, accountId), logoUrl);
    },
  );

  app.put(
    '/api/business-profile',
    {
      schema: {
        tags: ['business'],
        summary: "Save the active business's details (business admin rights)",
        body: businessProfileSchema,
        response: { 200: businessProfileResponseSchema, ...errorResponses(400, 401, 403) },
      },
      preHandler: requireSession({ roles: BUSINESS_ADMIN_ROLES }),
    },
    async (request) => {
      const { accountId } = accountActorOf(request);
      const row = await repo.upsertDetails(app.db, accountId, request.body);
      return toResponse(row, await repo.findLogo(app.db, accountId));
    },
  );

  app.put(
    '/api/business-profile/time-zone',
    {
      schema: {
        tags: ['business'],
        summary:
          "Choose the active business's time zone (business admin rights): the answer to the question asked once to a business that never chose",
        body: chooseTimeZoneSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403) },
      },
      preHandler: requireSession({ roles: BUSINESS_ADMIN_ROLES }),
    },
    async (request, reply) => {
      const { accountId } = accountActorOf(request);
      await repo.chooseTimeZone(app.db, accountId, {
        timeZone: request.body.timeZone,
        accountName: await findAccountName(app.db, accountId),
      });
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/plan',
    {
      schema: {
        tags: ['business'],
        summary: "The signed-in user's plan (self-hosted: Free, active)",
        response: {
          200: z.object({ plan: z.string(), status: z.string() }),
          ...errorResponses(401),
        },
      },
      preHandler: requireSession(),
    },
    async (request) => {
      const row = await repo.activeSubscription(app.db, actorOf(request).userId);
      return row
        ? { plan: row.plan, status: row.status }
        : { plan: DEFAULT_PLAN.plan, status: 'none' };
    },
  );
};
