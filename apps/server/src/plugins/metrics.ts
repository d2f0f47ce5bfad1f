import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** What /metrics reads at scrape time; app.ts passes them in (plugins import no module). */
export interface MetricsReaders {
  /** Jobs waiting in each pg-boss queue. */
  queueDepth(): Promise<Record<string, number>>;
  /** Mail messages waiting to be sent, and those that gave up. */
  mailOutbox(): Promise<{ queued: number; failed: number }>;
}

export interface MetricsOptions {
  token: string | undefined;
  readers: MetricsReaders;
}

/**
 * Prometheus metrics at /metrics, off unless METRICS_TOKEN is set: then a scrape must send it
 * as a bearer token. Off, /metrics answers 404 like any unknown path (and never the SPA).
 * One registry per app, so several apps in one test process do not share counters.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, opts: MetricsOptions) => {
  const { token } = opts;
  if (!token) {
    app.get('/metrics', { schema: { hide: true } }, (_request, reply) =>
      reply.status(404).send({ code: 'NOT_FOUND', message: 'Not found.' }),
    );
    return;
  }
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request durations by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  addScrapeTimeGauges(registry, opts.readers);

  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern (/api/customers/:id), never the raw URL: ids would explode the labels.
    const route = request.routeOptions.url ?? '(no route)';
    durations.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, token)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send({ code: 'UNAUTHORIZED', message: 'A valid metrics token is required.' });
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
});

function addScrapeTimeGauges(registry: Registry, readers: MetricsReaders): void {
  new Gauge({
    name: 'crewdesk_queue_depth',
    help: 'Jobs waiting in each background queue',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      for (const [queue, depth] of Object.entries(await readers.queueDepth())) {
        this.set({ queue }, depth);
      }
    },
  });
  new Gauge({
    name: 'crewdesk_mail_outbox',
    help: 'Mail messages queued for sending, and those that failed',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      const { queued, failed } = await readers.mailOutbox();
      this.set({ status: 'queued' }, queued);
      this.set({ status: 'failed' }, failed);
    },
  });
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
