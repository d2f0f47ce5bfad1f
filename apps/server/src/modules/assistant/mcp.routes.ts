import { formatMoney, localDateOf } from '@crewdesk/domain';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, unauthenticated } from '../../lib/app-error.ts';
import { errorResponses } from '../../lib/openapi-responses.ts';
import type { AccountActor } from '../../plugins/permissions.ts';
import { accountCurrency } from '../business-profile/index.ts';
import { actorForAccessToken } from '../identity/index.ts';
import { apiCaller } from './api-caller.ts';
import { ALL_TOOLS } from './assistant.routes.ts';
import * as service from './assistant.service.ts';
import { runTool, type AssistantTool, type ToolContext } from './tools.ts';

export interface McpRouteOptions {
  publicUrl: string;
  internalCallKey: string;
  version: string;
}

/**
 * POST /api/mcp: the assistant's tools over MCP (Streamable HTTP, stateless, JSON answers) for a
 * person's own assistant, with a personal access token (Settings). The tools read through the
 * API with that token, which answers GET requests only; a draft comes back as a proposal's text,
 * and nothing is created.
 */
export const mcpRoutes: FastifyPluginAsyncZod<McpRouteOptions> = async (app, opts) => {
  const origin = new URL(opts.publicUrl).origin;

  app.post(
    '/api/mcp',
    {
      schema: {
        tags: ['assistant'],
        summary:
          'MCP endpoint (Streamable HTTP): the read tools, and the draft tools as proposals only. Authorization: Bearer <access token>',
        body: z.unknown(),
        response: { ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const bearer = request.headers.authorization?.match(/^Bearer (\S+)$/)?.[1];
      const actor = bearer ? await actorForAccessToken(app.db, bearer) : null;
      // A token made only to read the API is not the assistant's.
      if (!actor?.accountId || !actor.scopes.includes('assistant')) throw unauthenticated();
      const accountActor = actor as AccountActor;
      const currency = await accountCurrency(app.db, accountActor.accountId);
      const context: ToolContext = {
        get: apiCaller(
          app,
          { authorization: `Bearer ${bearer}` },
          { origin, internalCallKey: opts.internalCallKey },
        ).get,
        role: actor.role,
        timeZone: actor.timeZone,
        today: localDateOf(app.now(), actor.timeZone),
        money: (minor) => formatMoney(minor, currency),
      };
      const server = new McpServer({ name: 'crewdesk', version: opts.version });
      for (const tool of ALL_TOOLS) registerTool(server, tool, context, accountActor);
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      reply.hijack();
      reply.raw.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(request.raw, reply.raw, request.body);
    },
  );

  // Stateless: no stream to resume and no session to end.
  for (const method of ['GET', 'DELETE'] as const)
    app.route({
      method,
      url: '/api/mcp',
      schema: { hide: true },
      handler: async () => {
        throw new AppError('BAD_REQUEST', 'This MCP endpoint is stateless: send POST requests.');
      },
    });

  function registerTool(
    server: McpServer,
    tool: AssistantTool,
    context: ToolContext,
    actor: AccountActor,
  ) {
    server.registerTool(
      tool.name,
      {
        title: tool.label,
        description:
          tool.kind === 'draft'
            ? `${tool.description} Over MCP this only describes the proposal; nothing is created.`
            : tool.description,
        inputSchema: tool.input as z.ZodObject,
        annotations: { readOnlyHint: true },
      },
      async (args: unknown) => {
        const { arguments: parsed, outcome } = await runTool(
          tool,
          JSON.stringify(args ?? {}),
          context,
        );
        await service.logToolCall(app.db, actor, 'mcp', tool.name, parsed, outcome);
        if (outcome.status !== 'ok')
          return { isError: true, content: [{ type: 'text', text: outcome.summary }] };
        const body = outcome.proposal
          ? {
              proposal: outcome.proposal.title,
              lines: outcome.proposal.lines,
              note: 'A proposal only: nothing was created. Confirm it in Crewdesk’s own assistant or screens.',
            }
          : { summary: outcome.summary, data: outcome.data };
        return { content: [{ type: 'text', text: JSON.stringify(body) }] };
      },
    );
  }
};
