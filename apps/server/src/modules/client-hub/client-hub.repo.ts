import { and, eq, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { findShared, type ShareKind, type ShareSigner } from '../../lib/share-links.ts';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
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

// The repository's other parts, read through this one face (repo.* in the use cases).
export * from './hub-codes.repo.ts';
export * from './hub-lists.repo.ts';
