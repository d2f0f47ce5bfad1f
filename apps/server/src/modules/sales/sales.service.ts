import { randomUUID } from 'node:crypto';
import {
  DEFAULT_LOST_REASONS,
  isRoleAllowed,
  LEAD_SOURCES,
  mapMemberRole,
  quotedValueCents,
  SALES_ROUTE_ROLES,
  stageOfRequests,
  type LeadSource,
  type SalesSettings,
  type SalesSettingsInput,
  type StageProbabilities,
} from '@crewdesk/domain';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import type { AccountActor } from '../../plugins/permissions.ts';
import { effectiveStatus } from '../requests/index.ts';
import * as repo from './sales.repo.ts';

export interface SalesDeps {
  db: Db;
  now: () => Date;
}

// ---------------------------------------------------------------------------------------------
// Settings and the first use (the backfill)
// ---------------------------------------------------------------------------------------------

export function probabilitiesOf(s: repo.SettingsRow): StageProbabilities {
  return {
    new: s.probabilityNew,
    contacted: s.probabilityContacted,
    quoted: s.probabilityQuoted,
    won: 100,
    lost: 0,
  };
}

function toSettings(s: repo.SettingsRow): SalesSettings {
  return {
    teamVisible: s.teamVisible,
    nudgeDays: s.nudgeDays,
    lostReasons: s.lostReasons,
    probabilities: probabilitiesOf(s),
  };
}

/**
 * The pipeline of a business, made on its first use: the settings row and, in the same
 * transaction, an opportunity for each contact's requests that existed before (decision 031).
 * Two first uses at once: the second waits on the settings row's key and finds it made.
 */
export async function ensurePipeline(
  tx: Tx,
  accountId: string,
  now: Date,
  /** The request whose ledger event is being read: it joins by that event, not by the backfill. */
  exceptRequestId?: string,
) {
  const existing = await repo.findSettings(tx, accountId);
  if (existing) return existing;
  if (await repo.claimFirstUse(tx, accountId, DEFAULT_LOST_REASONS))
    await backfill(tx, accountId, now, exceptRequestId);
  const made = await repo.findSettings(tx, accountId);
  if (!made) throw new Error('sales settings missing after first use');
  return made;
}

export async function settingsFor(deps: SalesDeps, accountId: string) {
  const found = await repo.findSettings(deps.db, accountId);
  if (found) return found;
  return deps.db.transaction((tx) => ensurePipeline(tx, accountId, deps.now()));
}

export function sourceOf(request: {
  source: string | null;
  contactSource: string | null;
}): LeadSource {
  if (request.source === 'request_form') return 'request_form';
  const contact = request.contactSource as LeadSource | null;
  return contact && (LEAD_SOURCES as readonly string[]).includes(contact) ? contact : 'other';
}

/** Rows written per statement by the backfill. */
const BACKFILL_BATCH = 500;

/**
 * One opportunity per contact (a request without a contact alone), its stage from the statuses.
 * Written a batch of opportunities at a time (their ids made here), with their requests and
 * first moves: a business with 100,000 requests took 400,000 statements one after another
 * (over five minutes in one transaction) when each opportunity was written alone.
 */
export async function backfill(
  tx: Tx,
  accountId: string,
  now: Date,
  exceptRequestId: string | undefined,
): Promise<void> {
  const rows = (await repo.unlinkedRequests(tx, accountId)).filter((r) => r.id !== exceptRequestId);
  const groups = new Map<string, typeof rows>();
  for (const row of rows) {
    const key = row.customerId ?? `request:${row.id}`;
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  const sellers = await sellersOf(tx, accountId);
  const planned = [...groups.values()].map((group) => {
    const first = group[0]!;
    const withStatus = group.map((r) => ({ ...r, status: effectiveStatus(r, now) }));
    const { stage, lostReason } = stageOfRequests(withStatus.map((r) => r.status));
    const source = group.some((r) => r.source === 'request_form')
      ? 'request_form'
      : sourceOf(first);
    const id = randomUUID();
    return {
      opportunity: {
        id,
        accountId,
        customerId: first.customerId,
        title: first.title,
        source,
        stage,
        stageEnteredAt: now,
        ownerUserId: first.userId && sellers.has(first.userId) ? first.userId : null,
        quotedValueCents: quotedValueCents(withStatus),
        lostReason,
        openedAt: first.createdAt,
        createdAt: now,
        updatedAt: now,
      },
      requestIds: group.map((r) => r.id),
      move: {
        accountId,
        opportunityId: id,
        fromStage: null,
        toStage: stage,
        lostReason,
        causeType: 'backfill' as const,
        createdAt: now,
      },
    };
  });
  for (let at = 0; at < planned.length; at += BACKFILL_BATCH) {
    const batch = planned.slice(at, at + BACKFILL_BATCH);
    await repo.insertOpportunities(
      tx,
      batch.map((p) => p.opportunity),
    );
    const links = batch.flatMap((p) =>
      p.requestIds.map((requestId) => ({ accountId, opportunityId: p.opportunity.id, requestId })),
    );
    for (let l = 0; l < links.length; l += BACKFILL_BATCH)
      await repo.linkRequests(tx, links.slice(l, l + BACKFILL_BATCH));
    await repo.insertMoves(
      tx,
      batch.map((p) => p.move),
    );
  }
}

/** Whether a member's role may work the pipeline (own opportunities): the /sales roles. */
export function worksThePipeline(memberRole: string, accountId: string): boolean {
  return isRoleAllowed(mapMemberRole(memberRole), accountId, SALES_ROUTE_ROLES);
}

/** The active members of the account who may work the pipeline (sellerOrNull, for many). */
async function sellersOf(db: DbOrTx, accountId: string): Promise<Set<string>> {
  const members = await repo.activeMembersWithNames(db, accountId);
  return new Set(members.filter((m) => worksThePipeline(m.role, accountId)).map((m) => m.userId));
}

/** The user, if they are an active member who works the pipeline; else null. */
export async function sellerOrNull(db: DbOrTx, accountId: string, userId: string | null) {
  if (!userId) return null;
  const role = await repo.memberRole(db, accountId, userId);
  return role && worksThePipeline(role, accountId) ? userId : null;
}

export async function getSettings(deps: SalesDeps, actor: AccountActor): Promise<SalesSettings> {
  return toSettings(await settingsFor(deps, actor.accountId));
}

export async function updateSettings(
  deps: SalesDeps,
  actor: AccountActor,
  input: SalesSettingsInput,
): Promise<SalesSettings> {
  return deps.db.transaction(async (tx) => {
    await ensurePipeline(tx, actor.accountId, deps.now());
    const row = await repo.updateSettings(tx, actor.accountId, {
      teamVisible: input.teamVisible,
      nudgeDays: input.nudgeDays,
      lostReasons: input.lostReasons,
      probabilityNew: input.probabilities.new,
      probabilityContacted: input.probabilities.contacted,
      probabilityQuoted: input.probabilities.quoted,
      updatedAt: deps.now(),
    });
    return toSettings(row);
  });
}
