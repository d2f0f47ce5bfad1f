import { OPEN_SALES_STAGES } from '@crewdesk/domain';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { activeMembership, idInAccount, returnedRow } from '../../db/queries.ts';
import type { salesOpportunities } from '../../db/schema/index.ts';
import {
  accountMembers,
  customers,
  requests,
  salesNotes,
  salesOpportunityRequests,
  salesSettings,
  salesStageMoves,
  users,
} from '../../db/schema/index.ts';

export type OpportunityRow = typeof salesOpportunities.$inferSelect;
export type SettingsRow = typeof salesSettings.$inferSelect;

export { o, O_ACCOUNT, O_CUSTOMER, O_ID, valueExpr } from './sales-columns.repo.ts';
import { o } from './sales-columns.repo.ts';

// ---- Settings and the first use ----

export async function findSettings(db: DbOrTx, accountId: string) {
  const [row] = await db.select().from(salesSettings).where(eq(salesSettings.accountId, accountId));
  return row;
}

/** Writes the settings row if there is none; true when this call wrote it (it then backfills). */
export async function claimFirstUse(
  tx: Tx,
  accountId: string,
  lostReasons: readonly string[],
): Promise<boolean> {
  const rows = await tx
    .insert(salesSettings)
    .values({ accountId, lostReasons: [...lostReasons] })
    .onConflictDoNothing()
    .returning({ accountId: salesSettings.accountId });
  return rows.length > 0;
}

export async function updateSettings(
  tx: Tx,
  accountId: string,
  values: Partial<typeof salesSettings.$inferInsert>,
): Promise<SettingsRow> {
  return returnedRow(
    await tx
      .update(salesSettings)
      .set(values)
      .where(eq(salesSettings.accountId, accountId))
      .returning(),
    'sales settings update',
  );
}

/** The requests no opportunity holds yet, with their contact's source (the backfill). */
export async function unlinkedRequests(tx: Tx, accountId: string) {
  return tx
    .select({
      id: requests.id,
      customerId: requests.customerId,
      title: requests.title,
      status: requests.status,
      expiresAt: requests.expiresAt,
      amountCents: requests.amountCents,
      source: requests.source,
      userId: requests.userId,
      createdAt: requests.createdAt,
      contactSource: customers.source,
    })
    .from(requests)
    .leftJoin(customers, eq(customers.id, requests.customerId))
    .where(
      and(
        eq(requests.accountId, accountId),
        sql`not exists (select 1 from ${salesOpportunityRequests} l where l.account_id = "requests"."account_id" and l.request_id = "requests"."id")`,
      ),
    )
    .orderBy(asc(requests.createdAt), asc(requests.id));
}

// ---- Opportunities ----

export async function insertOpportunity(
  tx: DbOrTx,
  values: typeof salesOpportunities.$inferInsert,
): Promise<OpportunityRow> {
  return returnedRow(await tx.insert(o).values(values).returning(), 'opportunity insert');
}

export async function updateOpportunity(
  tx: DbOrTx,
  accountId: string,
  id: string,
  values: Partial<typeof salesOpportunities.$inferInsert>,
): Promise<OpportunityRow> {
  return returnedRow(
    await tx
      .update(o)
      .set(values)
      .where(idInAccount(o, accountId, id))
      .returning(),
    'opportunity update',
  );
}

export async function findOpportunity(db: DbOrTx, accountId: string, id: string) {
  const [row] = await db
    .select()
    .from(o)
    .where(idInAccount(o, accountId, id));
  return row;
}

export async function lockOpportunity(tx: Tx, accountId: string, id: string) {
  const [row] = await tx
    .select()
    .from(o)
    .where(idInAccount(o, accountId, id))
    .for('update');
  return row;
}

/** The contact's most recent opportunity still in play: a new request of theirs joins it. */
export async function lockOpenOpportunityOfContact(tx: Tx, accountId: string, customerId: string) {
  const [row] = await tx
    .select()
    .from(o)
    .where(
      and(
        eq(o.accountId, accountId),
        eq(o.customerId, customerId),
        inArray(o.stage, [...OPEN_SALES_STAGES]),
      ),
    )
    .orderBy(desc(o.openedAt), desc(o.id))
    .limit(1)
    .for('update');
  return row;
}

/** Many opportunities in one statement (the backfill). */
export async function insertOpportunities(
  tx: DbOrTx,
  values: (typeof salesOpportunities.$inferInsert)[],
): Promise<void> {
  if (values.length > 0) await tx.insert(o).values(values);
}

/** Many request links in one statement (the backfill). */
export async function linkRequests(
  tx: DbOrTx,
  links: { accountId: string; opportunityId: string; requestId: string }[],
): Promise<void> {
  if (links.length > 0)
    await tx.insert(salesOpportunityRequests).values(links).onConflictDoNothing();
}

export async function linkRequest(
  tx: DbOrTx,
  accountId: string,
  opportunityId: string,
  requestId: string,
): Promise<void> {
  await tx
    .insert(salesOpportunityRequests)
    .values({ accountId, opportunityId, requestId })
    .onConflictDoNothing();
}

export async function opportunityOfRequest(tx: DbOrTx, accountId: string, requestId: string) {
  const [row] = await tx
    .select({ opportunityId: salesOpportunityRequests.opportunityId })
    .from(salesOpportunityRequests)
    .where(
      and(
        eq(salesOpportunityRequests.accountId, accountId),
        eq(salesOpportunityRequests.requestId, requestId),
      ),
    );
  return row?.opportunityId;
}

export async function findRequestForSales(tx: DbOrTx, accountId: string, requestId: string) {
  const [row] = await tx
    .select({
      id: requests.id,
      customerId: requests.customerId,
      title: requests.title,
      source: requests.source,
      userId: requests.userId,
      contactSource: customers.source,
    })
    .from(requests)
    .leftJoin(customers, eq(customers.id, requests.customerId))
    .where(idInAccount(requests, accountId, requestId));
  return row;
}

/** The requests of an opportunity, oldest first. */
export async function requestsOfOpportunity(db: DbOrTx, accountId: string, opportunityId: string) {
  return db
    .select({
      id: requests.id,
      title: requests.title,
      type: requests.type,
      proposalType: requests.proposalType,
      status: requests.status,
      expiresAt: requests.expiresAt,
      amountCents: requests.amountCents,
      createdAt: requests.createdAt,
      viewedAt: requests.viewedAt,
    })
    .from(salesOpportunityRequests)
    .innerJoin(
      requests,
      and(
        eq(requests.id, salesOpportunityRequests.requestId),
        eq(requests.accountId, salesOpportunityRequests.accountId),
      ),
    )
    .where(
      and(
        eq(salesOpportunityRequests.accountId, accountId),
        eq(salesOpportunityRequests.opportunityId, opportunityId),
      ),
    )
    .orderBy(asc(requests.createdAt), asc(requests.id));
}

export async function insertMove(
  tx: DbOrTx,
  values: typeof salesStageMoves.$inferInsert,
): Promise<boolean> {
  const rows = await tx
    .insert(salesStageMoves)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: salesStageMoves.id });
  return rows.length > 0;
}

export async function insertNote(tx: DbOrTx, values: typeof salesNotes.$inferInsert) {
  return returnedRow(await tx.insert(salesNotes).values(values).returning(), 'note insert');
}

/** Many stage moves in one statement (the backfill). */
export async function insertMoves(
  tx: DbOrTx,
  values: (typeof salesStageMoves.$inferInsert)[],
): Promise<void> {
  if (values.length > 0) await tx.insert(salesStageMoves).values(values).onConflictDoNothing();
}

/** An active member of the account who may work the pipeline, with their role. */
export async function memberRole(db: DbOrTx, accountId: string, userId: string) {
  const [row] = await db
    .select({ role: accountMembers.role })
    .from(accountMembers)
    .where(activeMembership(accountId, userId));
  return row?.role;
}

export async function activeMembersWithNames(db: DbOrTx, accountId: string) {
  return db
    .select({ userId: accountMembers.userId, role: accountMembers.role, name: users.name })
    .from(accountMembers)
    .innerJoin(users, eq(users.id, accountMembers.userId))
    .where(and(eq(accountMembers.organizationId, accountId), isNull(accountMembers.deactivatedAt)))
    .orderBy(asc(users.name));
}

export async function contactOf(db: DbOrTx, accountId: string, customerId: string) {
  const [row] = await db
    .select()
    .from(customers)
    .where(idInAccount(customers, accountId, customerId));
  return row;
}

// The repository's other parts, read through this one face (repo.* in the use cases).
export * from './sales-board.repo.ts';
export * from './sales-figures.repo.ts';
