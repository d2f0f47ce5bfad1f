import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  uptimeSeconds: z.number(),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    status: z.enum(['up', 'down']),
    latencyMs: z.number().nullable(),
  }),
});

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database; version: string }> = async (
  app,
  opts,
) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database state',
        response: { 200: healthSchema, 503: healthSchema },
      },
      config: { rateLimit: false },
    },
    async (_request, reply) => {
      const base = { version: opts.version, uptimeSeconds: Math.round(process.uptime()) };
      try {
        const { latencyMs } = await opts.database.ping();
        return {
          ...base,
          status: 'ok' as const,
          database: { kind: opts.database.kind, status: 'up' as const, latencyMs },
        };
      } catch (error) {
        app.log.error({ err: error }, 'health: database unreachable');
        return reply.status(503).send({
          ...base,
          status: 'degraded' as const,
          database: { kind: opts.database.kind, status: 'down' as const, latencyMs: null },
        });
      }
    },
  );
};
