import type { AccessTokenScope, ProposalStatus } from '@crewdesk/domain';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { businessAccounts } from './accounts.ts';
import { users } from './auth.ts';
import {
  accountIdColumn,
  createdAtColumn,
  idColumn,
  ownerIdColumn,
  updatedAtColumn,
  userRefColumn,
} from './columns.ts';

/**
 * The business's model for the AI assistant (issue 24): any OpenAI-compatible endpoint. The API
 * key is kept encrypted (lib/secret-box.ts) and never sent back to a browser.
 */
export const assistantSettings = pgTable('assistant_settings', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => businessAccounts.id, { onDelete: 'cascade' }),
  baseUrl: text('base_url').notNull(),
  model: text('model').notNull(),
  apiKeyCiphertext: text('api_key_ciphertext'),
  dailyTokenBudget: integer('daily_token_budget').notNull(),
  updatedBy: userRefColumn('updated_by'),
  updatedAt: updatedAtColumn(),
});

/** Tokens the business's model used per day (its calendar), against the daily budget. */
export const assistantUsage = pgTable(
  'assistant_usage',
  {
    accountId: accountIdColumn(),
    day: date('day', { mode: 'string' }).notNull(),
    tokens: integer('tokens').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.day] })],
);

/** One person's conversation with the assistant: theirs alone, kept until they delete it. */
export const assistantConversations = pgTable(
  'assistant_conversations',
  {
    id: idColumn(),
    accountId: accountIdColumn(),
    userId: ownerIdColumn('user_id', () => users.id),
    title: text('title').notNull(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [index('assistant_conversations_user_idx').on(t.accountId, t.userId, t.updatedAt)],
);

/** What was said: the person's question, or the assistant's answer with its tool calls. */
export const assistantMessages = pgTable(
  'assistant_messages',
  {
    id: idColumn(),
    accountId: accountIdColumn(),
    conversationId: ownerIdColumn('conversation_id', () => assistantConversations.id),
    role: text('role').$type<'user' | 'assistant'>().notNull(),
    text: text('text').notNull(),
    toolCalls: jsonb('tool_calls')
      .$type<unknown[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: createdAtColumn(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (t) => [index('assistant_messages_conversation_idx').on(t.conversationId, t.seq)],
);

/** One call of the normal API that Confirm makes, exactly as the draft tool prepared it. */
export interface ProposalAction {
  method: 'POST' | 'PATCH' | 'PUT';
  path: string;
  body: unknown;
  /** What to tell the person once it worked; `:id` in the path is the created record's id. */
  done: { message: string; path: string | null };
}

/**
 * A draft tool's proposal: what Confirm will do (`actions`, calls of the normal API made with the
 * confirming person's own session) and what the card shows. Nothing is written before Confirm.
 */
export const assistantProposals = pgTable(
  'assistant_proposals',
  {
    id: idColumn(),
    accountId: accountIdColumn(),
    userId: ownerIdColumn('user_id', () => users.id),
    conversationId: uuid('conversation_id').references(() => assistantConversations.id, {
      onDelete: 'cascade',
    }),
    messageId: uuid('message_id').references(() => assistantMessages.id, { onDelete: 'cascade' }),
    tool: text('tool').notNull(),
    title: text('title').notNull(),
    lines: jsonb('lines').$type<{ label: string; value: string }[]>().notNull(),
    actions: jsonb('actions').$type<ProposalAction[]>().notNull(),
    status: text('status').$type<ProposalStatus>().notNull().default('pending'),
    outcome: jsonb('outcome').$type<{ message: string; path: string | null }>(),
    createdAt: createdAtColumn(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [index('assistant_proposals_message_idx').on(t.accountId, t.conversationId)],
);

/**
 * Every tool call and every confirmation (who, when, which tool, its arguments, the result), for
 * the business's admins. It outlives the conversation it came from.
 */
export const assistantToolLog = pgTable(
  'assistant_tool_log',
  {
    id: idColumn(),
    accountId: accountIdColumn(),
    userId: userRefColumn('user_id'),
    via: text('via').$type<'chat' | 'mcp'>().notNull(),
    kind: text('kind').$type<'call' | 'confirm'>().notNull(),
    tool: text('tool').notNull(),
    arguments: jsonb('arguments').$type<unknown>(),
    status: text('status').notNull(),
    result: text('result').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index('assistant_tool_log_account_idx').on(t.accountId, t.createdAt)],
);

/**
 * A personal access token: one person in one business, read (GET) requests only, for the MCP
 * endpoint. Only a hash of the secret is kept; revoking deletes the row.
 */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: idColumn(),
    accountId: accountIdColumn(),
    userId: ownerIdColumn('user_id', () => users.id),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** What the token may do (AccessTokenScope): the assistant's tools only, unless chosen. */
    scopes: text('scopes').array().$type<AccessTokenScope[]>().notNull().default(['assistant']),
    createdAt: createdAtColumn(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('access_tokens_hash_idx').on(t.tokenHash),
    index('access_tokens_user_idx').on(t.accountId, t.userId),
  ],
);
