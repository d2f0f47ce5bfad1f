import {
  BUSINESS_ADMIN_ROLES,
  businessAccountSchema,
  FIELD_LIMITS,
  teamNameSchema,
  tooLongMessage,
} from '@crewdesk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountActorOf, actorOf, requireSession } from '../../plugins/permissions.ts';
import { errorResponses } from '../../lib/openapi-responses.ts';
import * as service from './accounts.service.ts';

const accountIdParams = z.object({ accountId: z.uuid('accountId must be a UUID') });

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/api/me/active-account',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Switch the business account this session acts for',
        body: z.object({ accountId: z.uuid('accountId must be a UUID') }),
        response: {
          200: z.object({ activeAccountId: z.uuid() }),
          ...errorResponses(400, 401, 404),
        },
      },
      preHandler: requireSession(),
    },
    async (request) => {
      const actor = actorOf(request);
      await service.switchActiveAccount(app.db, {
        userId: actor.userId,
        sessionId: actor.sessionId,
        accountId: request.body.accountId,
      });
      return { activeAccountId: request.body.accountId };
    },
  );

  app.get(
    '/api/me/business-id',
    {
      schema: {
        tags: ['accounts'],
        summary: 'The business account this session acts for (get_current_user_business_id)',
        response: { 200: z.object({ accountId: z.uuid().nullable() }), ...errorResponses(401) },
      },
      preHandler: requireSession(),
    },
    async (request) => ({ accountId: actorOf(request).accountId }),
  );

  app.get(
    '/api/accounts/current/members/:userId',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Whether a user belongs to the active business account (is_account_member)',
        params: z.object({ userId: z.uuid('userId must be a UUID') }),
        response: { 200: z.object({ isMember: z.boolean() }), ...errorResponses(400, 401, 403) },
      },
      preHandler: requireSession(),
    },
    async (request) => {
      const { accountId } = accountActorOf(request);
      return { isMember: await service.isAccountMember(app.db, accountId, request.params.userId) };
    },
  );

  app.get(
    '/api/accounts',
    {
      schema: {
        tags: ['accounts'],
        summary: "The user's business accounts (get_user_business_accounts)",
        response: { 200: z.array(businessAccountSchema), ...errorResponses(401) },
      },
      preHandler: requireSession(),
    },
    async (request) => service.listBusinessAccountsWithDetails(app.db, actorOf(request).userId),
  );

  app.post(
    '/api/accounts',
    {
      schema: {
        tags: ['accounts'],
        summary:
          'Create a team account owned by the user (create_account); the session switches to it',
        body: z.object({ name: teamNameSchema }),
        response: { 201: businessAccountSchema, ...errorResponses(400, 401) },
      },
      preHandler: requireSession(),
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const account = await service.createBusinessAccount(app.db, {
        userId: actor.userId,
        name: request.body.name,
      });
      await service.switchActiveAccount(app.db, {
        userId: actor.userId,
        sessionId: actor.sessionId,
        accountId: account.account_id,
      });
      return reply.status(201).send(account);
    },
  );

  app.get(
    '/api/accounts/:accountId',
    {
      schema: {
        tags: ['accounts'],
        summary: 'One business account the user belongs to',
        params: accountIdParams,
        response: { 200: businessAccountSchema, ...errorResponses(400, 401, 404) },
      },
      preHandler: requireSession(),
    },
    async (request) =>
      service.getAccount(app.db, actorOf(request).userId, request.params.accountId),
  );

  app.patch(
    '/api/accounts/current',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Rename the active business account (business admin rights)',
        body: z.object({
          name: z
            .string()
            .trim()
            .min(1, 'Account name is required.')
            .max(
              FIELD_LIMITS.text.businessName,
              tooLongMessage('Account name', FIELD_LIMITS.text.businessName),
            ),
        }),
        response: { 200: businessAccountSchema, ...errorResponses(400, 401, 403) },
      },
      preHandler: requireSession({ roles: BUSINESS_ADMIN_ROLES }),
    },
    async (request) => {
      const actor = accountActorOf(request);
      await service.renameBusinessAccount(app.db, actor.accountId, request.body.name);
      return service.getAccount(app.db, actor.userId, actor.accountId);
    },
  );
};
