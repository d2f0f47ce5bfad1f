import { z } from 'zod';
import type { Role } from '../auth/roles.ts';
import { tooLongMessage } from '../schemas/field-limits.ts';

/**
 * The AI assistant (issue 24): a chat on a model the business chooses (any OpenAI-compatible
 * endpoint), whose tools are the app's own API called with the signed-in user's rights. A draft
 * tool never writes: it returns a proposal, and only the user's Confirm performs it.
 */

export const ASSISTANT_LIMITS = {
  message: 4000,
  baseUrl: 500,
  model: 200,
  apiKey: 500,
  tokenName: 100,
  /** Conversations listed per user (newest first). */
  conversations: 100,
  /** Messages kept in one conversation; older ones are still shown, not sent to the model. */
  historySentToModel: 20,
  dailyTokenBudget: { min: 1000, max: 100_000_000, default: 200_000 },
} as const;

const trimmed = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .max(max, { error: tooLongMessage(label, max) });

/** Settings > Integrations > AI model, as an admin sees it: the key itself never leaves the server. */
export const assistantSettingsSchema = z.object({
  configured: z.boolean(),
  baseUrl: z.string().nullable(),
  model: z.string().nullable(),
  apiKeySet: z.boolean(),
  dailyTokenBudget: z.number().int(),
  tokensUsedToday: z.number().int(),
});
export type AssistantSettings = z.output<typeof assistantSettingsSchema>;

export const assistantSettingsInputSchema = z.object({
  baseUrl: trimmed('Base URL', ASSISTANT_LIMITS.baseUrl)
    .min(1, { error: 'Base URL is required.' })
    .refine((v) => /^https?:\/\/[^\s/?#@]+(\/[^\s]*)?$/i.test(v), {
      error: 'Base URL must be an http or https address, such as http://localhost:11434/v1.',
    }),
  model: trimmed('Model', ASSISTANT_LIMITS.model).min(1, { error: 'Model is required.' }),
  /** Absent: keep the stored key. Empty: remove it. */
  apiKey: z
    .string()
    .max(ASSISTANT_LIMITS.apiKey, { error: tooLongMessage('API key', ASSISTANT_LIMITS.apiKey) })
    .optional(),
  dailyTokenBudget: z
    .number({ error: 'Daily token budget must be a number.' })
    .int({ error: 'Daily token budget must be a whole number.' })
    .min(ASSISTANT_LIMITS.dailyTokenBudget.min, {
      error: `Daily token budget must be at least ${ASSISTANT_LIMITS.dailyTokenBudget.min}.`,
    })
    .max(ASSISTANT_LIMITS.dailyTokenBudget.max, {
      error: `Daily token budget must be at most ${ASSISTANT_LIMITS.dailyTokenBudget.max}.`,
    })
    .default(ASSISTANT_LIMITS.dailyTokenBudget.default),
});
export type AssistantSettingsInput = z.input<typeof assistantSettingsInputSchema>;

/** "Test connection": did the endpoint answer, and did it return a tool call when asked to. */
export const assistantConnectionTestSchema = z.object({
  ok: z.boolean(),
  answered: z.boolean(),
  toolCall: z.boolean(),
  message: z.string(),
});
export type AssistantConnectionTest = z.output<typeof assistantConnectionTestSchema>;

/** How a tool's run ended, as the chat shows it. */
export const TOOL_CALL_STATUSES = ['ok', 'refused', 'invalid', 'error'] as const;
export type ToolCallStatus = (typeof TOOL_CALL_STATUSES)[number];

export const toolCallViewSchema = z.object({
  tool: z.string(),
  label: z.string(),
  status: z.enum(TOOL_CALL_STATUSES),
  summary: z.string(),
});
export type ToolCallView = z.output<typeof toolCallViewSchema>;

export const PROPOSAL_STATUSES = ['pending', 'confirmed', 'failed', 'dismissed'] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

/** A draft tool's card: what Confirm would create or change, with its figures. */
export const proposalSchema = z.object({
  id: z.uuid(),
  tool: z.string(),
  title: z.string(),
  lines: z.array(z.object({ label: z.string(), value: z.string() })),
  /** Confirming needs a person of a role the normal API accepts: shown, checked again there. */
  status: z.enum(PROPOSAL_STATUSES),
  /** After Confirm: what happened, and where to see it. */
  outcome: z.object({ message: z.string(), path: z.string().nullable() }).nullable(),
});
export type Proposal = z.output<typeof proposalSchema>;

export const assistantMessageSchema = z.object({
  id: z.uuid(),
  role: z.enum(['user', 'assistant']),
  text: z.string(),
  toolCalls: z.array(toolCallViewSchema),
  proposals: z.array(proposalSchema),
  createdAt: z.string(),
});
export type AssistantMessage = z.output<typeof assistantMessageSchema>;

export const conversationSummarySchema = z.object({
  id: z.uuid(),
  title: z.string(),
  updatedAt: z.string(),
});
export type ConversationSummary = z.output<typeof conversationSummarySchema>;

export const conversationListSchema = z.object({
  conversations: z.array(conversationSummarySchema),
});

export const conversationDetailSchema = conversationSummarySchema.extend({
  messages: z.array(assistantMessageSchema),
});
export type ConversationDetail = z.output<typeof conversationDetailSchema>;

export const chatInputSchema = z.object({
  conversationId: z.uuid({ error: 'conversationId must be a conversation id.' }).optional(),
  message: trimmed('Message', ASSISTANT_LIMITS.message).min(1, {
    error: 'Type a question or a request.',
  }),
});
export type ChatInput = z.output<typeof chatInputSchema>;

/**
 * POST /api/assistant/chat answers with a text/event-stream of these, one per `data:` line:
 * the conversation (first), text as it streams, each tool call, each proposal, then done or error.
 */
export const chatStreamEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('conversation'), id: z.uuid(), title: z.string() }),
  z.object({ type: z.literal('text'), delta: z.string() }),
  z.object({ type: z.literal('tool'), call: toolCallViewSchema }),
  z.object({ type: z.literal('proposal'), proposal: proposalSchema }),
  z.object({ type: z.literal('done'), messageId: z.uuid() }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type ChatStreamEvent = z.output<typeof chatStreamEventSchema>;

/** The admins' log of every tool call and confirmation. */
export const toolLogEntrySchema = z.object({
  id: z.uuid(),
  createdAt: z.string(),
  userName: z.string(),
  via: z.enum(['chat', 'mcp']),
  kind: z.enum(['call', 'confirm']),
  tool: z.string(),
  arguments: z.unknown(),
  status: z.enum([...TOOL_CALL_STATUSES, 'confirmed', 'failed']),
  result: z.string(),
});
export type ToolLogEntry = z.output<typeof toolLogEntrySchema>;

export const toolLogQuerySchema = z.object({
  before: z.iso.datetime({ error: 'before must be an ISO date-time.' }).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const toolLogListSchema = z.object({
  entries: z.array(toolLogEntrySchema),
  nextBefore: z.string().nullable(),
});

/** Personal access tokens for the MCP endpoint: one user, one business, read and propose only. */
/**
 * What a personal access token may do. `assistant`: the assistant's read tools over MCP (and the
 * reads they make inside the server), nothing else; `read`: the API's reads directly, outside the
 * few that never answer a token (exports, CSVs, the live stream, tokens and webhooks).
 */
export const ACCESS_TOKEN_SCOPES = ['assistant', 'read'] as const;
export type AccessTokenScope = (typeof ACCESS_TOKEN_SCOPES)[number];

export const ACCESS_TOKEN_SCOPE_LABELS: Record<AccessTokenScope, string> = {
  assistant: "The assistant's tools (MCP)",
  read: 'Read the API',
};

export const accessTokenSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  scopes: z.array(z.enum(ACCESS_TOKEN_SCOPES)),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type AccessToken = z.output<typeof accessTokenSchema>;

export const accessTokenListSchema = z.object({ tokens: z.array(accessTokenSchema) });

export const accessTokenInputSchema = z.object({
  name: trimmed('Name', ASSISTANT_LIMITS.tokenName).min(1, { error: 'Name the token.' }),
  /** Least by default: the assistant's tools only. */
  scopes: z
    .array(z.enum(ACCESS_TOKEN_SCOPES, { error: 'Scopes are assistant and read.' }))
    .min(1, { error: 'Choose what the token may do.' })
    .max(ACCESS_TOKEN_SCOPES.length, { error: 'Scopes are assistant and read.' })
    .default(['assistant'])
    .transform((scopes) => [...new Set(scopes)]),
});

/** The token's secret is shown once, in this answer; only its hash is stored. */
export const createdAccessTokenSchema = z.object({
  token: z.string(),
  accessToken: accessTokenSchema,
});

export const ACCESS_TOKEN_PREFIX = 'cdk_';

/** Where to start: the questions shown on an empty chat, by what the role may see. */
export function suggestedQuestions(role: Role): string[] {
  switch (role) {
    case 'team_member':
    case 'team_leader':
      return [
        'What are my visits today?',
        'What is on my schedule tomorrow?',
        'How many hours have I worked this week?',
      ];
    case 'sales_person':
      return [
        'Which requests are waiting for a quote?',
        'Quote a 3-bedroom, 2-bath weekly clean for a contact',
        'Find the contact named …',
      ];
    default:
      return [
        'Who owes me money?',
        'What is on the schedule today?',
        'Which requests are waiting for a quote?',
        'What was our revenue last month?',
        'Plan tomorrow’s unassigned visits',
      ];
  }
}

/** GET /api/assistant/status, for everyone signed in: whether a model is set, and where to start. */
export const assistantStatusSchema = z.object({
  configured: z.boolean(),
  suggestions: z.array(z.string()),
  /** Whether this person may change the model settings (admins), to say who to ask. */
  canConfigure: z.boolean(),
});
export type AssistantStatus = z.output<typeof assistantStatusSchema>;
