import { BUSINESS_ADMIN_ROLES, outboxPageSchema } from '@crewdesk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/openapi-responses.ts';
import { accountActorOf, requireSession } from '../../plugins/permissions.ts';

export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/mail/outbox',
    {
      schema: {
        tags: ['mail'],
        summary: "The business's e-mail: what was sent, kept (no SMTP configured) or failed",
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(100).default(50),
          before: z.iso.datetime('before must be an ISO date-time').optional(),
        }),
        response: {
          200: outboxPageSchema,
          ...errorResponses(400, 401, 403),
        },
      },
      preHandler: requireSession({ roles: BUSINESS_ADMIN_ROLES }),
    },
    async (request) => {
      const { accountId } = accountActorOf(request);
      const { limit, before } = request.query;
      const rows = await app.mailer.listForAccount(
        accountId,
        limit,
        before ? new Date(before) : undefined,
      );
      const items = rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        to: r.toAddress,
        subject: r.subject,
        status: r.status,
        attempts: r.attempts,
        lastError: r.lastError,
        links: r.links,
        createdAt: r.createdAt.toISOString(),
        sentAt: r.sentAt?.toISOString() ?? null,
      }));
      const last = items.at(-1);
      return { items, nextBefore: items.length === limit && last ? last.createdAt : null };
    },
  );
};
