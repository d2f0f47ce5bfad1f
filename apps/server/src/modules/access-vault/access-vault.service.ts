import { randomUUID } from 'node:crypto';
import {
  ACCESS_ENTRIES_FULL_MESSAGE,
  ACCESS_ENTRIES_MAX,
  ACCESS_NEEDS_VISIT_MESSAGE,
  ACCESS_NOT_ASSIGNED_MESSAGE,
  ACCESS_REVEALS_MAX,
  ACCESS_UNREADABLE_MESSAGE,
  ACCESS_WINDOW_CLOSED_MESSAGE,
  accessWindowOf,
  hasBusinessAdminRights,
  type AccessEntry,
  type AccessEntryInput,
  type AccessEntryUpdate,
  type AccessReveal,
  type AccessRevealLog,
  type VisitAccess,
} from '@crewdesk/domain';
import type { Db } from '../../db/client.ts';
import { AppError, orNotFound } from '../../lib/app-error.ts';
import { openSecret, sealSecret } from '../../lib/secret-box.ts';
import type { AccountActor } from '../../plugins/permissions.ts';
import { findVisibleVisit } from '../jobs/index.ts';
import * as repo from './access-vault.repo.ts';

export interface VaultDeps {
  db: Db;
  now: () => Date;
  /** Config.vaultKey: VAULT_KEY, else AUTH_SECRET. */
  vaultKey: string;
}

/** The purpose label of the vault's key: never the same key as another use of the secret. */
const VAULT_PURPOSE = 'access-vault';
/** The key version new values are sealed with (decision 040: rotation adds the next one). */
const KEY_VERSION = 1;
const CONTACT = 'Contact';
const ENTRY = 'Access code';

/** A sealed value opens only for its own account and entry (AES-GCM additional data). */
const contextOf = (accountId: string, entryId: string) => `${accountId}:${entryId}`;

export function sealEntrySecret(
  vaultKey: string,
  accountId: string,
  entryId: string,
  secret: string,
) {
  return sealSecret(secret, vaultKey, VAULT_PURPOSE, contextOf(accountId, entryId));
}

function openEntrySecret(vaultKey: string, row: repo.AccessEntryRow): string {
  const plain = openSecret(
    row.secretSealed,
    vaultKey,
    VAULT_PURPOSE,
    contextOf(row.accountId, row.id),
  );
  if (plain === null) throw new AppError('CONFLICT', ACCESS_UNREADABLE_MESSAGE);
  return plain;
}

export function toAccessEntry(row: repo.AccessEntryRow): AccessEntry {
  return {
    id: row.id,
    customerId: row.customerId,
    label: row.label,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function requireContact(db: Db, accountId: string, customerId: string): Promise<void> {
  orNotFound(await repo.findCustomerId(db, accountId, customerId), CONTACT);
}

export async function listEntries(
  deps: VaultDeps,
  actor: AccountActor,
  customerId: string,
): Promise<AccessEntry[]> {
  await requireContact(deps.db, actor.accountId, customerId);
  return (await repo.listEntries(deps.db, actor.accountId, customerId)).map(toAccessEntry);
}

export async function addEntry(
  deps: VaultDeps,
  actor: AccountActor,
  customerId: string,
  input: Required<AccessEntryInput>,
): Promise<AccessEntry> {
  return deps.db.transaction(async (tx) => {
    orNotFound(await repo.findCustomerId(tx, actor.accountId, customerId), CONTACT);
    if ((await repo.countEntries(tx, actor.accountId, customerId)) >= ACCESS_ENTRIES_MAX)
      throw new AppError('BAD_REQUEST', ACCESS_ENTRIES_FULL_MESSAGE);
    const id = randomUUID();
    const row = await repo.insertEntry(tx, {
      id,
      accountId: actor.accountId,
      customerId,
      label: input.label,
      secretSealed: sealEntrySecret(deps.vaultKey, actor.accountId, id, input.secret),
      keyVersion: KEY_VERSION,
      createdBy: actor.userId,
    });
    return toAccessEntry(row);
  });
}

export async function updateEntry(
  deps: VaultDeps,
  actor: AccountActor,
  id: string,
  input: AccessEntryUpdate,
): Promise<AccessEntry> {
  return deps.db.transaction(async (tx) => {
    orNotFound(await repo.findEntry(tx, actor.accountId, id, { lock: true }), ENTRY);
    const row = await repo.updateEntry(tx, actor.accountId, id, {
      label: input.label,
      ...(input.secret === undefined
        ? {}
        : {
            secretSealed: sealEntrySecret(deps.vaultKey, actor.accountId, id, input.secret),
            keyVersion: KEY_VERSION,
          }),
      updatedAt: deps.now(),
    });
    return toAccessEntry(row);
  });
}

/** Deletes the entry; its reveal log stays (entry_id becomes null, the label is kept). */
export async function deleteEntry(deps: VaultDeps, actor: AccountActor, id: string) {
  await deps.db.transaction(async (tx) => {
    orNotFound(await repo.findEntry(tx, actor.accountId, id, { lock: true }), ENTRY);
    await repo.deleteEntry(tx, actor.accountId, id);
  });
}

/**
 * Opens one code and logs it (who, when, which entry, which visit) in the same transaction.
 * An admin may reveal at any time; anyone else only through a visit at the entry's contact that
 * they are assigned to, inside its window (accessWindowOf).
 */
export async function revealEntry(
  deps: VaultDeps,
  actor: AccountActor,
  id: string,
  jobId: string | null,
): Promise<AccessReveal> {
  const admin = hasBusinessAdminRights(actor.role);
  if (!admin && jobId === null) throw new AppError('BAD_REQUEST', ACCESS_NEEDS_VISIT_MESSAGE);
  return deps.db.transaction(async (tx) => {
    const entry = orNotFound(await repo.findEntry(tx, actor.accountId, id), ENTRY);
    if (jobId !== null) {
      const visit = await findVisibleVisit(tx, actor, jobId);
      // A code of another contact is not there for this visit.
      if (visit.job.customerId !== entry.customerId)
        throw new AppError('NOT_FOUND', `${ENTRY} not found.`);
      if (!admin) {
        if (!visit.assignees.some((a) => a.userId === actor.userId))
          throw new AppError('FORBIDDEN', ACCESS_NOT_ASSIGNED_MESSAGE);
        if (accessWindowOf(visit.job, deps.now()).state !== 'open')
          throw new AppError('FORBIDDEN', ACCESS_WINDOW_CLOSED_MESSAGE);
      }
    }
    const secret = openEntrySecret(deps.vaultKey, entry);
    const log = await repo.insertReveal(tx, {
      accountId: actor.accountId,
      entryId: entry.id,
      customerId: entry.customerId,
      label: entry.label,
      jobId,
      revealedBy: actor.userId,
      revealedAt: deps.now(),
    });
    return {
      entryId: entry.id,
      label: entry.label,
      secret,
      revealedAt: log.revealedAt.toISOString(),
    };
  });
}

export async function revealLog(
  deps: VaultDeps,
  actor: AccountActor,
  customerId: string,
): Promise<AccessRevealLog> {
  await requireContact(deps.db, actor.accountId, customerId);
  const rows = await repo.listReveals(deps.db, actor.accountId, customerId, ACCESS_REVEALS_MAX);
  return {
    reveals: rows.map((r) => ({
      id: r.id,
      entryId: r.entryId,
      label: r.label,
      revealedAt: r.revealedAt.toISOString(),
      revealedBy: r.userId ? { userId: r.userId, name: r.userName ?? '' } : null,
      jobId: r.jobId,
      jobTitle: r.jobTitle,
    })),
  };
}

/** A visit's Access panel: the labels of its contact's codes and whether they open now. */
export async function visitAccess(
  deps: VaultDeps,
  actor: AccountActor,
  jobId: string,
): Promise<VisitAccess> {
  const visit = await findVisibleVisit(deps.db, actor, jobId);
  const window = accessWindowOf(visit.job, deps.now());
  const times = {
    opensAt: window.opensAt?.toISOString() ?? null,
    closesAt: window.closesAt?.toISOString() ?? null,
  };
  const admin = hasBusinessAdminRights(actor.role);
  if (!admin && !visit.assignees.some((a) => a.userId === actor.userId))
    return { state: 'not-assigned', ...times, entries: [] };
  const entries = visit.job.customerId
    ? (await repo.listEntries(deps.db, actor.accountId, visit.job.customerId)).map(toAccessEntry)
    : [];
  return { state: admin ? 'admin' : window.state, ...times, entries };
}
