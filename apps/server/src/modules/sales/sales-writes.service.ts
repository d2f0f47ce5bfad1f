import {
  SALES_MESSAGES,
  type OpportunityCreateInput,
  type OpportunityMoveInput,
  type OpportunitySummary,
  type OpportunityUpdateInput,
} from '@crewdesk/domain';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AccountActor } from '../../plugins/permissions.ts';
import { recordEvent } from '../events/index.ts';
import * as repo from './sales.repo.ts';
import { isManager, visibleOpportunity } from './sales-access.ts';
import { summaryAfterWrite } from './sales-board.service.ts';
import { applyMove } from './sales-moves.service.ts';
import { type SalesDeps, ensurePipeline, sellerOrNull, sourceOf } from './sales.service.ts';

// ---------------------------------------------------------------------------------------------
// Writes
// ---------------------------------------------------------------------------------------------

/**
 * The owner a person may set: a manager any member who works the pipeline, a sales person only
 * themselves (or nobody).
 */
async function checkOwner(tx: DbOrTx, actor: AccountActor, ownerUserId: string | null) {
  if (ownerUserId === null) return;
  if (!isManager(actor) && ownerUserId !== actor.userId)
    throw new AppError('FORBIDDEN', SALES_MESSAGES.ownerOnlySelf);
  if ((await sellerOrNull(tx, actor.accountId, ownerUserId)) === null)
    throw new AppError('BAD_REQUEST', SALES_MESSAGES.ownerNotSeller);
}

export async function create(
  deps: SalesDeps,
  actor: AccountActor,
  input: OpportunityCreateInput,
): Promise<OpportunitySummary> {
  const id = await deps.db.transaction(async (tx) => {
    const now = deps.now();
    await ensurePipeline(tx, actor.accountId, now);
    const contact = await repo.contactOf(tx, actor.accountId, input.customerId);
    if (!contact) throw new AppError('NOT_FOUND', SALES_MESSAGES.contactNotFound);
    const owner = input.ownerUserId === undefined ? actor.userId : input.ownerUserId;
    await checkOwner(tx, actor, owner);
    const opportunity = await repo.insertOpportunity(tx, {
      accountId: actor.accountId,
      customerId: contact.id,
      title: input.title ?? `${contact.firstName} ${contact.lastName}`.trim(),
      source: input.source ?? sourceOf({ source: null, contactSource: contact.source }),
      stage: 'new',
      stageEnteredAt: now,
      ownerUserId: owner,
      enteredValueCents: input.valueCents ?? null,
      followUpOn: input.followUpOn ?? null,
      expectedCloseOn: input.expectedCloseOn ?? null,
      openedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    await repo.insertMove(tx, {
      accountId: actor.accountId,
      opportunityId: opportunity.id,
      fromStage: null,
      toStage: 'new',
      byUserId: actor.userId,
      createdAt: now,
    });
    await recordEvent(tx, {
      accountId: actor.accountId,
      type: 'opportunity.opened',
      subjectId: opportunity.id,
      actorUserId: actor.userId,
      payload: { customerId: contact.id, requestId: null },
    });
    return opportunity.id;
  });
  return summaryAfterWrite(deps, actor, id);
}

export async function update(
  deps: SalesDeps,
  actor: AccountActor,
  id: string,
  input: OpportunityUpdateInput,
): Promise<OpportunitySummary> {
  await deps.db.transaction(async (tx) => {
    const now = deps.now();
    const settings = await ensurePipeline(tx, actor.accountId, now);
    const current = await visibleOpportunity(tx, actor, settings, id, true);
    if (input.ownerUserId !== undefined && input.ownerUserId !== current.ownerUserId)
      await checkOwner(tx, actor, input.ownerUserId);
    await repo.updateOpportunity(tx, actor.accountId, id, {
      ...(input.title !== undefined ? { title: input.title ?? current.title } : {}),
      ...(input.source !== undefined ? { source: input.source } : {}),
      ...(input.ownerUserId !== undefined ? { ownerUserId: input.ownerUserId } : {}),
      ...(input.valueCents !== undefined ? { enteredValueCents: input.valueCents } : {}),
      ...(input.followUpOn !== undefined ? { followUpOn: input.followUpOn } : {}),
      ...(input.expectedCloseOn !== undefined ? { expectedCloseOn: input.expectedCloseOn } : {}),
      updatedAt: now,
    });
    await recordEvent(tx, {
      accountId: actor.accountId,
      type: 'opportunity.updated',
      subjectId: id,
      actorUserId: actor.userId,
      payload: input.ownerUserId !== undefined ? { ownerUserId: input.ownerUserId } : {},
    });
  });
  return summaryAfterWrite(deps, actor, id);
}

/** A hand move (a dragged card): any stage to any other; "lost" with one of the business's reasons. */
export async function move(
  deps: SalesDeps,
  actor: AccountActor,
  id: string,
  input: OpportunityMoveInput,
): Promise<OpportunitySummary> {
  await deps.db.transaction(async (tx) => {
    const now = deps.now();
    const settings = await ensurePipeline(tx, actor.accountId, now);
    const current = await visibleOpportunity(tx, actor, settings, id, true);
    if (current.stage === input.stage) throw new AppError('CONFLICT', SALES_MESSAGES.sameStage);
    let reason: string | null = null;
    if (input.stage === 'lost') {
      const given = input.lostReason?.toLowerCase();
      reason = settings.lostReasons.find((r) => r.toLowerCase() === given) ?? null;
      if (!reason) throw new AppError('BAD_REQUEST', SALES_MESSAGES.lostReasonUnknown);
    }
    await applyMove(
      tx,
      current,
      input.stage,
      reason,
      { byUserId: actor.userId, causeSeq: null, causeType: null, note: input.note ?? null },
      now,
    );
  });
  return summaryAfterWrite(deps, actor, id);
}

export async function addNote(
  deps: SalesDeps,
  actor: AccountActor,
  id: string,
  body: string,
): Promise<{ id: string; at: string }> {
  return deps.db.transaction(async (tx) => {
    const now = deps.now();
    const settings = await ensurePipeline(tx, actor.accountId, now);
    await visibleOpportunity(tx, actor, settings, id, true);
    const note = await repo.insertNote(tx, {
      accountId: actor.accountId,
      opportunityId: id,
      body,
      authorUserId: actor.userId,
      createdAt: now,
    });
    await repo.updateOpportunity(tx, actor.accountId, id, { updatedAt: now });
    await recordEvent(tx, {
      accountId: actor.accountId,
      type: 'opportunity.note_added',
      subjectId: id,
      actorUserId: actor.userId,
      payload: {},
    });
    return { id: note.id, at: note.createdAt.toISOString() };
  });
}
