import {
  BUSINESS_ADMIN_ROLES,
  EMPLOYMENT_STATUSES,
  employeeSchema,
  employeeUpdateSchema,
  invitationSchema,
  invitationSignUpSchema,
  memberRoleSchema,
  PICKER_ROLES,
  publicInvitationSchema,
  ROLES,
  TEAM_MANAGEMENT_ROLES,
  teamEmployeeSchema,
  teamInvitationSchema,
} from '@crewdesk/domain';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, errorResponses } from '../../lib/openapi-responses.ts';
import { accountActorOf, actorOf, requireSession } from '../../plugins/permissions.ts';
import * as invitations from './invitations.service.ts';
import * as service from './team.service.ts';

const acceptedResponse = z.object({
  accountId: z.uuid(),
  businessName: z.string(),
  role: z.enum(ROLES),
});

const idParams = z.object({ id: z.uuid('id must be a UUID') });
const userIdParams = z.object({ userId: z.uuid('userId must be a UUID') });

const teamReaders = { preHandler: requireSession({ roles: TEAM_MANAGEMENT_ROLES }) };
// Everyone whose dialogs pick an assignee (contacts, estimates, jobs), not only team managers.
const pickerUsers = { preHandler: requireSession({ roles: PICKER_ROLES }) };
const businessAdmins = { preHandler: requireSession({ roles: BUSINESS_ADMIN_ROLES }) };

/** Team and employees of the active business, and the invitations to join it. */
export const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(invitationRoutes);
  app.get(
    '/api/team/employees',
    {
      schema: {
        tags: ['team'],
        summary: "The business's employees by first name, with each login's role and status",
        querystring: z.object({
          limit: z.coerce
            .number('limit must be a number')
            .int('limit must be a whole number')
            .min(1, 'limit must be between 1 and 100')
            .max(100, 'limit must be between 1 and 100')
            .default(50),
          offset: z.coerce
            .number('offset must be a number')
            .int('offset must be a whole number')
            .min(0, 'offset cannot be negative')
            .max(1_000_000, 'offset can be at most 1,000,000')
            .default(0),
          status: z
            .enum(EMPLOYMENT_STATUSES, { error: "status must be 'active' or 'inactive'" })
            .optional(),
          /** Only the team leaders (whose crews people can join). */
          role: z.literal('team_leader', { error: "role must be 'team_leader'" }).optional(),
        }),
        response: {
          200: z.object({
            items: z.array(teamEmployeeSchema),
            total: z.number().int(),
            limit: z.number().int(),
            offset: z.number().int(),
            nextOffset: z.number().int().nullable(),
          }),
          ...errorResponses(400, 401, 403),
        },
      },
      ...teamReaders,
    },
    async (request) => service.listTeam(app.db, accountActorOf(request).accountId, request.query),
  );

  // Registered before '/api/team/employees/:id'; find-my-way prefers the static segment anyway.
  app.get(
    '/api/team/employees/options',
    {
      schema: {
        tags: ['team'],
        summary: "The team-member picker's choices: active employees by first name",
        response: {
          200: z.array(z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string() })),
          ...errorResponses(401, 403),
        },
      },
      ...pickerUsers,
    },
    async (request) => service.listEmployeeOptions(app.db, accountActorOf(request).accountId),
  );

  app.post(
    '/api/team/employees',
    {
      schema: {
        tags: ['team'],
        summary: 'Add an employee who does not sign in (name, contact, pay rate)',
        body: employeeSchema,
        response: { 201: teamEmployeeSchema, ...errorResponses(400, 401, 403) },
      },
      ...teamReaders,
    },
    async (request, reply) => {
      const { accountId } = accountActorOf(request);
      return reply.status(201).send(await service.createEmployee(app.db, accountId, request.body));
    },
  );

  app.get(
    '/api/team/employees/:id',
    {
      schema: {
        tags: ['team'],
        summary: "One employee's profile (/team/{id})",
        params: idParams,
        response: { 200: teamEmployeeSchema, ...errorResponses(400, 401, 403, 404) },
      },
      ...teamReaders,
    },
    async (request) =>
      service.getEmployee(app.db, accountActorOf(request).accountId, request.params.id),
  );

  app.patch(
    '/api/team/employees/:id',
    {
      schema: {
        tags: ['team'],
        summary: 'Change an employee (business admin rights); a login follows its status',
        params: idParams,
        body: employeeUpdateSchema,
        response: { 200: teamEmployeeSchema, ...errorResponses(400, 401, 403, 404) },
      },
      ...businessAdmins,
    },
    async (request) =>
      service.updateEmployee(app.db, accountActorOf(request), request.params.id, request.body),
  );

  app.patch(
    '/api/team/members/:userId',
    {
      schema: {
        tags: ['team'],
        summary: "Change a member's role (business admin rights; not the owner, not oneself)",
        params: userIdParams,
        body: memberRoleSchema,
        response: { 200: teamEmployeeSchema.nullable(), ...errorResponses(400, 401, 403, 404) },
      },
      ...businessAdmins,
    },
    async (request) => {
      const actor = accountActorOf(request);
      await service.changeMemberRole(app.db, actor, request.params.userId, request.body.role);
      return service.employeeOfMember(app.db, actor.accountId, request.params.userId);
    },
  );

  for (const [action, active] of [
    ['deactivate', false],
    ['reactivate', true],
  ] as const) {
    app.post(
      `/api/team/members/:userId/${action}`,
      {
        schema: {
          tags: ['team'],
          summary: active
            ? 'Reactivate a member: their login works in this business again'
            : 'Deactivate a member: their sessions stop acting for this business at once',
          params: userIdParams,
          response: { 200: teamEmployeeSchema.nullable(), ...errorResponses(400, 401, 403, 404) },
        },
        ...businessAdmins,
      },
      async (request) => {
        const actor = accountActorOf(request);
        await service.setMemberActive(app.db, actor, request.params.userId, active);
        return service.employeeOfMember(app.db, actor.accountId, request.params.userId);
      },
    );
  }

  // The invitee's side: the link's id is the secret, so reading it needs no session.
};

/** Invitations: the business's list, sending and cancelling them, and the invitee's answer. */
const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/team/invitations',
    {
      schema: {
        tags: ['team'],
        summary: 'Invitations not answered yet (expired ones marked), newest first',
        response: { 200: z.array(teamInvitationSchema), ...errorResponses(401, 403) },
      },
      ...teamReaders,
    },
    async (request) => invitations.listInvitations(app.db, accountActorOf(request).accountId),
  );

  app.post(
    '/api/team/invitations',
    {
      schema: {
        tags: ['team'],
        summary:
          'Invite an e-mail address with a role (not owner); a pending address is renewed, not duplicated',
        body: invitationSchema,
        response: {
          201: teamInvitationSchema,
          200: teamInvitationSchema,
          ...errorResponses(400, 401, 403, 409),
        },
      },
      ...teamReaders,
    },
    async (request, reply) => {
      const { invitation, renewed } = await invitations.inviteMember(
        { db: app.db, mailer: app.mailer, publicUrl: app.config.publicUrl },
        accountActorOf(request),
        request.body,
      );
      return reply.status(renewed ? 200 : 201).send(invitation);
    },
  );

  app.delete(
    '/api/team/invitations/:id',
    {
      schema: {
        tags: ['team'],
        summary: 'Cancel a pending invitation',
        params: idParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
      ...teamReaders,
    },
    async (request, reply) => {
      await invitations.cancelInvitation(
        app.db,
        accountActorOf(request).accountId,
        request.params.id,
      );
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/invitations/:id',
    {
      schema: {
        tags: ['invitations'],
        summary: 'An invitation as its link shows it: business, role, e-mail and status',
        params: idParams,
        response: { 200: publicInvitationSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => invitations.getPublicInvitation(app.db, request.params.id),
  );

  app.post(
    '/api/invitations/:id/accept',
    {
      schema: {
        tags: ['invitations'],
        summary:
          'Accept as the signed-in user (their e-mail must be the invitation’s); the session switches to the business',
        params: idParams,
        response: { 200: acceptedResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
      preHandler: requireSession(),
    },
    async (request) => {
      const actor = actorOf(request);
      return invitations.acceptInvitation(app.db, actor, request.params.id);
    },
  );

  app.post(
    '/api/invitations/:id/sign-up',
    {
      schema: {
        tags: ['invitations'],
        summary:
          'Create an account for the invitation’s e-mail, join the business and sign in (Set-Cookie)',
        params: idParams,
        body: invitationSignUpSchema,
        response: {
          200: acceptedResponse,
          ...errorResponses(404, 409),
          // A weak password lists its reasons.
          400: errorBodySchema.extend({ reasons: z.array(z.string()).optional() }),
        },
      },
      // A password is chosen here: limited like better-auth's sign-up.
      config: { rateLimit: { max: app.config.authRateLimitMax, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const headers = fromNodeHeaders(request.headers);
      headers.set('x-forwarded-for', request.ip);
      const { accepted, cookies } = await invitations.signUpFromInvitation(
        { db: app.db, auth: app.auth },
        request.params.id,
        request.body,
        headers,
      );
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return accepted;
    },
  );
};
