import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  ne,
  not,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { findShared, type ShareKind, type ShareSigner } from '../../lib/share-links.ts';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { SETTLED_JOB_STATUSES } from '@crewdesk/domain';
import type { DbOrTx } from '../../db/client.ts';
import {
  clientHubCodes,
  clientHubContacts,
  clientHubSessions,
  clientHubSettings,
  inspections,
  inspectionShareLinks,
  invoices,
  jobs,
  requests,
  visitProofs,
} from '../../db/schema/index.ts';

// Every query is scoped by the account (and the contact) it answers for.

/** What a share link's token stands for: its document, and the contact it was sent to. */
export interface LinkTarget {
  accountId: string;
  customerId: string;
  kind: 'quote' | 'invoice' | 'inspection_report' | 'visit_proof';
  /** When the link was sent (or made): its lifetime counts from here. */
  issuedAt: Date;
}

/**
 * The document behind a token of any of the four links the business sends (estimate, invoice,
 * inspection report, a visit's proof of service); undefined when none or no contact.
 */
export async function findLinkTarget(
  db: DbOrTx,
  shares: ShareSigner,
  token: string,
): Promise<LinkTarget | undefined> {
  for (const kind of LINK_KINDS) {
    const found = await findShared(shares, kind.share, token, {
      byId: (id) => kind.first(db, eq(kind.id, id)),
      byLegacyHash: (hash) => kind.first(db, eq(kind.legacyHash, hash)),
      versionOf: (row) => row.version,
    });
    if (found)
      return found.customerId
        ? {
            accountId: found.accountId,
            customerId: found.customerId,
            issuedAt: found.issuedAt,
            kind: kind.kind,
          }
        : undefined;
  }
  return undefined;
}

interface LinkRow {
  accountId: string;
  customerId: string | null;
  issuedAt: Date;
  version: number;
}

/** The four links, each with how its record is read by a condition (id or old token's hash). */
const LINK_KINDS: {
  kind: LinkTarget['kind'];
  share: ShareKind;
  id: AnyPgColumn;
  legacyHash: AnyPgColumn;
  first: (db: DbOrTx, where: SQL) => Promise<LinkRow | undefined>;
}[] = [
  {
    kind: 'quote',
    share: 'estimate',
    id: requests.id,
    legacyHash: requests.legacyShareTokenHash,
    first: async (db, where) =>
      (
        await db
          .select({
            accountId: requests.accountId,
            customerId: requests.customerId,
            issuedAt: sql<Date>`coalesce(${requests.sharedAt}, ${requests.createdAt})`.mapWith(
              requests.createdAt,
            ),
            version: requests.shareVersion,
          })
          .from(requests)
          .where(where)
      )[0],
  },
  {
    kind: 'invoice',
    share: 'invoice',
    id: invoices.id,
    legacyHash: invoices.legacyShareTokenHash,
    first: async (db, where) =>
      (
        await db
          .select({
            accountId: invoices.accountId,
            customerId: invoices.customerId,
            issuedAt: sql<Date>`coalesce(${invoices.sentAt}, ${invoices.createdAt})`.mapWith(
              invoices.createdAt,
            ),
            version: invoices.shareVersion,
          })
          .from(invoices)
          .where(where)
      )[0],
  },
  {
    kind: 'inspection_report',
    share: 'inspection-report',
    id: inspectionShareLinks.id,
    legacyHash: inspectionShareLinks.legacyTokenHash,
    first: async (db, where) =>
      (
        await db
          .select({
            accountId: inspectionShareLinks.accountId,
            customerId: inspections.customerId,
            issuedAt: inspectionShareLinks.createdAt,
            version: sql<number>`1`.mapWith(Number),
          })
          .from(inspectionShareLinks)
          .innerJoin(
            inspections,
            and(
              eq(inspections.accountId, inspectionShareLinks.accountId),
              eq(inspections.id, inspectionShareLinks.inspectionId),
            ),
          )
          .where(and(where, isNull(inspectionShareLinks.revokedAt)))
      )[0],
  },
  {
    kind: 'visit_proof',
    share: 'visit-proof',
    id: visitProofs.id,
    legacyHash: visitProofs.legacyTokenHash,
    first: async (db, where) =>
      (
        await db
          .select({
            accountId: visitProofs.accountId,
            customerId: jobs.customerId,
            issuedAt: visitProofs.createdAt,
            version: visitProofs.shareVersion,
          })
          .from(visitProofs)
          .innerJoin(
            jobs,
            and(eq(jobs.accountId, visitProofs.accountId), eq(jobs.id, visitProofs.jobId)),
          )
          .where(where)
      )[0],
  },
];

export async function linkLifetimeDays(db: DbOrTx, accountId: string): Promise<number | undefined> {
  const [row] = await db
    .select({ days: clientHubSettings.linkLifetimeDays })
    .from(clientHubSettings)
    .where(eq(clientHubSettings.accountId, accountId));
  return row?.days;
}

export async function saveLinkLifetime(db: DbOrTx, accountId: string, days: number, now: Date) {
  await db
    .insert(clientHubSettings)
    .values({ accountId, linkLifetimeDays: days, updatedAt: now })
    .onConflictDoUpdate({
      target: clientHubSettings.accountId,
      set: { linkLifetimeDays: days, updatedAt: now },
    });
}

export async function linksRevokedAt(
  db: DbOrTx,
  accountId: string,
  customerId: string,
): Promise<Date | null> {
  const [row] = await db
    .select({ at: clientHubContacts.linksRevokedAt })
    .from(clientHubContacts)
    .where(
      and(eq(clientHubContacts.accountId, accountId), eq(clientHubContacts.customerId, customerId)),
    );
  return row?.at ?? null;
}

/**
 * Every link sent to the contact stops working: the estimates' and invoices' tokens are drawn
 * anew (the old ones then answer 404 on their own pages), live report links are revoked, and
 * the contact's hub sessions end. Links sent afterwards carry the new tokens.
 */
export async function revokeContactLinks(
  tx: DbOrTx,
  accountId: string,
  customerId: string,
  userId: string,
  now: Date,
): Promise<void> {
  await tx
    .update(requests)
    .set({ shareVersion: sql`${requests.shareVersion} + 1`, legacyShareTokenHash: null })
    .where(and(eq(requests.accountId, accountId), eq(requests.customerId, customerId)));
  await tx
    .update(invoices)
    .set({ shareVersion: sql`${invoices.shareVersion} + 1`, legacyShareTokenHash: null })
    .where(and(eq(invoices.accountId, accountId), eq(invoices.customerId, customerId)));
  await tx
    .update(visitProofs)
    .set({ shareVersion: sql`${visitProofs.shareVersion} + 1`, legacyTokenHash: null })
    .where(
      and(
        eq(visitProofs.accountId, accountId),
        sql`${visitProofs.jobId} in (select ${jobs.id} from ${jobs} where ${jobs.accountId} = ${accountId} and ${jobs.customerId} = ${customerId})`,
      ),
    );
  await tx
    .update(inspectionShareLinks)
    .set({ revokedAt: now })
    .where(
      and(
        eq(inspectionShareLinks.accountId, accountId),
        isNull(inspectionShareLinks.revokedAt),
        sql`${inspectionShareLinks.inspectionId} in (select ${inspections.id} from ${inspections} where ${inspections.accountId} = ${accountId} and ${inspections.customerId} = ${customerId})`,
      ),
    );
  await tx
    .delete(clientHubSessions)
    .where(
      and(eq(clientHubSessions.accountId, accountId), eq(clientHubSessions.customerId, customerId)),
    );
  await tx
    .delete(clientHubCodes)
    .where(and(eq(clientHubCodes.accountId, accountId), eq(clientHubCodes.customerId, customerId)));
  await tx
    .insert(clientHubContacts)
    .values({ accountId, customerId, linksRevokedAt: now, revokedBy: userId })
    .onConflictDoUpdate({
      target: [clientHubContacts.accountId, clientHubContacts.customerId],
      set: { linksRevokedAt: now, revokedBy: userId },
    });
}

// Codes ---------------------------------------------------------------------------------------

export async function countCodesSince(
  db: DbOrTx,
  accountId: string,
  customerId: string,
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(clientHubCodes)
    .where(
      and(
        eq(clientHubCodes.accountId, accountId),
        eq(clientHubCodes.customerId, customerId),
        gte(clientHubCodes.createdAt, since),
      ),
    );
  return row?.n ?? 0;
}

/** Codes of a contact made before `before` (used or not): nothing reads them any more. */
export async function deleteCodesBefore(
  db: DbOrTx,
  accountId: string,
  customerId: string,
  before: Date,
): Promise<void> {
  await db
    .delete(clientHubCodes)
    .where(
      and(
        eq(clientHubCodes.accountId, accountId),
        eq(clientHubCodes.customerId, customerId),
        lt(clientHubCodes.createdAt, before),
      ),
    );
}

export async function insertCode(
  db: DbOrTx,
  values: typeof clientHubCodes.$inferInsert,
): Promise<void> {
  await db.insert(clientHubCodes).values(values);
}

/** The contact's newest unused code (older ones stop counting when a new one is sent). */
export async function latestCode(db: DbOrTx, accountId: string, customerId: string) {
  const [row] = await db
    .select()
    .from(clientHubCodes)
    .where(
      and(
        eq(clientHubCodes.accountId, accountId),
        eq(clientHubCodes.customerId, customerId),
        isNull(clientHubCodes.usedAt),
      ),
    )
    .orderBy(desc(clientHubCodes.createdAt), desc(clientHubCodes.id))
    .limit(1);
  return row;
}

/** One more wrong attempt; the count after it. */
export async function addAttempt(db: DbOrTx, accountId: string, codeId: string): Promise<number> {
  const [row] = await db
    .update(clientHubCodes)
    .set({ attempts: sql`${clientHubCodes.attempts} + 1` })
    .where(and(eq(clientHubCodes.accountId, accountId), eq(clientHubCodes.id, codeId)))
    .returning({ attempts: clientHubCodes.attempts });
  return row?.attempts ?? Number.MAX_SAFE_INTEGER;
}

/** Uses the code once: false when another request used it first. */
export async function useCode(db: DbOrTx, accountId: string, codeId: string, now: Date) {
  const rows = await db
    .update(clientHubCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(clientHubCodes.accountId, accountId),
        eq(clientHubCodes.id, codeId),
        isNull(clientHubCodes.usedAt),
      ),
    )
    .returning({ id: clientHubCodes.id });
  return rows.length === 1;
}

// Sessions ------------------------------------------------------------------------------------

export async function insertSession(db: DbOrTx, values: typeof clientHubSessions.$inferInsert) {
  await db.insert(clientHubSessions).values(values);
}

export async function findLiveSession(db: DbOrTx, tokenHash: string, now: Date) {
  const [row] = await db
    .select({
      accountId: clientHubSessions.accountId,
      customerId: clientHubSessions.customerId,
      expiresAt: clientHubSessions.expiresAt,
    })
    .from(clientHubSessions)
    .where(and(eq(clientHubSessions.tokenHash, tokenHash), gt(clientHubSessions.expiresAt, now)));
  return row;
}

export async function deleteSession(db: DbOrTx, tokenHash: string, now: Date) {
  // Expired sessions go with it: nothing else needs them.
  await db
    .delete(clientHubSessions)
    .where(or(eq(clientHubSessions.tokenHash, tokenHash), lt(clientHubSessions.expiresAt, now)));
}

// The hub's lists: at most HUB_LIST_LIMIT of each, newest (or soonest) first ----------------

export const HUB_LIST_LIMIT = 100;

export async function contactQuotes(db: DbOrTx, accountId: string, customerId: string) {
  return db
    .select({
      id: requests.id,
      title: requests.title,
      type: requests.type,
      proposalType: requests.proposalType,
      status: requests.status,
      amountCents: requests.amountCents,
      date: requests.date,
      expiresAt: requests.expiresAt,
      shareVersion: requests.shareVersion,
    })
    .from(requests)
    .where(
      and(
        eq(requests.accountId, accountId),
        eq(requests.customerId, customerId),
        // What the business sent: a website inquiry waits to be priced first.
        or(isNull(requests.type), ne(requests.type, 'inquiry')),
        or(
          isNotNull(requests.sharedAt),
          eq(requests.emailSent, true),
          ne(requests.status, 'unopened'),
        ),
      ),
    )
    .orderBy(desc(requests.createdAt), desc(requests.id))
    .limit(HUB_LIST_LIMIT);
}

const visitColumns = {
  id: jobs.id,
  title: jobs.title,
  startsAt: jobs.startsAt,
  durationMinutes: jobs.durationMinutes,
  location: jobs.location,
  status: jobs.status,
};

function contactVisits(accountId: string, customerId: string) {
  return and(
    eq(jobs.accountId, accountId),
    eq(jobs.customerId, customerId),
    eq(jobs.kind, 'job'),
    isNotNull(jobs.startsAt),
  );
}

/**
 * A settled visit is not upcoming even when its planned time is still ahead: the client sees it
 * among the visits that were, with its status, and is not offered to put it in their calendar.
 */
const settledVisit = inArray(jobs.status, [...SETTLED_JOB_STATUSES]);

export async function upcomingVisits(db: DbOrTx, accountId: string, customerId: string, now: Date) {
  return db
    .select(visitColumns)
    .from(jobs)
    .where(and(contactVisits(accountId, customerId), gte(jobs.startsAt, now), not(settledVisit)))
    .orderBy(asc(jobs.startsAt), asc(jobs.id))
    .limit(HUB_LIST_LIMIT);
}

export async function pastVisits(db: DbOrTx, accountId: string, customerId: string, now: Date) {
  return db
    .select(visitColumns)
    .from(jobs)
    .where(and(contactVisits(accountId, customerId), or(lt(jobs.startsAt, now), settledVisit)))
    .orderBy(desc(jobs.startsAt), desc(jobs.id))
    .limit(HUB_LIST_LIMIT);
}

export async function findContactVisit(
  db: DbOrTx,
  accountId: string,
  customerId: string,
  visitId: string,
) {
  const [row] = await db
    .select({ ...visitColumns, updatedAt: jobs.updatedAt })
    .from(jobs)
    .where(and(contactVisits(accountId, customerId), eq(jobs.id, visitId)));
  return row;
}

export async function contactInvoices(db: DbOrTx, accountId: string, customerId: string) {
  return db
    .select({
      id: invoices.id,
      numberText: invoices.numberText,
      issueDate: invoices.issueDate,
      dueDate: invoices.dueDate,
      status: invoices.status,
      totalCents: invoices.totalCents,
      balanceCents: invoices.balanceCents,
      shareVersion: invoices.shareVersion,
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.accountId, accountId),
        eq(invoices.customerId, customerId),
        ne(invoices.status, 'draft'),
        ne(invoices.status, 'void'),
      ),
    )
    .orderBy(desc(invoices.issueDate), desc(invoices.id))
    .limit(HUB_LIST_LIMIT);
}

export async function contactReports(db: DbOrTx, accountId: string, customerId: string) {
  return db
    .select({
      id: inspections.id,
      templateName: inspections.templateName,
      finishedAt: inspections.finishedAt,
      passed: inspections.passed,
      linkId: inspectionShareLinks.id,
    })
    .from(inspections)
    .innerJoin(
      inspectionShareLinks,
      and(
        eq(inspectionShareLinks.accountId, inspections.accountId),
        eq(inspectionShareLinks.inspectionId, inspections.id),
        isNull(inspectionShareLinks.revokedAt),
      ),
    )
    .where(and(eq(inspections.accountId, accountId), eq(inspections.customerId, customerId)))
    .orderBy(desc(inspections.startedAt), desc(inspections.id))
    .limit(HUB_LIST_LIMIT);
}

/**
 * Codes and sessions that can no longer be used. Codes are kept a day past their expiry: the
 * "codes asked for lately" limit counts them.
 */
export async function deleteExpired(db: DbOrTx, now: Date): Promise<number> {
  const codes = await db
    .delete(clientHubCodes)
    .where(lt(clientHubCodes.expiresAt, new Date(now.getTime() - 86_400_000)))
    .returning({ id: clientHubCodes.id });
  const sessions = await db
    .delete(clientHubSessions)
    .where(lt(clientHubSessions.expiresAt, now))
    .returning({ id: clientHubSessions.id });
  return codes.length + sessions.length;
}
