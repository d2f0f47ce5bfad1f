import { randomBytes } from 'node:crypto';
import {
  ACCESS_TOKEN_PREFIX,
  ASSISTANT_LIMITS,
  hasBusinessAdminRights,
  localDateOf,
  suggestedQuestions,
  type AccessToken,
  type AccessTokenScope,
  type AssistantConnectionTest,
  type AssistantSettings,
  type AssistantSettingsInput,
  type AssistantStatus,
  type ConversationDetail,
  type ConversationSummary,
  type Proposal,
  type ToolCallView,
  type ToolLogEntry,
} from '@crewdesk/domain';

import type { Db, DbOrTx } from '../../db/client.ts';

import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import { openSecret, sealSecret } from '../../lib/secret-box.ts';
import type { AccountActor } from '../../plugins/permissions.ts';
import { accountCurrency } from '../business-profile/index.ts';
import { accessTokenHash } from '../identity/index.ts';
import type { ApiCaller } from './api-caller.ts';
import * as repo from './assistant.repo.ts';
import type { ChatPerson } from './chat.ts';
import { chatCompletion, type ModelEndpoint } from './model-client.ts';
import type { ToolOutcome } from './tools.ts';

/** The key's purpose in the secret box: a key sealed for anything else does not open here. */
const API_KEY_PURPOSE = 'assistant-api-key';

const iso = (date: Date) => date.toISOString();

function requireAdmin(actor: AccountActor) {
  if (!hasBusinessAdminRights(actor.role)) throw forbidden();
}

export async function readSettings(
  db: Db,
  actor: AccountActor,
  now: Date,
): Promise<AssistantSettings> {
  requireAdmin(actor);
  const row = await repo.findSettings(db, actor.accountId);
  return {
    configured: row !== undefined,
    baseUrl: row?.baseUrl ?? null,
    model: row?.model ?? null,
    apiKeySet: Boolean(row?.apiKeyCiphertext),
    dailyTokenBudget: row?.dailyTokenBudget ?? ASSISTANT_LIMITS.dailyTokenBudget.default,
    tokensUsedToday: await repo.tokensUsedOn(db, actor.accountId, localDateOf(now, actor.timeZone)),
  };
}

export async function updateSettings(
  db: Db,
  actor: AccountActor,
  input: AssistantSettingsInput & { dailyTokenBudget: number },
  serverSecret: string,
  now: Date,
): Promise<AssistantSettings> {
  requireAdmin(actor);
  const current = await repo.findSettings(db, actor.accountId);
  const apiKeyCiphertext =
    input.apiKey === undefined
      ? (current?.apiKeyCiphertext ?? null)
      : input.apiKey.trim() === ''
        ? null
        : sealSecret(input.apiKey.trim(), serverSecret, API_KEY_PURPOSE);
  await repo.saveSettings(db, {
    accountId: actor.accountId,
    baseUrl: input.baseUrl,
    model: input.model,
    apiKeyCiphertext,
    dailyTokenBudget: input.dailyTokenBudget,
    updatedBy: actor.userId,
  });
  return readSettings(db, actor, now);
}

/** The business's model, or null when none is set. */
export async function modelEndpoint(
  db: DbOrTx,
  accountId: string,
  serverSecret: string,
): Promise<(ModelEndpoint & { dailyTokenBudget: number }) | null> {
  const row = await repo.findSettings(db, accountId);
  if (!row) return null;
  const apiKey = row.apiKeyCiphertext
    ? openSecret(row.apiKeyCiphertext, serverSecret, API_KEY_PURPOSE)
    : null;
  return { baseUrl: row.baseUrl, model: row.model, apiKey, dailyTokenBudget: row.dailyTokenBudget };
}

const PING_TOOL = {
  name: 'ping',
  description: 'Answers that the connection works. Call it.',
  parameters: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
};

/** "Test connection": the endpoint answers, and it returns a tool call when asked to make one. */
export async function testConnection(
  db: Db,
  actor: AccountActor,
  serverSecret: string,
): Promise<AssistantConnectionTest> {
  requireAdmin(actor);
  const endpoint = await modelEndpoint(db, actor.accountId, serverSecret);
  if (!endpoint)
    return {
      ok: false,
      answered: false,
      toolCall: false,
      message: 'Save a base URL and a model first.',
    };
  try {
    const turn = await chatCompletion(endpoint, {
      messages: [{ role: 'user', content: 'Call the ping tool with ok set to true.' }],
      tools: [PING_TOOL],
      requireTool: true,
    });
    const toolCall = turn.toolCalls.some((call) => call.name === PING_TOOL.name);
    return {
      ok: toolCall,
      answered: true,
      toolCall,
      message: toolCall
        ? `Connected: ${endpoint.model} answered and called a tool.`
        : `${endpoint.model} answered, but did not call the tool it was asked to. The assistant needs a model that supports tool calls (function calling).`,
    };
  } catch (error) {
    return {
      ok: false,
      answered: false,
      toolCall: false,
      message: error instanceof AppError ? error.message : 'The model could not be reached.',
    };
  }
}

export async function status(db: Db, actor: AccountActor): Promise<AssistantStatus> {
  return {
    configured: (await repo.findSettings(db, actor.accountId)) !== undefined,
    suggestions: suggestedQuestions(actor.role),
    canConfigure: hasBusinessAdminRights(actor.role),
  };
}

const summaryOf = (row: repo.ConversationRow): ConversationSummary => ({
  id: row.id,
  title: row.title,
  updatedAt: iso(row.updatedAt),
});

export async function listConversations(db: Db, actor: AccountActor) {
  const rows = await repo.listConversations(
    db,
    actor.accountId,
    actor.userId,
    ASSISTANT_LIMITS.conversations,
  );
  return { conversations: rows.map(summaryOf) };
}

export function proposalView(row: repo.ProposalRow): Proposal {
  return {
    id: row.id,
    tool: row.tool,
    title: row.title,
    lines: row.lines,
    status: row.status,
    outcome: row.outcome ?? null,
  };
}

export async function conversationDetail(
  db: Db,
  actor: AccountActor,
  id: string,
): Promise<ConversationDetail> {
  const conversation = await repo.findConversation(db, actor.accountId, actor.userId, id);
  if (!conversation) throw notFound('Conversation');
  const [messages, proposals] = await Promise.all([
    repo.listMessages(db, actor.accountId, id),
    repo.proposalsOfConversation(db, actor.accountId, id),
  ]);
  return {
    ...summaryOf(conversation),
    messages: messages.map((m) => ({
      id: m.id,
      role: m.role,
      text: m.text,
      toolCalls: m.toolCalls as ToolCallView[],
      proposals: proposals.filter((p) => p.messageId === m.id).map(proposalView),
      createdAt: iso(m.createdAt),
    })),
  };
}

export async function deleteConversation(db: Db, actor: AccountActor, id: string) {
  if (!(await repo.deleteConversation(db, actor.accountId, actor.userId, id)))
    throw notFound('Conversation');
}

/** What a chat needs before it streams: checked first, so a mistake answers with a status. */
export interface PreparedChat {
  conversation: repo.ConversationRow;
  endpoint: ModelEndpoint;
  person: ChatPerson;
  history: { role: 'user' | 'assistant'; content: string }[];
  today: string;
  currency: string;
}

export async function prepareChat(
  db: Db,
  actor: AccountActor,
  input: { conversationId?: string; message: string },
  serverSecret: string,
  now: Date,
): Promise<PreparedChat> {
  const existing = input.conversationId
    ? await repo.findConversation(db, actor.accountId, actor.userId, input.conversationId)
    : undefined;
  if (input.conversationId && !existing) throw notFound('Conversation');
  const endpoint = await modelEndpoint(db, actor.accountId, serverSecret);
  if (!endpoint)
    throw new AppError(
      'CONFLICT',
      'No AI model is set up for this business yet. An admin can set one in Settings > Integrations.',
    );
  const today = localDateOf(now, actor.timeZone);
  const used = await repo.tokensUsedOn(db, actor.accountId, today);
  if (used >= endpoint.dailyTokenBudget)
    throw new AppError(
      'RATE_LIMITED',
      `The assistant has used this business's daily budget of ${endpoint.dailyTokenBudget.toLocaleString('en-US')} tokens. It starts again tomorrow, or an admin can raise the budget in Settings > Integrations.`,
    );
  const { who, business } = await repo.speakerAndBusiness(db, actor.accountId, actor.userId);
  const conversation =
    existing ??
    (await repo.insertConversation(db, {
      accountId: actor.accountId,
      userId: actor.userId,
      title: input.message.replace(/\s+/g, ' ').slice(0, 80),
    }));
  const earlier = existing ? await repo.listMessages(db, actor.accountId, existing.id) : [];
  return {
    conversation,
    endpoint,
    today,
    currency: await accountCurrency(db, actor.accountId),
    person: {
      name: who?.name || who?.email || 'a team member',
      role: actor.role,
      businessName: business?.name ?? 'the business',
      timeZone: actor.timeZone,
      today,
    },
    history: earlier
      .filter((m) => m.text !== '')
      .slice(-ASSISTANT_LIMITS.historySentToModel)
      .map((m) => ({ role: m.role, content: m.text })),
  };
}

export async function recordUsage(db: Db, accountId: string, day: string, tokens: number) {
  if (tokens > 0) await repo.addTokens(db, accountId, day, tokens);
}

export async function logToolCall(
  db: DbOrTx,
  actor: AccountActor,
  via: 'chat' | 'mcp',
  tool: string,
  args: unknown,
  outcome: ToolOutcome,
) {
  await repo.insertToolLog(db, {
    accountId: actor.accountId,
    userId: actor.userId,
    via,
    kind: 'call',
    tool,
    arguments: args,
    status: outcome.status,
    result: outcome.summary.slice(0, 2000),
  });
}

/**
 * Confirm: the proposal's calls of the normal API, made with the person's own session, in order.
 * The first refusal stops the rest and is what the person reads.
 */
export async function confirmProposal(
  db: Db,
  actor: AccountActor,
  id: string,
  api: ApiCaller,
): Promise<Proposal> {
  const proposal = await repo.findProposal(db, actor.accountId, actor.userId, id);
  if (!proposal) throw notFound('Proposal');
  const claimed = await repo.decideProposal(db, actor.accountId, id, 'confirmed', null);
  if (!claimed) throw new AppError('CONFLICT', 'This proposal was already confirmed or dismissed.');
  let outcome: { message: string; path: string | null } = { message: 'Done.', path: null };
  let failed = false;
  for (const action of proposal.actions) {
    const answer = await api.send(action.method, action.path, action.body);
    if (answer.status < 200 || answer.status >= 300) {
      const message =
        answer.body && typeof answer.body === 'object' && 'message' in answer.body
          ? String(answer.body.message)
          : `The API answered ${answer.status}.`;
      outcome = { message: `Not done: ${message}`, path: null };
      failed = true;
      break;
    }
    const createdId =
      answer.body && typeof answer.body === 'object' && 'id' in answer.body
        ? String(answer.body.id)
        : '';
    outcome = {
      message: action.done.message,
      path: action.done.path?.replace(':id', createdId) ?? null,
    };
  }
  const decided = await repo.decideProposal(
    db,
    actor.accountId,
    id,
    failed ? 'failed' : 'confirmed',
    outcome,
    'confirmed',
  );
  await repo.insertToolLog(db, {
    accountId: actor.accountId,
    userId: actor.userId,
    via: 'chat',
    kind: 'confirm',
    tool: proposal.tool,
    arguments: proposal.actions.map((a) => ({ method: a.method, path: a.path, body: a.body })),
    status: failed ? 'failed' : 'confirmed',
    result: outcome.message,
  });
  return proposalView(decided ?? proposal);
}

export async function dismissProposal(db: Db, actor: AccountActor, id: string): Promise<Proposal> {
  const proposal = await repo.findProposal(db, actor.accountId, actor.userId, id);
  if (!proposal) throw notFound('Proposal');
  const dismissed = await repo.decideProposal(db, actor.accountId, id, 'dismissed', {
    message: 'Dismissed: nothing was changed.',
    path: null,
  });
  if (!dismissed)
    throw new AppError('CONFLICT', 'This proposal was already confirmed or dismissed.');
  return proposalView(dismissed);
}

export async function toolLog(
  db: Db,
  actor: AccountActor,
  query: { before?: string; limit: number },
): Promise<{ entries: ToolLogEntry[]; nextBefore: string | null }> {
  requireAdmin(actor);
  const rows = await repo.listToolLog(
    db,
    actor.accountId,
    query.before ? new Date(query.before) : undefined,
    query.limit,
  );
  return {
    entries: rows.map((row) => ({
      ...row,
      createdAt: iso(row.createdAt),
      status: row.status as ToolLogEntry['status'],
    })),
    nextBefore: rows.length === query.limit ? iso(rows.at(-1)!.createdAt) : null,
  };
}

const tokenView = (row: repo.AccessTokenRow): AccessToken => ({
  id: row.id,
  name: row.name,
  scopes: row.scopes,
  createdAt: iso(row.createdAt),
  lastUsedAt: row.lastUsedAt ? iso(row.lastUsedAt) : null,
});

export async function listAccessTokens(db: Db, actor: AccountActor) {
  const rows = await repo.listAccessTokens(db, actor.accountId, actor.userId);
  return { tokens: rows.map(tokenView) };
}

/** A new token: its secret is answered once and only its hash is kept. */
export async function createAccessToken(
  db: Db,
  actor: AccountActor,
  input: { name: string; scopes: AccessTokenScope[] },
) {
  const token = `${ACCESS_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await repo.insertAccessToken(db, {
    accountId: actor.accountId,
    userId: actor.userId,
    name: input.name,
    scopes: input.scopes,
    tokenHash: accessTokenHash(token),
  });
  return { token, accessToken: tokenView(row) };
}

export async function revokeAccessToken(db: Db, actor: AccountActor, id: string) {
  if (!(await repo.deleteAccessToken(db, actor.accountId, actor.userId, id)))
    throw notFound('Access token');
}
