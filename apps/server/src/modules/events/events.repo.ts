import { ledgerPayload, subjectOfLedgerType, type Role } from '@crewdesk/domain';
import { and, asc, desc, eq, getTableColumns, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { activeMembership, idInAccount, returnedRow } from '../../db/queries.ts';
import { olderThanCursor } from '../../lib/keyset.ts';
import { cappedCountColumn } from '../../lib/capped-count.ts';
import {
  accountMembers,
  businessAccounts,
  domainEvents,
  employees,
  notificationDefaults,
  jobAssignees,
  notificationPreferences,
  notificationSettings,
  notifications,
  salesOpportunities,
  users,
} from '../../db/schema/index.ts';

/** Woken on commit of any transaction that wrote an event: every process dispatches what it can. */
export const LEDGER_CHANNEL = 'crewdesk_ledger';
/** Carries dispatched events (ids and audience only) to every process's live clients. */
export const LIVE_CHANNEL = 'crewdesk_live';

export interface NewLedgerEvent {
  accountId: string;
  /** A type of LEDGER_PAYLOADS in the domain. */
  type: string;
  subjectId: string;
  actorUserId?: string | null;
  /** Reduced to what the type's payload schema declares. */
  payload?: unknown;
}

/**
 * Writes an event in the caller's transaction, and wakes the dispatchers when it commits
 * (PostgreSQL delivers NOTIFY on commit, and never for a rolled-back transaction).
 */
export async function recordEvent(db: DbOrTx, event: NewLedgerEvent): Promise<void> {
  await db.insert(domainEvents).values({
    accountId: event.accountId,
    type: event.type,
    subject: subjectOfLedgerType(event.type),
    subjectId: event.subjectId,
    actorUserId: event.actorUserId ?? null,
    payload: ledgerPayload(event.type, event.payload),
  });
  await db.execute(sql`select pg_notify(${LEDGER_CHANNEL}, '')`);
}

export type LedgerRow = typeof domainEvents.$inferSelect;

/** The oldest events not yet dispatched, locked; another process skips them. */
export async function lockUndispatched(tx: Tx, limit: number): Promise<LedgerRow[]> {
  return tx
    .select()
    .from(domainEvents)
    .where(isNull(domainEvents.dispatchedAt))
    .orderBy(asc(domainEvents.seq))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function markDispatched(
  tx: Tx,
  event: LedgerRow,
  audience: { roles: readonly string[]; userIds: readonly string[] },
  at: Date,
): Promise<void> {
  await tx
    .update(domainEvents)
    .set({
      dispatchedAt: at,
      audienceRoles: [...audience.roles],
      audienceUserIds: [...audience.userIds],
    })
    .where(and(eq(domainEvents.accountId, event.accountId), eq(domainEvents.seq, event.seq)));
}

/** The user ids of the team members assigned to a visit now. */
export async function assigneeUserIds(db: DbOrTx, accountId: string, jobId: string) {
  const rows = await db
    .select({ userId: employees.userId })
    .from(jobAssignees)
    .innerJoin(employees, eq(employees.id, jobAssignees.employeeId))
    .where(and(eq(jobAssignees.accountId, accountId), eq(jobAssignees.jobId, jobId)));
  return rows.flatMap((r) => (r.userId ? [r.userId] : []));
}

/** The owner of an opportunity, if it has one (the audience and the follow-up reminder). */
export async function opportunityOwnerUserIds(db: DbOrTx, accountId: string, id: string) {
  const [row] = await db
    .select({ userId: salesOpportunities.ownerUserId })
    .from(salesOpportunities)
    .where(idInAccount(salesOpportunities, accountId, id));
  return row?.userId ? [row.userId] : [];
}

/** The user of a team member (an employee id), if the member has an account. */
export async function userOfEmployee(db: DbOrTx, accountId: string, employeeId: string) {
  const [row] = await db
    .select({ userId: employees.userId })
    .from(employees)
    .where(idInAccount(employees, accountId, employeeId));
  return row?.userId ?? null;
}

/**
 * The logins that may open a person's time: the person's own and their crew leader's (a team
 * leader sees their crew's time, decision 028).
 */
export async function usersOfEmployeeAndCrewLeader(
  db: DbOrTx,
  accountId: string,
  employeeId: string,
): Promise<string[]> {
  const leader = alias(employees, 'crew_leader');
  const [row] = await db
    .select({ own: employees.userId, leader: leader.userId })
    .from(employees)
    .leftJoin(
      leader,
      and(eq(leader.id, employees.crewLeaderId), eq(leader.accountId, employees.accountId)),
    )
    .where(idInAccount(employees, accountId, employeeId));
  return [row?.own, row?.leader].filter((id): id is string => typeof id === 'string');
}

export interface Member {
  userId: string;
  role: string;
  email: string;
  phoneNumber: string | null;
  name: string;
}

/** The account's active members (deactivated ones are told nothing). */
export async function activeMembers(db: DbOrTx, accountId: string): Promise<Member[]> {
  return db
    .select({
      userId: accountMembers.userId,
      role: accountMembers.role,
      email: users.email,
      phoneNumber: users.phoneNumber,
      name: users.name,
    })
    .from(accountMembers)
    .innerJoin(users, eq(users.id, accountMembers.userId))
    .where(and(eq(accountMembers.organizationId, accountId), isNull(accountMembers.deactivatedAt)));
}

export async function accountName(db: DbOrTx, accountId: string): Promise<string> {
  const [row] = await db
    .select({ name: businessAccounts.name })
    .from(businessAccounts)
    .where(eq(businessAccounts.id, accountId));
  return row?.name ?? 'Crewdesk';
}

export async function memberContact(db: DbOrTx, accountId: string, userId: string) {
  const [row] = await db
    .select({ email: users.email, name: users.name })
    .from(accountMembers)
    .innerJoin(users, eq(users.id, accountMembers.userId))
    .where(activeMembership(accountId, userId));
  return row;
}

/** Each person's own choices, as `kind:channel` → on or off. */
export async function preferencesOf(db: DbOrTx, accountId: string, userIds: readonly string[]) {
  const byUser = new Map<string, Map<string, boolean>>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select()
    .from(notificationPreferences)
    .where(
      and(
        eq(notificationPreferences.accountId, accountId),
        inArray(notificationPreferences.userId, [...userIds]),
      ),
    );
  for (const row of rows) {
    const choices = byUser.get(row.userId) ?? new Map<string, boolean>();
    choices.set(`${row.kind}:${row.channel}`, row.enabled);
    byUser.set(row.userId, choices);
  }
  return byUser;
}

/** The business's defaults, as `kind:channel` → on or off. */
export async function accountDefaultsOf(db: DbOrTx, accountId: string) {
  const rows = await db
    .select()
    .from(notificationDefaults)
    .where(eq(notificationDefaults.accountId, accountId));
  return new Map(rows.map((r) => [`${r.kind}:${r.channel}`, r.enabled]));
}

/** Notes that a member's daily digest went out (or had nothing to say) today. */
export async function markDigestSent(tx: Tx, accountId: string, userId: string, at: Date) {
  await tx
    .update(notificationSettings)
    .set({ lastDigestAt: at })
    .where(
      and(eq(notificationSettings.accountId, accountId), eq(notificationSettings.userId, userId)),
    );
}

export async function saveAccountDefaults(
  tx: Tx,
  accountId: string,
  preferences: readonly { kind: string; channel: string; enabled: boolean }[],
) {
  await tx.delete(notificationDefaults).where(eq(notificationDefaults.accountId, accountId));
  if (preferences.length > 0)
    await tx.insert(notificationDefaults).values(preferences.map((p) => ({ accountId, ...p })));
}

export async function digestUsers(db: DbOrTx, accountId: string, userIds: readonly string[]) {
  if (userIds.length === 0) return new Set<string>();
  const rows = await db
    .select({ userId: notificationSettings.userId })
    .from(notificationSettings)
    .where(
      and(
        eq(notificationSettings.accountId, accountId),
        inArray(notificationSettings.userId, [...userIds]),
        eq(notificationSettings.dailyDigest, true),
      ),
    );
  return new Set(rows.map((r) => r.userId));
}

export type NotificationRow = typeof notifications.$inferSelect;

/** The person's unread notification of a kind updated since `since`: a burst joins it. */
export async function lockRecentUnread(
  tx: Tx,
  accountId: string,
  userId: string,
  kind: string,
  since: Date,
): Promise<NotificationRow | undefined> {
  const [row] = await tx
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.accountId, accountId),
        eq(notifications.userId, userId),
        eq(notifications.kind, kind),
        isNull(notifications.readAt),
        gt(notifications.updatedAt, since),
      ),
    )
    .orderBy(desc(notifications.updatedAt))
    .limit(1)
    .for('update');
  return row;
}

export async function insertNotification(tx: Tx, values: typeof notifications.$inferInsert) {
  return returnedRow(
    await tx.insert(notifications).values(values).returning(),
    'notification insert',
  );
}

export async function updateNotification(
  tx: Tx,
  row: NotificationRow,
  values: Partial<typeof notifications.$inferInsert>,
) {
  await tx
    .update(notifications)
    .set(values)
    .where(and(eq(notifications.accountId, row.accountId), eq(notifications.id, row.id)));
}

/** A page of a person's notifications, newest first, after the keyset `after`. */
export async function listNotifications(
  db: DbOrTx,
  accountId: string,
  userId: string,
  options: {
    unreadOnly: boolean;
    kind?: string;
    after?: { updatedAt: Date; id: string };
    limit: number;
    unreadCountCap: number;
  },
) {
  const { after } = options;
  return db
    .select({
      ...getTableColumns(notifications),
      // The bell's unread count in the page's own statement (see cappedCountColumn).
      unread: cappedCountColumn(unreadOf(db, accountId, userId, options.unreadCountCap)),
    })
    .from(notifications)
    .where(
      and(
        eq(notifications.accountId, accountId),
        eq(notifications.userId, userId),
        options.unreadOnly ? isNull(notifications.readAt) : undefined,
        options.kind ? eq(notifications.kind, options.kind) : undefined,
        olderThanCursor(
          notifications.updatedAt,
          notifications.id,
          after && { at: after.updatedAt, id: after.id },
        ),
      ),
    )
    .orderBy(desc(notifications.updatedAt), desc(notifications.id))
    .limit(options.limit);
}

export async function findNotification(db: DbOrTx, accountId: string, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.accountId, accountId),
        eq(notifications.userId, userId),
        eq(notifications.id, id),
      ),
    );
  return row;
}

/** How many unread, counted up to a cap (a badge shows "99+" beyond it). */
export async function countUnread(db: DbOrTx, accountId: string, userId: string, cap: number) {
  const limited = unreadOf(db, accountId, userId, cap).as('limited');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(limited);
  return row?.n ?? 0;
}

/** One row per unread notification of the person, at most `cap` of them. */
function unreadOf(db: DbOrTx, accountId: string, userId: string, cap: number) {
  return db
    .select({ one: sql`1` })
    .from(notifications)
    .where(
      and(
        eq(notifications.accountId, accountId),
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
      ),
    )
    .limit(cap);
}

export async function markRead(
  db: DbOrTx,
  accountId: string,
  userId: string,
  ids: readonly string[] | 'all',
  at: Date,
): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: at })
    .where(
      and(
        eq(notifications.accountId, accountId),
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids === 'all' ? undefined : inArray(notifications.id, [...ids]),
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

/** Notifications of a kind not yet told by e-mail, locked: the e-mail of a burst claims them. */
export async function claimUnemailed(
  tx: Tx,
  accountId: string,
  userId: string,
  kind: string | null,
  at: Date,
) {
  return tx
    .update(notifications)
    .set({ emailedAt: at })
    .where(
      and(
        eq(notifications.accountId, accountId),
        eq(notifications.userId, userId),
        kind ? eq(notifications.kind, kind) : undefined,
        isNull(notifications.emailedAt),
        isNull(notifications.readAt),
      ),
    )
    .returning();
}

export async function savePreferences(
  tx: Tx,
  accountId: string,
  userId: string,
  input: {
    preferences: { kind: string; channel: string; enabled: boolean }[];
    dailyDigest: boolean;
  },
) {
  await tx
    .delete(notificationPreferences)
    .where(
      and(
        eq(notificationPreferences.accountId, accountId),
        eq(notificationPreferences.userId, userId),
      ),
    );
  if (input.preferences.length > 0)
    await tx
      .insert(notificationPreferences)
      .values(input.preferences.map((p) => ({ accountId, userId, ...p })));
  await tx
    .insert(notificationSettings)
    .values({ accountId, userId, dailyDigest: input.dailyDigest })
    .onConflictDoUpdate({
      target: [notificationSettings.accountId, notificationSettings.userId],
      set: { dailyDigest: input.dailyDigest },
    });
}

/**
 * The events after `afterSeq` that a person may see, for a client catching up after a reconnect:
 * the same audience test as the live channel.
 */
export async function eventsSince(
  db: DbOrTx,
  accountId: string,
  viewer: { userId: string; role: Role },
  afterSeq: number,
  limit: number,
) {
  return db
    .select({
      seq: domainEvents.seq,
      type: domainEvents.type,
      subject: domainEvents.subject,
      subjectId: domainEvents.subjectId,
      createdAt: domainEvents.createdAt,
    })
    .from(domainEvents)
    .where(
      and(
        eq(domainEvents.accountId, accountId),
        gt(domainEvents.seq, afterSeq),
        sql`${domainEvents.dispatchedAt} is not null`,
        or(
          sql`${viewer.role} = any(${domainEvents.audienceRoles})`,
          sql`${viewer.userId}::uuid = any(${domainEvents.audienceUserIds})`,
        ),
      ),
    )
    .orderBy(asc(domainEvents.seq))
    .limit(limit);
}

/** The newest event's number of the account: where a new live client starts. */
export async function lastSeq(db: DbOrTx, accountId: string): Promise<number> {
  const [row] = await db
    .select({ seq: domainEvents.seq })
    .from(domainEvents)
    .where(eq(domainEvents.accountId, accountId))
    .orderBy(desc(domainEvents.seq))
    .limit(1);
  return row?.seq ?? 0;
}
