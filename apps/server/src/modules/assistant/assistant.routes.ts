import {
  accessTokenInputSchema,
  accessTokenListSchema,
  assistantConnectionTestSchema,
  assistantSettingsInputSchema,
  assistantSettingsSchema,
  assistantStatusSchema,
  chatInputSchema,
  conversationDetailSchema,
  conversationListSchema,
  createdAccessTokenSchema,
  proposalSchema,
  toolLogListSchema,
  toolLogQuerySchema,
  formatMoney,
  type ChatStreamEvent,
} from '@crewdesk/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { errorResponses } from '../../lib/openapi-responses.ts';
import { accountActorOf, requireSession, type AccountActor } from '../../plugins/permissions.ts';
import { SESSION_COOKIE } from '../identity/index.ts';
import { apiCaller } from './api-caller.ts';
import * as repo from './assistant.repo.ts';
import * as service from './assistant.service.ts';
import { runChat, systemPrompt } from './chat.ts';
import { DRAFT_TOOLS } from './draft-tools.ts';
import { READ_TOOLS } from './read-tools.ts';
import type { ToolContext } from './tools.ts';

export interface AssistantRouteOptions {
  serverSecret: string;
  /** The app's own origin: Confirm's calls carry it, as the person's browser would. */
  publicUrl: string;
  internalCallKey: string;
  /** Chat messages a person may send a minute. */
  chatRateLimitMax: number;
}

const tags = ['assistant'];
const signedIn = { preHandler: requireSession() };
const idParams = z.object({ id: z.uuid('id must be a UUID') });

export const ALL_TOOLS = [...READ_TOOLS, ...DRAFT_TOOLS];

/** /ai-assistant: the chat, its history, its proposals; the model settings and access tokens. */
export const assistantRoutes: FastifyPluginAsyncZod<AssistantRouteOptions> = async (app, opts) => {
  const origin = new URL(opts.publicUrl).origin;

  app.get(
    '/api/assistant/status',
    {
      schema: {
        tags,
        summary: 'Whether the business has a model set up, and suggested questions for this role',
        response: { 200: assistantStatusSchema, ...errorResponses(401, 403) },
      },
      ...signedIn,
    },
    async (request) => service.status(app.db, accountActorOf(request)),
  );

  app.get(
    '/api/assistant/settings',
    {
      schema: {
        tags,
        summary: "The business's AI model (admins); the API key itself is never answered",
        response: { 200: assistantSettingsSchema, ...errorResponses(401, 403) },
      },
      ...signedIn,
    },
    async (request) => service.readSettings(app.db, accountActorOf(request), app.now()),
  );

  app.put(
    '/api/assistant/settings',
    {
      schema: {
        tags,
        summary: 'Sets the AI model: an OpenAI-compatible base URL, model, API key, daily budget',
        body: assistantSettingsInputSchema,
        response: { 200: assistantSettingsSchema, ...errorResponses(400, 401, 403) },
      },
      ...signedIn,
    },
    async (request) =>
      service.updateSettings(
        app.db,
        accountActorOf(request),
        request.body,
        opts.serverSecret,
        app.now(),
      ),
  );

  app.post(
    '/api/assistant/settings/test',
    {
      schema: {
        tags,
        summary: 'Test connection: the model answers, and returns a tool call when asked',
        response: { 200: assistantConnectionTestSchema, ...errorResponses(401, 403) },
      },
      ...signedIn,
    },
    async (request) => service.testConnection(app.db, accountActorOf(request), opts.serverSecret),
  );

  app.get(
    '/api/assistant/conversations',
    {
      schema: {
        tags,
        summary: "The signed-in person's conversations, newest first",
        response: { 200: conversationListSchema, ...errorResponses(401, 403) },
      },
      ...signedIn,
    },
    async (request) => service.listConversations(app.db, accountActorOf(request)),
  );

  app.get(
    '/api/assistant/conversations/:id',
    {
      schema: {
        tags,
        summary: 'One conversation with its messages, tool calls and proposals',
        params: idParams,
        response: { 200: conversationDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
      ...signedIn,
    },
    async (request) =>
      service.conversationDetail(app.db, accountActorOf(request), request.params.id),
  );

  app.delete(
    '/api/assistant/conversations/:id',
    {
      schema: {
        tags,
        summary: 'Deletes a conversation (the admins’ log of tool calls is kept)',
        params: idParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
      ...signedIn,
    },
    async (request, reply) => {
      await service.deleteConversation(app.db, accountActorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/assistant/chat',
    {
      schema: {
        tags,
        summary:
          'Asks the assistant: answers with a text/event-stream of text, tool calls and proposals',
        body: chatInputSchema,
        response: { ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
      config: {
        rateLimit: {
          max: opts.chatRateLimitMax,
          timeWindow: '1 minute',
          // Per person (their session), not per address: an office shares one address.
          keyGenerator: (request: FastifyRequest) =>
            `assistant:${request.cookies[SESSION_COOKIE] ?? request.ip}`,
        },
      },
      ...signedIn,
    },
    async (request, reply) => {
      const actor = accountActorOf(request);
      const chat = await service.prepareChat(
        app.db,
        actor,
        request.body,
        opts.serverSecret,
        app.now(),
      );
      await streamAnswer(request, reply, actor, chat, request.body.message);
    },
  );

  /** Writes the answer as server-sent events while the model and the tools work. */
  async function streamAnswer(
    request: FastifyRequest,
    reply: FastifyReply,
    actor: AccountActor,
    chat: service.PreparedChat,
    message: string,
  ) {
    const { conversation } = chat;
    const base = { accountId: actor.accountId, conversationId: conversation.id };
    await repo.insertMessage(app.db, { ...base, role: 'user', text: message });
    const answer = await repo.insertMessage(app.db, { ...base, role: 'assistant', text: '' });

    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-store',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
    });
    const abort = new AbortController();
    raw.on('close', () => abort.abort());
    const emit = (event: ChatStreamEvent) => {
      if (!raw.writableEnded) raw.write(`data: ${JSON.stringify(event)}\n\n`);
    };
    emit({ type: 'conversation', id: conversation.id, title: conversation.title });

    const api = apiCaller(
      app,
      { cookie: request.headers.cookie ?? '' },
      { origin, internalCallKey: opts.internalCallKey },
    );
    const context: ToolContext = {
      get: api.get,
      role: actor.role,
      timeZone: actor.timeZone,
      today: chat.today,
      money: (minor) => formatMoney(minor, chat.currency),
    };
    let text = '';
    let toolCalls: unknown[] = [];
    try {
      const result = await runChat({
        endpoint: chat.endpoint,
        tools: ALL_TOOLS,
        context,
        messages: [
          { role: 'system', content: systemPrompt(chat.person) },
          ...chat.history,
          { role: 'user', content: message },
        ],
        emit,
        signal: abort.signal,
        logCall: (tool, args, outcome) =>
          service.logToolCall(app.db, actor, 'chat', tool, args, outcome),
        propose: async (tool, proposal) => {
          const row = await repo.insertProposal(app.db, {
            ...base,
            userId: actor.userId,
            messageId: answer.id,
            tool: tool.name,
            ...proposal,
          });
          return { type: 'proposal', proposal: service.proposalView(row) };
        },
      });
      text = result.text;
      toolCalls = result.toolCalls;
      await service.recordUsage(app.db, actor.accountId, chat.today, result.tokens);
      emit({ type: 'done', messageId: answer.id });
    } catch (error) {
      const problem =
        error instanceof AppError
          ? error.message
          : 'The assistant stopped: something went wrong on our side. Please try again.';
      if (!(error instanceof AppError)) request.log.error({ err: error }, 'assistant chat failed');
      text = text || `⚠ ${problem}`;
      emit({ type: 'error', message: problem });
    } finally {
      await repo.finishMessage(app.db, actor.accountId, answer.id, { text, toolCalls });
      await repo.touchConversation(app.db, actor.accountId, conversation.id);
      raw.end();
    }
  }

  app.post(
    '/api/assistant/proposals/:id/confirm',
    {
      schema: {
        tags,
        summary: "Confirm: performs a draft's proposal through the normal API, with its checks",
        params: idParams,
        response: { 200: proposalSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
      ...signedIn,
    },
    async (request) =>
      service.confirmProposal(
        app.db,
        accountActorOf(request),
        request.params.id,
        apiCaller(
          app,
          { cookie: request.headers.cookie ?? '' },
          { origin, internalCallKey: opts.internalCallKey },
        ),
      ),
  );

  app.post(
    '/api/assistant/proposals/:id/dismiss',
    {
      schema: {
        tags,
        summary: 'Dismisses a proposal: nothing is changed',
        params: idParams,
        response: { 200: proposalSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
      ...signedIn,
    },
    async (request) => service.dismissProposal(app.db, accountActorOf(request), request.params.id),
  );

  app.get(
    '/api/assistant/log',
    {
      schema: {
        tags,
        summary: 'Every tool call and confirmation of the business, newest first (admins)',
        querystring: toolLogQuerySchema,
        response: { 200: toolLogListSchema, ...errorResponses(400, 401, 403) },
      },
      ...signedIn,
    },
    async (request) => service.toolLog(app.db, accountActorOf(request), request.query),
  );

  app.get(
    '/api/assistant/tokens',
    {
      config: { refusesTokens: true },
      schema: {
        tags,
        summary: "The signed-in person's access tokens for the MCP endpoint",
        response: { 200: accessTokenListSchema, ...errorResponses(401, 403) },
      },
      ...signedIn,
    },
    async (request) => service.listAccessTokens(app.db, accountActorOf(request)),
  );

  app.post(
    '/api/assistant/tokens',
    {
      schema: {
        tags,
        summary:
          "Creates an access token (read and propose only) with its scopes (the assistant's tools unless chosen); its secret is answered once",
        body: accessTokenInputSchema,
        response: { 200: createdAccessTokenSchema, ...errorResponses(400, 401, 403) },
      },
      ...signedIn,
    },
    async (request) => service.createAccessToken(app.db, accountActorOf(request), request.body),
  );

  app.delete(
    '/api/assistant/tokens/:id',
    {
      schema: {
        tags,
        summary: 'Revokes an access token at once',
        params: idParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
      ...signedIn,
    },
    async (request, reply) => {
      await service.revokeAccessToken(app.db, accountActorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
