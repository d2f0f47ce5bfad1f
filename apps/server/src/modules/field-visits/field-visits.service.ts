import {
  addDaysToDate,
  FIELD_PACK_MAX_VISITS,
  FIELD_SYNC_MESSAGES,
  fieldChangeTime,
  fieldStatusSteps,
  localDateOf,
  visitWasMoved,
  type FieldChange,
  type FieldChangeResult,
  type FieldPack,
  type PhotoLabel,
} from '@crewdesk/domain';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ImageStore } from '../../lib/image-store.ts';
import type { AccountActor } from '../../plugins/permissions.ts';
import { accessEntryLabelsOf } from '../access-vault/index.ts';
import {
  addNoteIn,
  changeStatusIn,
  dayRange,
  insertPhotoIn,
  listChecklistsOf,
  lockForWork,
  setChecklistItemDoneIn,
  storePhoto,
  toVisitSummary,
  visitsInTimeOrder,
} from '../jobs/index.ts';
import { locationConsentGiven } from '../time-tracking/index.ts';
import * as repo from './field-visits.repo.ts';

/** Today's and tomorrow's visits of the signed-in member, with what the visit view shows. */
export async function fieldPack(db: Db, actor: AccountActor, now: Date): Promise<FieldPack> {
  const timeZone = actor.timeZone;
  const today = localDateOf(now, timeZone);
  const tomorrow = addDaysToDate(today, 1);
  const { start, end } = dayRange(today, tomorrow, timeZone);
  const rows = await visitsInTimeOrder(
    db,
    actor.accountId,
    { startsFrom: start, startsBefore: end, assignedToUserId: actor.userId, notCancelled: true },
    FIELD_PACK_MAX_VISITS,
  );
  const jobIds = rows.map((r) => r.job.id);
  const customerIds = [
    ...new Set(rows.flatMap((r) => (r.job.customerId ? [r.job.customerId] : []))),
  ];
  const [checklists, accessLabels, locationConsent] = await Promise.all([
    listChecklistsOf(db, actor.accountId, jobIds),
    accessEntryLabelsOf(db, actor.accountId, customerIds),
    locationConsentGiven(db, actor),
  ]);
  return {
    userId: actor.userId,
    timeZone,
    dates: [today, tomorrow],
    packedAt: now.toISOString(),
    locationConsent,
    visits: rows.map((row) => {
      const summary = toVisitSummary(row, timeZone);
      return {
        id: summary.id,
        title: summary.title,
        status: summary.status,
        startsAt: summary.startsAt,
        localStartsAt: summary.localStartsAt,
        durationMinutes: summary.durationMinutes,
        customerName: summary.customerName,
        customerPhone: summary.customerPhone,
        address: summary.location,
        notes: row.job.notes,
        checklist: (checklists.get(row.job.id) ?? []).map((item) => ({
          id: item.id,
          label: item.label,
          done: item.doneAt !== null,
        })),
        accessLabels: row.job.customerId ? (accessLabels.get(row.job.customerId) ?? []) : [],
      };
    }),
  };
}

/** A refusal the crew is told about; its receipt answers every retry the same way. */
class Refusal extends Error {}

/** The twin of this request committed first: its receipt is the answer. */
class AlreadyReceived extends Error {}

function resultOf(receipt: repo.FieldReceipt, duplicate: boolean): FieldChangeResult {
  return {
    clientId: receipt.clientId,
    outcome: duplicate && receipt.outcome === 'applied' ? 'duplicate' : receipt.outcome,
    message: receipt.message,
    moved: receipt.moved ? { startsAt: receipt.movedTo?.toISOString() ?? null } : null,
  };
}

type Applied = 'applied' | 'superseded';

/** What one change does to a visit locked for work. */
async function applyTo(
  tx: Tx,
  actor: AccountActor,
  job: Awaited<ReturnType<typeof lockForWork>>,
  change: FieldChange,
  at: Date,
): Promise<Applied> {
  switch (change.kind) {
    case 'note':
      await addNoteIn(tx, actor, job.id, change.text);
      return 'applied';
    case 'checklist': {
      // Two ticks of one item arriving out of order: the one made last on the phone wins.
      if (await repo.laterTickApplied(tx, actor.accountId, change.itemId, new Date(change.madeAt)))
        return 'superseded';
      await setChecklistItemDoneIn(tx, actor, job.id, change.itemId, change.done, at).catch(
        (error: unknown) => {
          if (error instanceof AppError && error.code === 'NOT_FOUND')
            throw new Refusal(FIELD_SYNC_MESSAGES.itemGone);
          throw error;
        },
      );
      return 'applied';
    }
    case 'status': {
      const steps = fieldStatusSteps(job.status, change.status);
      if (steps.length === 0) return 'superseded';
      for (const step of steps) await changeStatusIn(tx, actor, job, step, at);
      return 'applied';
    }
  }
}

interface ReceivedChange {
  clientId: string;
  jobId: string;
  madeAt: string;
  seenStartsAt: string | null;
  kind: repo.NewFieldReceipt['kind'];
  itemId?: string;
}

/**
 * Applies one change exactly once: under the visit's lock, the receipt is looked for, the change
 * made and the receipt written in one transaction. A refusal (the visit is cancelled, no longer
 * the crew's, or its item gone) is written as a receipt too, so a retry hears the same.
 */
async function receive(
  db: Db,
  actor: AccountActor,
  change: ReceivedChange,
  now: Date,
  apply: (tx: Tx, job: Awaited<ReturnType<typeof lockForWork>>, at: Date) => Promise<Applied>,
): Promise<FieldChangeResult> {
  const earlier = await repo.findReceipt(db, actor.accountId, change.clientId);
  if (earlier) return resultOf(earlier, true);
  const at = fieldChangeTime(change.madeAt, now);
  const receipt: repo.NewFieldReceipt = {
    accountId: actor.accountId,
    clientId: change.clientId,
    jobId: change.jobId,
    userId: actor.userId,
    kind: change.kind,
    itemId: change.itemId ?? null,
    madeAt: new Date(change.madeAt),
    outcome: 'applied',
    message: null,
    moved: false,
    movedTo: null,
  };
  try {
    return await db.transaction(async (tx) => {
      const job = await lockForWork(tx, actor, change.jobId);
      // A twin request waited for the lock above: its receipt is committed by now.
      const twin = await repo.findReceipt(tx, actor.accountId, change.clientId);
      if (twin) return resultOf(twin, true);
      if (job.status === 'cancelled') throw new Refusal(FIELD_SYNC_MESSAGES.cancelled);
      const moved = visitWasMoved(change.seenStartsAt, job.startsAt);
      const written: repo.NewFieldReceipt = {
        ...receipt,
        outcome: await apply(tx, job, at),
        moved,
        movedTo: moved ? job.startsAt : null,
      };
      if (!(await repo.insertReceipt(tx, written))) throw new AlreadyReceived();
      return resultOf(written as repo.FieldReceipt, false);
    });
  } catch (error) {
    if (error instanceof AlreadyReceived) {
      const twin = await repo.findReceipt(db, actor.accountId, change.clientId);
      if (twin) return resultOf(twin, true);
    }
    const message = refusalMessage(error);
    if (message === null) throw error;
    const refused = { ...receipt, outcome: 'refused' as const, message };
    await repo.insertReceipt(db, refused);
    const final = await repo.findReceipt(db, actor.accountId, change.clientId);
    return resultOf(final ?? (refused as repo.FieldReceipt), false);
  }
}

/** The crew's words for why a change could not be saved; null for an error that is not theirs. */
function refusalMessage(error: unknown): string | null {
  if (error instanceof Refusal) return error.message;
  if (!(error instanceof AppError)) return null;
  if (error.code === 'NOT_FOUND' || error.code === 'FORBIDDEN') return FIELD_SYNC_MESSAGES.notYours;
  if (error.code === 'CONFLICT') return error.message;
  return null;
}

/** The phone's queued changes, in the order it made them; each applied at most once. */
export async function receiveChanges(
  db: Db,
  actor: AccountActor,
  changes: readonly FieldChange[],
  now: Date,
): Promise<FieldChangeResult[]> {
  const ordered = [...changes].sort((a, b) => Date.parse(a.madeAt) - Date.parse(b.madeAt));
  const results = new Map<string, FieldChangeResult>();
  for (const change of ordered) {
    const received = await receive(
      db,
      actor,
      { ...change, itemId: change.kind === 'checklist' ? change.itemId : undefined },
      now,
      (tx, job, at) => applyTo(tx, actor, job, change, at),
    );
    results.set(change.clientId, received);
  }
  // Answered in the order they were sent, so the phone can match them line by line.
  return changes.map((c) => results.get(c.clientId) as FieldChangeResult);
}

export interface FieldPhoto {
  clientId: string;
  jobId: string;
  madeAt: string;
  seenStartsAt: string | null;
  label?: PhotoLabel;
}

/**
 * A photo taken offline: resized and stored first (the slow part), then attached with its
 * receipt; a retry finds the receipt and the new file is removed again.
 */
export async function receivePhoto(
  db: Db,
  store: ImageStore,
  actor: AccountActor,
  photo: FieldPhoto,
  bytes: Buffer,
  now: Date,
): Promise<FieldChangeResult> {
  const earlier = await repo.findReceipt(db, actor.accountId, photo.clientId);
  if (earlier) return resultOf(earlier, true);
  let stored: Awaited<ReturnType<typeof storePhoto>> | null = null;
  try {
    stored = await storePhoto(db, store, actor, photo.jobId, bytes);
  } catch (error) {
    // Not the crew's visit any more: refused with a receipt, like any other change.
    if (refusalMessage(error) === null) throw error;
  }
  const file = stored;
  const result = await receive(db, actor, { ...photo, kind: 'photo' }, now, async (tx, job) => {
    if (!file) throw new AppError('NOT_FOUND', 'Job not found.');
    await insertPhotoIn(tx, actor, job.id, file, photo.label);
    return 'applied';
  });
  if (file && result.outcome !== 'applied') await store.remove(file.fileName);
  return result;
}

/** How long a change's receipt answers retries; a phone holds a change for days at most. */
export const RECEIPT_KEEP_DAYS = 30;

/** The hourly housekeeping: receipts past RECEIPT_KEEP_DAYS. */
export function sweepReceipts(db: Db, now: Date): Promise<number> {
  return repo.deleteReceiptsBefore(db, new Date(now.getTime() - RECEIPT_KEEP_DAYS * 86_400_000));
}
