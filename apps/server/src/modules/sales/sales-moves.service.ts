import {
  automaticMove,
  isSalesTrigger,
  isOutWithClient,
  quotedValueCents,
  type SalesStage,
} from '@crewdesk/domain';
import type { Tx } from '../../db/client.ts';
import { recordEvent } from '../events/index.ts';
import { effectiveStatus } from '../requests/index.ts';
import * as repo from './sales.repo.ts';
import { ensurePipeline, sellerOrNull, sourceOf } from './sales.service.ts';

// ---------------------------------------------------------------------------------------------
// Moves: by the ledger and by hand
// ---------------------------------------------------------------------------------------------

interface MoveCause {
  byUserId: string | null;
  causeSeq: number | null;
  causeType: string | null;
  note?: string | null;
}

/** Moves the (locked) opportunity, records the move and its ledger event; false if already moved by this cause. */
export async function applyMove(
  tx: Tx,
  opportunity: repo.OpportunityRow,
  to: SalesStage,
  lostReason: string | null,
  cause: MoveCause,
  now: Date,
): Promise<boolean> {
  const recorded = await repo.insertMove(tx, {
    accountId: opportunity.accountId,
    opportunityId: opportunity.id,
    fromStage: opportunity.stage,
    toStage: to,
    lostReason: to === 'lost' ? lostReason : null,
    note: cause.note ?? null,
    byUserId: cause.byUserId,
    causeSeq: cause.causeSeq,
    causeType: cause.causeType,
    createdAt: now,
  });
  if (!recorded) return false;
  await repo.updateOpportunity(tx, opportunity.accountId, opportunity.id, {
    stage: to,
    stageEnteredAt: now,
    lostReason: to === 'lost' ? lostReason : null,
    updatedAt: now,
  });
  await recordEvent(tx, {
    accountId: opportunity.accountId,
    type: 'opportunity.stage_changed',
    subjectId: opportunity.id,
    actorUserId: cause.byUserId,
    payload: { from: opportunity.stage, to, causeSeq: cause.causeSeq },
  });
  return true;
}

/** What the ledger consumer needs of an event. */
export interface LedgerEventForSales {
  seq: number;
  type: string;
  accountId: string;
  subjectId: string;
}

/**
 * The pipeline's reading of one ledger event, inside the dispatch's transaction (exactly once):
 * the request joins its contact's open opportunity or opens one in "new" (with the request's
 * creator as owner when they work the pipeline), its value follows its quotes, and the stage
 * moves as `automaticMove` says. Recorded moves carry the event's seq: the same event never
 * moves an opportunity twice.
 */
export async function consumeLedgerEvent(
  tx: Tx,
  event: LedgerEventForSales,
  now: Date,
): Promise<void> {
  if (!isSalesTrigger(event.type)) return;
  const { accountId } = event;
  // A business's first event also backfills its older requests (this one joins by its event).
  await ensurePipeline(tx, accountId, now, event.subjectId);
  const request = await repo.findRequestForSales(tx, accountId, event.subjectId);
  if (!request) return;
  let opportunityId = await repo.opportunityOfRequest(tx, accountId, request.id);
  if (!opportunityId) {
    const joined = request.customerId
      ? await repo.lockOpenOpportunityOfContact(tx, accountId, request.customerId)
      : undefined;
    const opportunity = joined ?? (await openFromRequest(tx, accountId, request, event, now));
    await repo.linkRequest(tx, accountId, opportunity.id, request.id);
    opportunityId = opportunity.id;
  }
  let opportunity = await repo.lockOpportunity(tx, accountId, opportunityId);
  if (!opportunity) return;
  const siblings = (await repo.requestsOfOpportunity(tx, accountId, opportunity.id)).map((r) => ({
    ...r,
    status: effectiveStatus(r, now),
  }));
  const value = quotedValueCents(siblings);
  const owner = opportunity.ownerUserId ?? (await sellerOrNull(tx, accountId, request.userId));
  if (value !== opportunity.quotedValueCents || owner !== opportunity.ownerUserId)
    opportunity = await repo.updateOpportunity(tx, accountId, opportunity.id, {
      quotedValueCents: value,
      ownerUserId: owner,
      updatedAt: now,
    });
  const move = automaticMove(event.type, {
    stage: opportunity.stage,
    otherOpenRequests: siblings.filter((r) => r.id !== request.id && isOutWithClient(r.status))
      .length,
  });
  if (move)
    await applyMove(
      tx,
      opportunity,
      move.to,
      move.lostReason,
      { byUserId: null, causeSeq: event.seq, causeType: event.type },
      now,
    );
}

async function openFromRequest(
  tx: Tx,
  accountId: string,
  request: NonNullable<Awaited<ReturnType<typeof repo.findRequestForSales>>>,
  event: LedgerEventForSales,
  now: Date,
) {
  const opportunity = await repo.insertOpportunity(tx, {
    accountId,
    customerId: request.customerId,
    title: request.title,
    source: sourceOf(request),
    stage: 'new',
    stageEnteredAt: now,
    ownerUserId: await sellerOrNull(tx, accountId, request.userId),
    openedAt: now,
    createdAt: now,
    updatedAt: now,
  });
  await repo.insertMove(tx, {
    accountId,
    opportunityId: opportunity.id,
    fromStage: null,
    toStage: 'new',
    causeSeq: event.seq,
    causeType: event.type,
    createdAt: now,
  });
  await recordEvent(tx, {
    accountId,
    type: 'opportunity.opened',
    subjectId: opportunity.id,
    payload: { customerId: request.customerId, requestId: request.id },
  });
  return opportunity;
}
