import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { migrationsFolder, type Database } from '../../db/client.ts';

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

const readySchema = z.object({
  ready: z.boolean(),
  database: z.enum(['up', 'down']),
  migrations: z.enum(['applied', 'pending', 'unknown']),
});

/** When the newest migration this build ships was made (drizzle records it once applied). */
function newestMigrationMillis(): number {
  const journal = JSON.parse(
    readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { when: number }[] };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

/** Whether the database holds every migration of this build (drizzle's own bookkeeping). */
async function migrationsApplied(database: Database, newest: number): Promise<boolean> {
  const result = await database.db.execute(
    sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`,
  );
  // Both drivers answer { rows } (node-postgres and PGlite).
  const { rows } = result as unknown as { rows: { newest: string | null }[] };
  return Number(rows[0]?.newest ?? 0) >= newest;
}

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

  const newestMigration = newestMigrationMillis();
  // Readiness for a load balancer or an orchestrator: send traffic once this answers 200.
  app.get(
    '/api/ready',
    {
      schema: {
        tags: ['system'],
        summary: 'Ready: the database answers and its migrations are applied',
        response: { 200: readySchema, 503: readySchema },
      },
      config: { rateLimit: false },
    },
    async (_request, reply) => {
      try {
        await opts.database.ping();
      } catch {
        return reply
          .status(503)
          .send({ ready: false, database: 'down' as const, migrations: 'unknown' as const });
      }
      const applied = await migrationsApplied(opts.database, newestMigration).catch(() => false);
      return reply.status(applied ? 200 : 503).send({
        ready: applied,
        database: 'up' as const,
        migrations: applied ? ('applied' as const) : ('pending' as const),
      });
    },
  );
};
