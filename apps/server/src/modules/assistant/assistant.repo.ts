import type { ProposalStatus } from '@crewdesk/domain';
import { and, asc, desc, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  accessTokens,
  assistantConversations,
  assistantMessages,
  assistantProposals,
  assistantSettings,
  assistantToolLog,
  assistantUsage,
  businessAccounts,
  users,
  type ProposalAction,
} from '../../db/schema/index.ts';

export type SettingsRow = typeof assistantSettings.$inferSelect;

export async function findSettings(
  db: DbOrTx,
  accountId: string,
): Promise<SettingsRow | undefined> {
  const [row] = await db
    .select()
    .from(assistantSettings)
    .where(eq(assistantSettings.accountId, accountId));
  return row;
}

export async function saveSettings(
  db: DbOrTx,
  values: Omit<SettingsRow, 'updatedAt'>,
): Promise<SettingsRow> {
  const { accountId: _key, ...changes } = values;
  const [row] = await db
    .insert(assistantSettings)
    .values(values)
    .onConflictDoUpdate({
      target: assistantSettings.accountId,
      set: { ...changes, updatedAt: sql`now()` },
    })
    .returning();
  return row!;
}

export async function tokensUsedOn(db: DbOrTx, accountId: string, day: string): Promise<number> {
  const [row] = await db
    .select({ tokens: assistantUsage.tokens })
    .from(assistantUsage)
    .where(and(eq(assistantUsage.accountId, accountId), eq(assistantUsage.day, day)));
  return row?.tokens ?? 0;
}

export async function addTokens(db: DbOrTx, accountId: string, day: string, tokens: number) {
  await db
    .insert(assistantUsage)
    .values({ accountId, day, tokens })
    .onConflictDoUpdate({
      target: [assistantUsage.accountId, assistantUsage.day],
      set: { tokens: sql`${assistantUsage.tokens} + ${tokens}` },
    });
}

export type ConversationRow = typeof assistantConversations.$inferSelect;

const ownConversation = (accountId: string, userId: string, id: string) =>
  and(
    eq(assistantConversations.accountId, accountId),
    eq(assistantConversations.userId, userId),
    eq(assistantConversations.id, id),
  );

export async function listConversations(
  db: DbOrTx,
  accountId: string,
  userId: string,
  limit: number,
): Promise<ConversationRow[]> {
  return db
    .select()
    .from(assistantConversations)
    .where(
      and(
        eq(assistantConversations.accountId, accountId),
        eq(assistantConversations.userId, userId),
      ),
    )
    .orderBy(desc(assistantConversations.updatedAt))
    .limit(limit);
}

export async function findConversation(
  db: DbOrTx,
  accountId: string,
  userId: string,
  id: string,
): Promise<ConversationRow | undefined> {
  const [row] = await db
    .select()
    .from(assistantConversations)
    .where(ownConversation(accountId, userId, id));
  return row;
}

export async function insertConversation(
  db: DbOrTx,
  values: { accountId: string; userId: string; title: string },
): Promise<ConversationRow> {
  const [row] = await db.insert(assistantConversations).values(values).returning();
  return row!;
}

export async function touchConversation(db: DbOrTx, accountId: string, id: string) {
  await db
    .update(assistantConversations)
    .set({ updatedAt: sql`now()` })
    .where(and(eq(assistantConversations.accountId, accountId), eq(assistantConversations.id, id)));
}

export async function deleteConversation(
  db: DbOrTx,
  accountId: string,
  userId: string,
  id: string,
): Promise<boolean> {
  const deleted = await db
    .delete(assistantConversations)
    .where(ownConversation(accountId, userId, id))
    .returning({ id: assistantConversations.id });
  return deleted.length > 0;
}

export type MessageRow = typeof assistantMessages.$inferSelect;

export async function listMessages(
  db: DbOrTx,
  accountId: string,
  conversationId: string,
): Promise<MessageRow[]> {
  return db
    .select()
    .from(assistantMessages)
    .where(
      and(
        eq(assistantMessages.accountId, accountId),
        eq(assistantMessages.conversationId, conversationId),
      ),
    )
    .orderBy(asc(assistantMessages.seq));
}

export async function insertMessage(
  db: DbOrTx,
  values: typeof assistantMessages.$inferInsert,
): Promise<MessageRow> {
  const [row] = await db.insert(assistantMessages).values(values).returning();
  return row!;
}

export async function finishMessage(
  db: DbOrTx,
  accountId: string,
  id: string,
  values: { text: string; toolCalls: unknown[] },
) {
  await db
    .update(assistantMessages)
    .set(values)
    .where(and(eq(assistantMessages.accountId, accountId), eq(assistantMessages.id, id)));
}

export type ProposalRow = typeof assistantProposals.$inferSelect;

export async function insertProposal(
  db: DbOrTx,
  values: typeof assistantProposals.$inferInsert,
): Promise<ProposalRow> {
  const [row] = await db.insert(assistantProposals).values(values).returning();
  return row!;
}

export async function proposalsOfConversation(
  db: DbOrTx,
  accountId: string,
  conversationId: string,
): Promise<ProposalRow[]> {
  return db
    .select()
    .from(assistantProposals)
    .where(
      and(
        eq(assistantProposals.accountId, accountId),
        eq(assistantProposals.conversationId, conversationId),
      ),
    )
    .orderBy(asc(assistantProposals.createdAt));
}

export async function findProposal(
  db: DbOrTx,
  accountId: string,
  userId: string,
  id: string,
): Promise<ProposalRow | undefined> {
  const [row] = await db
    .select()
    .from(assistantProposals)
    .where(
      and(
        eq(assistantProposals.accountId, accountId),
        eq(assistantProposals.userId, userId),
        eq(assistantProposals.id, id),
      ),
    );
  return row;
}

/**
 * Moves a pending proposal to its decision; undefined when it was decided already, so a double
 * click (or two tabs) performs it once.
 */
export async function decideProposal(
  db: DbOrTx,
  accountId: string,
  id: string,
  status: ProposalStatus,
  outcome: { message: string; path: string | null } | null,
  fromStatus: ProposalStatus = 'pending',
): Promise<ProposalRow | undefined> {
  const [row] = await db
    .update(assistantProposals)
    .set({ status, outcome, decidedAt: sql`now()` })
    .where(
      and(
        eq(assistantProposals.accountId, accountId),
        eq(assistantProposals.id, id),
        eq(assistantProposals.status, fromStatus),
      ),
    )
    .returning();
  return row;
}

export async function insertToolLog(db: DbOrTx, values: typeof assistantToolLog.$inferInsert) {
  await db.insert(assistantToolLog).values(values);
}

export async function listToolLog(
  db: DbOrTx,
  accountId: string,
  before: Date | undefined,
  limit: number,
) {
  return db
    .select({
      id: assistantToolLog.id,
      createdAt: assistantToolLog.createdAt,
      userName: sql<string>`coalesce(${users.name}, ${users.email}, 'A removed user')`,
      via: assistantToolLog.via,
      kind: assistantToolLog.kind,
      tool: assistantToolLog.tool,
      arguments: assistantToolLog.arguments,
      status: assistantToolLog.status,
      result: assistantToolLog.result,
    })
    .from(assistantToolLog)
    .leftJoin(users, eq(users.id, assistantToolLog.userId))
    .where(
      and(
        eq(assistantToolLog.accountId, accountId),
        before ? lt(assistantToolLog.createdAt, before) : undefined,
      ),
    )
    .orderBy(desc(assistantToolLog.createdAt))
    .limit(limit);
}

export type AccessTokenRow = typeof accessTokens.$inferSelect;

export async function listAccessTokens(db: DbOrTx, accountId: string, userId: string) {
  return db
    .select()
    .from(accessTokens)
    .where(and(eq(accessTokens.accountId, accountId), eq(accessTokens.userId, userId)))
    .orderBy(desc(accessTokens.createdAt));
}

export async function insertAccessToken(
  db: DbOrTx,
  values: {
    accountId: string;
    userId: string;
    name: string;
    scopes: AccessTokenRow['scopes'];
    tokenHash: string;
  },
): Promise<AccessTokenRow> {
  const [row] = await db.insert(accessTokens).values(values).returning();
  return row!;
}

export async function deleteAccessToken(
  db: DbOrTx,
  accountId: string,
  userId: string,
  id: string,
): Promise<boolean> {
  const deleted = await db
    .delete(accessTokens)
    .where(
      and(
        eq(accessTokens.accountId, accountId),
        eq(accessTokens.userId, userId),
        eq(accessTokens.id, id),
      ),
    )
    .returning({ id: accessTokens.id });
  return deleted.length > 0;
}

export type { ProposalAction };

/** Who is asking and their business's name: what the assistant's instructions name them by. */
export async function speakerAndBusiness(db: DbOrTx, accountId: string, userId: string) {
  const [who] = await db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  const [business] = await db
    .select({ name: businessAccounts.name })
    .from(businessAccounts)
    .where(eq(businessAccounts.id, accountId));
  return { who, business };
}
