import {
  CLIENT_HUB_MESSAGES,
  CLIENT_HUB_TOKEN_PATTERN,
  clientHubAvailabilitySchema,
  CLIENT_HUB_STAFF_ROLES,
  clientHubCodeRequestSchema,
  clientHubCodeSentSchema,
  clientHubLinkSchema,
  clientHubRequestWorkSchema,
  clientHubRevokeResponseSchema,
  clientHubSchema,
  clientHubSettingsResponseSchema,
  clientHubSettingsSchema,
  clientHubVerifySchema,
} from '@crewdesk/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PUBLIC_FORM_RATE_LIMIT_WINDOW } from '../../config.ts';
import { errorResponses } from '../../lib/openapi-responses.ts';
import { privateAnswer } from '../../lib/share-links.ts';
import { accountActorOf, requireSession } from '../../plugins/permissions.ts';
import { businessLogoReader } from '../business-profile/index.ts';
import type { TextMessenger } from '../sms/index.ts';
import * as staff from './client-hub-staff.service.ts';
import * as hubView from './client-hub-view.service.ts';
import * as service from './client-hub.service.ts';

/** The client's session cookie: only the hub's own endpoints ever receive it. */
export const HUB_COOKIE = 'crewdesk_hub';
const HUB_COOKIE_PATH = '/api/public/hub';

// Any text up to a sane length: a malformed token answers the same 404 as an unknown one.
const tokenParams = z.object({ token: z.string().max(100) });
const strictTokenParams = z.object({
  token: z.string().regex(CLIENT_HUB_TOKEN_PATTERN, CLIENT_HUB_MESSAGES.linkNotFound),
});
const visitParams = z.object({ id: z.uuid('id must be a UUID') });
const contactParams = z.object({ id: z.uuid('id must be a UUID') });
const logoQuery = z.object({ link: z.string().max(100).optional() });
const staffRoles = { preHandler: requireSession({ roles: CLIENT_HUB_STAFF_ROLES }) };

/**
 * The client's hub (decision 041): reached from any share link, opened by a code sent to the
 * contact's e-mail or phone on file, then a short session in an httpOnly cookie. And the
 * business's side: the preview as the client, revoking every link of a contact, the lifetime.
 */
export const clientHubRoutes: FastifyPluginAsyncZod<{ texter: TextMessenger }> = async (
  app,
  opts,
) => {
  const readLogo = businessLogoReader(app.config.dataDir);
  const secure = app.config.publicUrl.startsWith('https:');
  const base = (): service.HubDeps => ({ db: app.db, shares: app.shares, now: app.now() });
  const codeDeps = (request: FastifyRequest): service.CodeDeps => ({
    ...base(),
    mailer: app.mailer,
    texter: opts.texter,
    publicUrl: app.config.publicUrl,
    secret: app.config.authSecret,
    log: request.log,
  });
  const cookieOf = (request: FastifyRequest): string | undefined => request.cookies[HUB_COOKIE];
  const session = (request: FastifyRequest) => service.requireHubSession(base(), cookieOf(request));
  // Codes are guessed and sent from here: a tight limit per client, as on the public forms.
  const publicLimit = {
    rateLimit: {
      max: app.config.publicFormRateLimitMax,
      timeWindow: PUBLIC_FORM_RATE_LIMIT_WINDOW,
    },
  };
  const clearCookie = (reply: FastifyReply) =>
    reply.clearCookie(HUB_COOKIE, {
      path: HUB_COOKIE_PATH,
      httpOnly: true,
      sameSite: 'lax',
      secure,
    });

  app.get(
    '/api/public/hub/links/:token',
    {
      schema: {
        tags: ['public'],
        summary:
          "What a share link opens before the code: the business, the link's document and where a code can be sent (masked)",
        params: tokenParams,
        response: { 200: clientHubLinkSchema, ...errorResponses(404) },
      },
    },
    async (request, reply) =>
      privateAnswer(reply).send(
        await service.linkInfo(base(), request.params.token, cookieOf(request)),
      ),
  );

  app.get(
    '/api/public/hub/links/:token/available',
    {
      schema: {
        tags: ['public'],
        summary:
          'Whether a share link opens the hub (its page then offers the way there); false for any link that does not',
        params: strictTokenParams,
        response: { 200: clientHubAvailabilitySchema, ...errorResponses(400) },
      },
    },
    async (request, reply) =>
      privateAnswer(reply).send(await service.linkAvailable(base(), request.params.token)),
  );

  app.post(
    '/api/public/hub/links/:token/code',
    {
      schema: {
        tags: ['public'],
        summary:
          "Send a one-time code to the contact's e-mail (or phone) on file; 429 when too many were asked for",
        params: tokenParams,
        body: clientHubCodeRequestSchema,
        response: { 202: clientHubCodeSentSchema, ...errorResponses(400, 404, 429) },
      },
      config: publicLimit,
    },
    async (request, reply) => {
      const sent = await service.sendCode(
        codeDeps(request),
        request.params.token,
        request.body.channel,
      );
      return privateAnswer(reply).status(202).send(sent);
    },
  );

  app.post(
    '/api/public/hub/links/:token/session',
    {
      schema: {
        tags: ['public'],
        summary:
          'Check the code: right, a short session starts (an httpOnly cookie) and the hub answers; wrong or expired 400, too many attempts 429',
        params: tokenParams,
        body: clientHubVerifySchema,
        response: { 200: clientHubSchema, ...errorResponses(400, 404, 429) },
      },
      config: publicLimit,
    },
    async (request, reply) => {
      const { cookieToken, expiresAt } = await service.verifyCode(
        codeDeps(request),
        request.params.token,
        request.body.code,
      );
      const hub = await hubView.clientHub(base(), {
        ...(await service.requireHubSession(base(), cookieToken)),
      });
      reply.setCookie(HUB_COOKIE, cookieToken, {
        path: HUB_COOKIE_PATH,
        httpOnly: true,
        sameSite: 'lax',
        secure,
        expires: expiresAt,
      });
      return privateAnswer(reply).send(hub);
    },
  );

  app.get(
    '/api/public/hub',
    {
      schema: {
        tags: ['public'],
        summary:
          "The client's hub: their quotes, visits, invoices and inspection reports (session cookie)",
        response: { 200: clientHubSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) =>
      privateAnswer(reply).send(await hubView.clientHub(base(), await session(request))),
  );

  app.get(
    '/api/public/hub/visits/:id/ics',
    {
      schema: {
        tags: ['public'],
        summary: "One of the client's visits as an .ics file (add to calendar)",
        params: visitParams,
        produces: ['text/calendar'],
        response: { 200: z.string(), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { ics, fileName } = await hubView.visitIcs(
        base(),
        await session(request),
        request.params.id,
      );
      return privateAnswer(reply)
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(ics);
    },
  );

  app.post(
    '/api/public/hub/request-work',
    {
      schema: {
        tags: ['public'],
        summary:
          "Request work from the hub: the public request form's use case with the contact's details on file",
        body: clientHubRequestWorkSchema,
        response: {
          201: z.object({ message: z.string() }),
          ...errorResponses(400, 401, 429),
        },
      },
      config: publicLimit,
    },
    async (request, reply) => {
      const hubSession = await session(request);
      await hubView.requestWork(
        { ...base(), mailer: app.mailer, publicUrl: app.config.publicUrl, log: request.log },
        hubSession,
        request.body,
      );
      return reply.status(201).send({ message: CLIENT_HUB_MESSAGES.requestSent });
    },
  );

  app.post(
    '/api/public/hub/sign-out',
    {
      schema: {
        tags: ['public'],
        summary: "End the client's hub session",
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.signOut(base(), cookieOf(request));
      return clearCookie(reply).status(204).send(null);
    },
  );

  app.get(
    '/api/public/hub/logo',
    {
      schema: {
        tags: ['public'],
        summary: "The hub's business logo, by its link or by the session",
        querystring: logoQuery,
        response: { 200: z.any(), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const logo = await hubView.hubLogo(
        { ...base(), readLogo },
        request.query.link,
        cookieOf(request),
      );
      return reply
        .header('content-type', logo.contentType)
        .header('cache-control', 'private, max-age=3600')
        .send(logo.bytes);
    },
  );

  // The business's side ----------------------------------------------------------------------

  app.get(
    '/api/customers/:id/client-hub',
    {
      schema: {
        tags: ['client-hub'],
        summary: "Preview a contact's hub exactly as the client sees it (read-only)",
        params: contactParams,
        response: { 200: clientHubSchema, ...errorResponses(400, 401, 403, 404) },
      },
      ...staffRoles,
    },
    async (request) => staff.previewHub(base(), accountActorOf(request), request.params.id),
  );

  app.post(
    '/api/customers/:id/client-hub/revoke-links',
    {
      schema: {
        tags: ['client-hub'],
        summary:
          'Revoke every link sent to a contact: its estimates, invoices and reports get new links, and its hub sessions end',
        params: contactParams,
        response: { 200: clientHubRevokeResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
      ...staffRoles,
    },
    async (request) => staff.revokeLinks(base(), accountActorOf(request), request.params.id),
  );

  app.get(
    '/api/client-hub/settings',
    {
      schema: {
        tags: ['client-hub'],
        summary: 'How many days a link sent to a client opens their hub',
        response: { 200: clientHubSettingsResponseSchema, ...errorResponses(401, 403) },
      },
      ...staffRoles,
    },
    async (request) => staff.getSettings(base(), accountActorOf(request)),
  );

  app.put(
    '/api/client-hub/settings',
    {
      schema: {
        tags: ['client-hub'],
        summary: 'Save how many days a link sent to a client opens their hub',
        body: clientHubSettingsSchema,
        response: { 200: clientHubSettingsResponseSchema, ...errorResponses(400, 401, 403) },
      },
      ...staffRoles,
    },
    async (request) => staff.saveSettings(base(), accountActorOf(request), request.body),
  );
};
