import {
  addDaysToDate,
  answerMismatch,
  canDispatchJobs,
  findItem,
  inspectionScore,
  instantOfLocal,
  INSPECTION_ALREADY_FINISHED_MESSAGE,
  INSPECTION_LIST_DEFAULT_LIMIT,
  INSPECTION_MESSAGES,
  missingRequired,
  missingRequiredMessage,
  type FinishInspectionInput,
  type InspectionAnswerInput,
  type InspectionDetail,
  type InspectionListQuery,
  type InspectionListResponse,
  type StartInspectionInput,
} from '@crewdesk/domain';
import type { ShareSigner } from '../../lib/share-links.ts';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { AppError, forbidden, notFound, orNotFound } from '../../lib/app-error.ts';
import { pageTotal } from '../../lib/capped-count.ts';
import type { ImageStore } from '../../lib/image-store.ts';
import { redrawnSignature, resizePhoto } from '../../lib/photos.ts';
import type { AccountActor } from '../../plugins/permissions.ts';
import { recordEvent } from '../events/index.ts';
import { findVisibleVisit, visibilityOf } from '../jobs/index.ts';
import { templateToStart, snapshotOf } from './inspection-templates.service.ts';
import { givenAnswers, toDetail, toListItem, type InspectionParts } from './inspection-view.ts';
import { findContactCard } from '../customers/index.ts';
import * as repo from './inspections.repo.ts';

export interface InspectionDeps {
  db: Db;
  now: () => Date;
  publicUrl: string;
  shares: ShareSigner;
}

const INSPECTION = 'Inspection';
export const LIST_COUNT_CAP = 1000;
export const FIELD_WORKERS_ON_OWN_VISITS =
  'Team members start inspections on their own visits: choose one of your visits.';
export const NOT_ON_TEAM =
  'You are not on the team of this business: choose the inspector for this inspection.';

type StartInput = Required<Omit<StartInspectionInput, 'templateId'>> & { templateId: string };

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

/** Everything an inspection's detail is built from; 404 when the actor may not see it. */
export async function loadParts(
  db: DbOrTx,
  actor: AccountActor,
  id: string,
): Promise<InspectionParts> {
  const visibility = visibilityOf(actor);
  const row = orNotFound(
    await repo.findInspection(db, actor.accountId, id, visibility),
    INSPECTION,
  );
  return partsOf(db, row);
}

/** The parts of a row already found (and allowed). */
export async function partsOf(db: DbOrTx, row: repo.InspectionRow): Promise<InspectionParts> {
  const [listed, answers, photos, share, quotes] = [
    await repo.findListed(db, row.accountId, row.id, {}),
    await repo.answersOf(db, row.accountId, row.id),
    await repo.photosOf(db, row.accountId, row.id),
    await repo.liveShareLink(db, row.accountId, row.id),
    await repo.quotesOf(db, row.accountId, row.id),
  ];
  return { row, listed: orNotFound(listed, INSPECTION), answers, photos, share, quotes };
}

export async function getInspection(
  deps: InspectionDeps,
  actor: AccountActor,
  id: string,
): Promise<InspectionDetail> {
  return toDetail(await loadParts(deps.db, actor, id), deps);
}

const BAD_CURSOR = 'cursor is not valid; start again from the first page';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function encodeCursor(row: { startedAt: Date; id: string }): string {
  return Buffer.from(JSON.stringify([row.startedAt.toISOString(), row.id])).toString('base64url');
}

function decodeCursor(cursor: string | undefined): { at: Date; id: string } | undefined {
  if (!cursor) return undefined;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && typeof parsed[0] === 'string' && typeof parsed[1] === 'string') {
      const at = new Date(parsed[0]);
      if (!Number.isNaN(at.getTime()) && UUID.test(parsed[1])) return { at, id: parsed[1] };
    }
  } catch {
    // fall through: any malformed cursor is the same 400
  }
  throw new AppError('BAD_REQUEST', BAD_CURSOR);
}

export async function listInspections(
  deps: InspectionDeps,
  actor: AccountActor,
  query: InspectionListQuery,
): Promise<InspectionListResponse> {
  const { limit = INSPECTION_LIST_DEFAULT_LIMIT, cursor, ...filters } = query;
  const after = decodeCursor(cursor);
  const filter: repo.ListFilter = {
    query: filters,
    ...visibilityOf(actor),
    // The dates are the business's calendar days: from its midnight to the midnight after `to`.
    ...(filters.from
      ? { startedFrom: instantOfLocal(`${filters.from}T00:00:00`, actor.timeZone) }
      : {}),
    ...(filters.to
      ? {
          startedBefore: instantOfLocal(`${addDaysToDate(filters.to, 1)}T00:00:00`, actor.timeZone),
        }
      : {}),
  };
  const rows = await repo.listInspections(deps.db, actor.accountId, filter, {
    limit,
    after,
    countCap: LIST_COUNT_CAP,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(toListItem),
    nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
    ...(await pageTotal(rows, LIST_COUNT_CAP, {
      afterCursor: after !== undefined,
      countAlone: () => repo.countInspections(deps.db, actor.accountId, filter, LIST_COUNT_CAP),
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// Starting
// ---------------------------------------------------------------------------------------------

/** The inspector: the one asked for (managers and leaders), else the signed-in person. */
async function inspectorFor(
  db: DbOrTx,
  actor: AccountActor,
  inspectorId: string | null,
): Promise<string> {
  const own = await repo.findEmployeeOfUser(db, actor.accountId, actor.userId);
  if (inspectorId === null || inspectorId === own?.id) {
    if (!own) throw new AppError('BAD_REQUEST', NOT_ON_TEAM);
    return own.id;
  }
  if (!canDispatchJobs(actor.role)) throw forbidden();
  return orNotFound(await repo.findEmployee(db, actor.accountId, inspectorId), 'Team member').id;
}

function oneLine(parts: (string | null)[]): string {
  return parts.filter((p) => p && p.trim() !== '').join(', ');
}

/**
 * Starts an inspection on a visit (the actor must see it: a team member only their own) or at a
 * contact's address. The template version is copied into it: later edits never change it.
 */
export async function startInspection(
  deps: InspectionDeps,
  actor: AccountActor,
  input: StartInput,
): Promise<InspectionDetail> {
  const now = deps.now();
  const id = await deps.db.transaction(async (tx) => {
    const template = await templateToStart(tx, actor, input.templateId);
    if (!input.jobId && !canDispatchJobs(actor.role)) {
      throw new AppError('FORBIDDEN', FIELD_WORKERS_ON_OWN_VISITS);
    }
    const visit = input.jobId ? (await findVisibleVisit(tx, actor, input.jobId)).job : null;
    const customerId = input.customerId ?? visit?.customerId ?? null;
    const customer = customerId
      ? orNotFound(await findContactCard(tx, actor.accountId, customerId), 'Contact')
      : null;
    const inspectorId = await inspectorFor(tx, actor, input.inspectorId);
    const siteAddress =
      input.siteAddress ||
      visit?.location ||
      (customer ? oneLine([customer.address, customer.city, customer.state, customer.zip]) : '');
    const row = await repo.insertInspection(tx, {
      accountId: actor.accountId,
      templateId: template.id,
      templateFamilyId: template.familyId,
      templateVersion: template.version,
      templateName: template.name,
      snapshot: snapshotOf(template),
      customerId,
      jobId: visit?.id ?? null,
      siteAddress,
      inspectorId,
      status: 'draft',
      startedAt: now,
      createdBy: actor.userId,
      createdAt: now,
      updatedAt: now,
    });
    await recordEvent(tx, {
      accountId: actor.accountId,
      type: 'inspection.started',
      subjectId: row.id,
      actorUserId: actor.userId,
      payload: { templateId: template.id, jobId: row.jobId, employeeId: inspectorId },
    });
    return row.id;
  });
  return getInspection(deps, actor, id);
}

// ---------------------------------------------------------------------------------------------
// Answering
// ---------------------------------------------------------------------------------------------

/** The inspection locked for a change, while it is open; 404 when unseen, 409 when finished. */
async function lockOpen(tx: Tx, actor: AccountActor, id: string): Promise<repo.InspectionRow> {
  const row = orNotFound(
    await repo.lockInspection(tx, actor.accountId, id, visibilityOf(actor)),
    INSPECTION,
  );
  if (row.status === 'finished')
    throw new AppError('CONFLICT', INSPECTION_ALREADY_FINISHED_MESSAGE);
  return row;
}

function itemOf(row: repo.InspectionRow, itemKey: string) {
  const found = findItem(row.snapshot, itemKey);
  if (!found) throw new AppError('NOT_FOUND', INSPECTION_MESSAGES.unknownItem);
  return found.item;
}

/**
 * Saves one answer as given (the same answer again changes nothing new: the item's key is the
 * row's). An answer of another kind than the item's is refused.
 */
export async function saveAnswer(
  deps: InspectionDeps,
  actor: AccountActor,
  id: string,
  itemKey: string,
  input: InspectionAnswerInput & { note: string; internalNote: string },
): Promise<InspectionDetail> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const row = await lockOpen(tx, actor, id);
    const { note, internalNote, ...value } = input;
    const mismatch = answerMismatch(itemOf(row, itemKey), value);
    if (mismatch) throw new AppError('BAD_REQUEST', mismatch);
    await repo.upsertAnswer(tx, {
      accountId: actor.accountId,
      inspectionId: id,
      itemKey,
      kind: value.kind,
      value,
      note,
      internalNote,
      answeredBy: actor.userId,
      updatedAt: now,
    });
    await repo.updateInspection(tx, actor.accountId, id, {
      status: 'in_progress',
      updatedAt: now,
    });
  });
  return getInspection(deps, actor, id);
}

/** The inspection's own notes (for the report) and internal notes (staff only). */
export async function saveNotes(
  deps: InspectionDeps,
  actor: AccountActor,
  id: string,
  input: { notes?: string | undefined; internalNotes?: string | undefined },
): Promise<InspectionDetail> {
  await deps.db.transaction(async (tx) => {
    await lockOpen(tx, actor, id);
    await repo.updateInspection(tx, actor.accountId, id, {
      ...(input.notes !== undefined ? { notes: input.notes } : {}),
      ...(input.internalNotes !== undefined ? { internalNotes: input.internalNotes } : {}),
      updatedAt: deps.now(),
    });
  });
  return getInspection(deps, actor, id);
}

/**
 * A photo of an item, resized like a visit's photo. A retry with the same device id stores
 * nothing new (the file saved for it is removed again).
 */
export async function addPhoto(
  deps: InspectionDeps & { photos: ImageStore },
  actor: AccountActor,
  id: string,
  itemKey: string,
  image: Buffer,
  clientId: string | undefined,
): Promise<InspectionDetail> {
  // Checked before the work of resizing; checked again under the lock below.
  await deps.db.transaction(async (tx) => itemOf(await lockOpen(tx, actor, id), itemKey));
  const photo = await resizePhoto(image);
  const fileName = await deps.photos.save(id, 'image/jpeg', photo.bytes);
  try {
    const stored = await deps.db.transaction(async (tx) => {
      await lockOpen(tx, actor, id);
      const inserted = await repo.insertPhoto(tx, {
        ...(clientId ? { id: clientId } : {}),
        accountId: actor.accountId,
        inspectionId: id,
        itemKey,
        fileName,
        contentType: 'image/jpeg',
        width: photo.width,
        height: photo.height,
        uploadedBy: actor.userId,
        createdAt: deps.now(),
      });
      if (inserted) {
        await repo.updateInspection(tx, actor.accountId, id, {
          status: 'in_progress',
          updatedAt: deps.now(),
        });
      }
      return inserted;
    });
    if (!stored) await deps.photos.remove(fileName);
  } catch (error) {
    await deps.photos.remove(fileName);
    throw error;
  }
  return getInspection(deps, actor, id);
}

/** Removes a photo while the inspection is open: the row in a transaction, then its file. */
export async function removePhoto(
  deps: InspectionDeps & { photos: ImageStore },
  actor: AccountActor,
  id: string,
  photoId: string,
): Promise<InspectionDetail> {
  const fileName = await deps.db.transaction(async (tx) => {
    await lockOpen(tx, actor, id);
    const removed = await repo.deletePhoto(tx, actor.accountId, id, photoId);
    if (!removed) throw notFound('Photo');
    await repo.updateInspection(tx, actor.accountId, id, { updatedAt: deps.now() });
    return removed;
  });
  await deps.photos.remove(fileName);
  return getInspection(deps, actor, id);
}

export async function readPhoto(
  db: Db,
  photos: ImageStore,
  actor: AccountActor,
  id: string,
  photoId: string,
): Promise<{ bytes: Buffer; contentType: string }> {
  orNotFound(await repo.findInspection(db, actor.accountId, id, visibilityOf(actor)), INSPECTION);
  const photo = orNotFound(await repo.findPhoto(db, actor.accountId, id, photoId), 'Photo');
  const bytes = await photos.read(photo.fileName);
  if (!bytes) throw notFound('Photo');
  return { bytes, contentType: photo.contentType };
}

// ---------------------------------------------------------------------------------------------
// Finishing
// ---------------------------------------------------------------------------------------------

/** The drawn signature's data URL, redrawn (read and written again) as a PNG. */
async function signaturePng(dataUrl: string): Promise<string> {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  return `data:image/png;base64,${(await redrawnSignature(bytes)).toString('base64')}`;
}

/**
 * Finishes with the inspector's signature, once: every required item answered (and each failed
 * item that asks for a photo has one). The score is cached for the list and its filters.
 */
export async function finishInspection(
  deps: InspectionDeps,
  actor: AccountActor,
  id: string,
  input: Required<FinishInspectionInput>,
): Promise<InspectionDetail> {
  const now = deps.now();
  const signatureImage = input.signatureImage ? await signaturePng(input.signatureImage) : null;
  await deps.db.transaction(async (tx) => {
    const row = await lockOpen(tx, actor, id);
    const given = givenAnswers({
      answers: await repo.answersOf(tx, actor.accountId, id),
      photos: await repo.photosOf(tx, actor.accountId, id),
    });
    const missing = missingRequired(row.snapshot, given);
    if (missing.length > 0)
      throw new AppError('BAD_REQUEST', missingRequiredMessage(missing), { missing });
    const score = inspectionScore(row.snapshot, given).overall;
    await repo.updateInspection(tx, actor.accountId, id, {
      status: 'finished',
      scorePercent: score.percent,
      passed: score.passed,
      signatureName: input.signatureName,
      signatureImage,
      finishedAt: now,
      updatedAt: now,
    });
    await recordEvent(tx, {
      accountId: actor.accountId,
      type: 'inspection.finished',
      subjectId: id,
      actorUserId: actor.userId,
      payload: { employeeId: row.inspectorId, scorePercent: score.percent, passed: score.passed },
    });
  });
  return getInspection(deps, actor, id);
}
