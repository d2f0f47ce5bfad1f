import {
  BUSINESS_ADMIN_ROLES,
  markReadSchema,
  notificationDefaultsSchema,
  notificationListQuerySchema,
  notificationPageSchema,
  notificationPreferencesSchema,
  notificationSettingsSchema,
  unreadCountSchema,
  type LiveEvent,
} from '@crewdesk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/openapi-responses.ts';
import { accountActorOf, requireSession } from '../../plugins/permissions.ts';
import type { LiveNotice } from './dispatcher.ts';
import * as repo from './events.repo.ts';
import type { LiveHub } from './live-hub.ts';
import * as service from './notifications.service.ts';

/** Events a reconnecting client is sent at most; beyond them it reloads what it shows. */
const CATCH_UP_LIMIT = 500;
/** A comment line this often keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 25_000;
/**
 * A stream ends after this long and the browser opens it again (EventSource reconnects by
 * itself, sending the last id): the session is checked anew, so a signed-out or deactivated
 * member stops receiving within this time even on a stream opened before.
 */
const STREAM_MAX_MS = 10 * 60 * 1000;

const tags = ['notifications'];

export const notificationRoutes: FastifyPluginAsyncZod<{
  smsAvailable: boolean;
  pushAvailable: boolean;
}> = async (app, options) => {
  const available = service.availableChannels({
    sms: options.smsAvailable,
    push: options.pushAvailable,
  });

  app.get(
    '/api/notifications',
    {
      schema: {
        tags,
        summary: "The signed-in member's notifications, newest first",
        querystring: notificationListQuerySchema,
        response: { 200: notificationPageSchema, ...errorResponses(400, 401, 403, 404) },
      },
      preHandler: requireSession(),
    },
    (request) => service.listNotifications(app.db, accountActorOf(request), request.query),
  );

  app.get(
    '/api/notifications/unread-count',
    {
      schema: {
        tags,
        summary: 'How many notifications are unread (counted up to 100)',
        response: { 200: unreadCountSchema, ...errorResponses(401, 403) },
      },
      preHandler: requireSession(),
    },
    async (request) => ({ unread: await service.unreadCount(app.db, accountActorOf(request)) }),
  );

  app.post(
    '/api/notifications/read',
    {
      schema: {
        tags,
        summary: 'Marks notifications read',
        body: markReadSchema,
        response: {
          200: z.object({ marked: z.number().int() }),
          ...errorResponses(400, 401, 403, 404),
        },
      },
      preHandler: requireSession(),
    },
    async (request) => ({
      marked: await service.markRead(app.db, accountActorOf(request), request.body.ids, app.now()),
    }),
  );

  app.post(
    '/api/notifications/read-all',
    {
      schema: {
        tags,
        summary: 'Marks every notification read',
        response: { 200: z.object({ marked: z.number().int() }), ...errorResponses(401, 403) },
      },
      preHandler: requireSession(),
    },
    async (request) => ({
      marked: await service.markAllRead(app.db, accountActorOf(request), app.now()),
    }),
  );

  app.get(
    '/api/notifications/settings',
    {
      schema: {
        tags,
        summary: 'Which kinds reach the member on which channel',
        response: { 200: notificationSettingsSchema, ...errorResponses(401, 403) },
      },
      preHandler: requireSession(),
    },
    (request) => service.notificationSettings(app.db, accountActorOf(request), available),
  );

  app.get(
    '/api/notifications/defaults',
    {
      schema: {
        tags,
        summary: "The business's defaults: what a member who chose nothing gets (admins)",
        response: { 200: notificationSettingsSchema, ...errorResponses(401, 403) },
      },
      preHandler: requireSession({ roles: BUSINESS_ADMIN_ROLES }),
    },
    (request) => service.accountDefaults(app.db, accountActorOf(request), available),
  );

  app.put(
    '/api/notifications/defaults',
    {
      schema: {
        tags,
        summary: "Saves the business's defaults (a member's own choice still wins)",
        body: notificationDefaultsSchema,
        response: { 200: notificationSettingsSchema, ...errorResponses(400, 401, 403) },
      },
      preHandler: requireSession({ roles: BUSINESS_ADMIN_ROLES }),
    },
    (request) =>
      service.saveAccountDefaults(app.db, accountActorOf(request), request.body, available),
  );

  app.put(
    '/api/notifications/settings',
    {
      schema: {
        tags,
        summary: "Saves the member's own choices (kinds × channels) and the daily digest",
        body: notificationPreferencesSchema,
        response: { 200: notificationSettingsSchema, ...errorResponses(400, 401, 403) },
      },
      preHandler: requireSession(),
    },
    (request) =>
      service.saveNotificationSettings(app.db, accountActorOf(request), request.body, available),
  );
};

/**
 * GET /api/live: server-sent events of the ledger for the signed-in member (ids only). A client
 * sending Last-Event-ID (the browser does on reconnect) first gets what it missed.
 */
export const liveRoutes: FastifyPluginAsyncZod<{ hub: LiveHub }> = async (app, { hub }) => {
  app.get(
    '/api/live',
    {
      config: { refusesTokens: true },
      schema: {
        tags,
        summary: 'Live updates: a text/event-stream of ledger events (ids only) the member may see',
        headers: z.object({
          'last-event-id': z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
        }),
        querystring: z.object({
          after: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
        }),
        response: { ...errorResponses(400, 401, 403) },
      },
      preHandler: requireSession(),
    },
    async (request, reply) => {
      const actor = accountActorOf(request);
      const viewer = { userId: actor.userId, role: actor.role };
      const after = request.headers['last-event-id'] ?? request.query.after;
      const missed =
        after === undefined
          ? []
          : await repo.eventsSince(app.db, actor.accountId, viewer, after, CATCH_UP_LIMIT);
      const start = after === undefined ? await repo.lastSeq(app.db, actor.accountId) : null;

      // The stream is written by hand: no compression, no serializer, no buffering proxy.
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      const write = (event: LiveEvent, notified = false) =>
        raw.write(
          `id: ${event.seq}\nevent: ledger\ndata: ${JSON.stringify({ ...event, notified })}\n\n`,
        );
      // Tells the client where it stands, so its first reconnect asks for what follows.
      raw.write(`retry: 2000\n`);
      if (start !== null) raw.write(`id: ${start}\nevent: ready\ndata: {}\n\n`);
      for (const e of missed)
        write({
          seq: e.seq,
          type: e.type,
          subject: e.subject as LiveEvent['subject'],
          subjectId: e.subjectId,
          at: e.createdAt.toISOString(),
        });
      if (missed.length === CATCH_UP_LIMIT) raw.write(`event: reload\ndata: {}\n\n`);

      const remove = hub.add({
        accountId: actor.accountId,
        userId: actor.userId,
        role: actor.role,
        end: () => raw.end(),
        send: (notice: LiveNotice) =>
          write(
            {
              seq: notice.seq,
              type: notice.type,
              subject: notice.subject,
              subjectId: notice.subjectId,
              at: notice.at,
            },
            notice.notified.includes(actor.userId),
          ),
      });
      const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), HEARTBEAT_MS);
      const end = setTimeout(() => raw.end(), STREAM_MAX_MS);
      const close = () => {
        clearInterval(heartbeat);
        clearTimeout(end);
        remove();
      };
      raw.on('close', close);
    },
  );
};
