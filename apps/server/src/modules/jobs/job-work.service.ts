import {
  canChangeJobStatus,
  canDispatchJobs,
  JOB_STATUS_CHANGE_REFUSED,
  type JobDetail,
  type JobStatus,
  type PhotoLabel,
} from '@crewdesk/domain';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { AppError, orNotFound } from '../../lib/app-error.ts';
import type { ImageStore } from '../../lib/image-store.ts';
import type { AccountActor } from '../../plugins/permissions.ts';
import * as repo from './jobs.repo.ts';
import {
  findVisibleVisit,
  getJob,
  lockVisibleJob,
  requireDispatcher,
  requireWork,
} from './jobs.service.ts';
import { resizePhoto } from '../../lib/photos.ts';

/**
 * Locks the visit and checks the actor may work it (dispatchers, or one of its assignees); a
 * visit the actor may not see answers 404.
 */
export async function lockForWork(tx: Tx, actor: AccountActor, id: string): Promise<repo.JobRow> {
  const job = await lockVisibleJob(tx, actor, id);
  const visit = await findVisibleVisit(tx, actor, id);
  requireWork(actor, visit.assignees);
  return job;
}

const STATUS_TIME_COLUMN: Partial<
  Record<JobStatus, 'onTheWayAt' | 'startedAt' | 'completedAt' | 'cancelledAt'>
> = {
  on_the_way: 'onTheWayAt',
  in_progress: 'startedAt',
  completed: 'completedAt',
  cancelled: 'cancelledAt',
};

/** Cancelling and reopening are the office's calls; field workers move a visit forward. */
const DISPATCH_ONLY_STATUS_CHANGES = new Set<string>([
  'cancelled',
  'completed→in_progress',
  'cancelled→scheduled',
]);

export async function changeStatus(
  db: Db,
  actor: AccountActor,
  id: string,
  status: JobStatus,
  now: Date,
): Promise<JobDetail> {
  await db.transaction(async (tx) => {
    const job = await lockForWork(tx, actor, id);
    await changeStatusIn(tx, actor, job, status, now);
  });
  return getJob(db, actor, id, now);
}

/** Moves a visit locked by lockForWork to `status` at `at`, with its history entry. */
export async function changeStatusIn(
  tx: Tx,
  actor: AccountActor,
  job: repo.JobRow,
  status: JobStatus,
  at: Date,
): Promise<void> {
  if (job.status === status) return;
  if (!canChangeJobStatus(job.status, status))
    throw new AppError('CONFLICT', JOB_STATUS_CHANGE_REFUSED(job.status, status));
  if (
    (DISPATCH_ONLY_STATUS_CHANGES.has(status) ||
      DISPATCH_ONLY_STATUS_CHANGES.has(`${job.status}→${status}`)) &&
    !canDispatchJobs(actor.role)
  )
    requireDispatcher(actor);
  const column = STATUS_TIME_COLUMN[status];
  const times: Partial<repo.NewJobRow> = column ? { [column]: at } : {};
  // Reopening clears the completion; putting a cancelled visit back clears the cancellation.
  if (status === 'in_progress' && job.status === 'completed') times.completedAt = null;
  if (status === 'in_progress' && job.startedAt) delete times.startedAt;
  if (status === 'scheduled') Object.assign(times, { cancelledAt: null, onTheWayAt: null });
  await repo.updateJob(tx, actor.accountId, job.id, { status, ...times });
  await repo.insertEvent(tx, {
    accountId: actor.accountId,
    jobId: job.id,
    kind: 'status_changed',
    detail: { from: job.status, to: status },
    actorUserId: actor.userId,
  });
  job.status = status;
}

export async function addChecklistItem(
  db: Db,
  actor: AccountActor,
  id: string,
  label: string,
  now: Date,
) {
  await db.transaction(async (tx) => {
    await lockForWork(tx, actor, id);
    await repo.insertChecklist(tx, actor.accountId, id, [label]);
    await repo.updateJob(tx, actor.accountId, id, {});
    await repo.insertEvent(tx, {
      accountId: actor.accountId,
      jobId: id,
      kind: 'checklist_added',
      detail: { label },
      actorUserId: actor.userId,
    });
  });
  return getJob(db, actor, id, now);
}

async function findItem(tx: Tx, accountId: string, jobId: string, itemId: string) {
  return orNotFound(await repo.findChecklistItem(tx, accountId, jobId, itemId), 'Checklist item');
}

export async function setChecklistItemDone(
  db: Db,
  actor: AccountActor,
  id: string,
  itemId: string,
  done: boolean,
  now: Date,
) {
  await db.transaction(async (tx) => {
    await lockForWork(tx, actor, id);
    await setChecklistItemDoneIn(tx, actor, id, itemId, done, now);
  });
  return getJob(db, actor, id, now);
}

/** Ticks or unticks an item of a visit locked by lockForWork; a missing item answers 404. */
export async function setChecklistItemDoneIn(
  tx: Tx,
  actor: AccountActor,
  id: string,
  itemId: string,
  done: boolean,
  at: Date,
): Promise<void> {
  const item = await findItem(tx, actor.accountId, id, itemId);
  if ((item.doneAt !== null) === done) return;
  await repo.markChecklistItem(tx, actor.accountId, itemId, done ? { at, by: actor.userId } : null);
  await repo.updateJob(tx, actor.accountId, id, {});
  await repo.insertEvent(tx, {
    accountId: actor.accountId,
    jobId: id,
    kind: done ? 'checklist_checked' : 'checklist_unchecked',
    detail: { label: item.label },
    actorUserId: actor.userId,
  });
}

export async function removeChecklistItem(
  db: Db,
  actor: AccountActor,
  id: string,
  itemId: string,
  now: Date,
) {
  requireDispatcher(actor);
  await db.transaction(async (tx) => {
    await lockForWork(tx, actor, id);
    const item = await findItem(tx, actor.accountId, id, itemId);
    await repo.deleteChecklistItem(tx, actor.accountId, itemId);
    await repo.updateJob(tx, actor.accountId, id, {});
    await repo.insertEvent(tx, {
      accountId: actor.accountId,
      jobId: id,
      kind: 'checklist_removed',
      detail: { label: item.label },
      actorUserId: actor.userId,
    });
  });
  return getJob(db, actor, id, now);
}

export async function addNote(db: Db, actor: AccountActor, id: string, text: string, now: Date) {
  await db.transaction(async (tx) => {
    await lockForWork(tx, actor, id);
    await addNoteIn(tx, actor, id, text);
  });
  return getJob(db, actor, id, now);
}

/** A note on the history of a visit locked by lockForWork. */
export async function addNoteIn(tx: Tx, actor: AccountActor, id: string, text: string) {
  await repo.insertEvent(tx, {
    accountId: actor.accountId,
    jobId: id,
    kind: 'note_added',
    detail: { text },
    actorUserId: actor.userId,
  });
}

export { PHOTO_MAX_EDGE, PHOTO_MAX_UPLOAD_BYTES } from '../../lib/photos.ts';

export async function addPhoto(
  db: Db,
  store: ImageStore,
  actor: AccountActor,
  id: string,
  image: Buffer,
  label: PhotoLabel | undefined,
  now: Date,
) {
  const photo = await storePhoto(db, store, actor, id, image);
  try {
    await db.transaction(async (tx) => {
      await lockForWork(tx, actor, id);
      await insertPhotoIn(tx, actor, id, photo, label);
    });
  } catch (error) {
    await store.remove(photo.fileName);
    throw error;
  }
  return getJob(db, actor, id, now);
}

export interface StoredPhoto {
  fileName: string;
  width: number;
  height: number;
}

/**
 * Checks the actor may work the visit, then resizes the image and saves its file, outside any
 * transaction (the slow part). The caller inserts it with insertPhotoIn, or removes the file.
 */
export async function storePhoto(
  db: Db,
  store: ImageStore,
  actor: AccountActor,
  id: string,
  image: Buffer,
): Promise<StoredPhoto> {
  await db.transaction((tx) => lockForWork(tx, actor, id));
  const photo = await resizePhoto(image);
  const fileName = await store.save(id, 'image/jpeg', photo.bytes);
  return { fileName, width: photo.width, height: photo.height };
}

/** A stored photo on a visit locked by lockForWork, with its history entry. */
export async function insertPhotoIn(
  tx: Tx,
  actor: AccountActor,
  id: string,
  photo: StoredPhoto,
  label: PhotoLabel | undefined,
): Promise<void> {
  await repo.insertPhoto(tx, {
    accountId: actor.accountId,
    jobId: id,
    fileName: photo.fileName,
    contentType: 'image/jpeg',
    label: label ?? null,
    width: photo.width,
    height: photo.height,
    uploadedBy: actor.userId,
  });
  await repo.updateJob(tx, actor.accountId, id, {});
  await repo.insertEvent(tx, {
    accountId: actor.accountId,
    jobId: id,
    kind: 'photo_added',
    detail: { label: label ?? null },
    actorUserId: actor.userId,
  });
}

async function findPhoto(db: DbOrTx, accountId: string, jobId: string, photoId: string) {
  return orNotFound(await repo.findPhoto(db, accountId, jobId, photoId), 'Photo');
}

export async function readPhoto(
  db: Db,
  store: ImageStore,
  actor: AccountActor,
  id: string,
  photoId: string,
) {
  await findVisibleVisit(db, actor, id);
  const photo = await findPhoto(db, actor.accountId, id, photoId);
  const bytes = orNotFound(await store.read(photo.fileName), 'Photo');
  return { bytes, contentType: photo.contentType };
}

export async function removePhoto(
  db: Db,
  store: ImageStore,
  actor: AccountActor,
  id: string,
  photoId: string,
  now: Date,
) {
  const fileName = await db.transaction(async (tx) => {
    await lockForWork(tx, actor, id);
    const photo = await findPhoto(tx, actor.accountId, id, photoId);
    // A field worker may take back their own photo; the office may remove any.
    if (photo.uploadedBy !== actor.userId) requireDispatcher(actor);
    await repo.deletePhoto(tx, actor.accountId, photoId);
    await repo.updateJob(tx, actor.accountId, id, {});
    await repo.insertEvent(tx, {
      accountId: actor.accountId,
      jobId: id,
      kind: 'photo_removed',
      detail: { label: photo.label },
      actorUserId: actor.userId,
    });
    return photo.fileName;
  });
  await store.remove(fileName);
  return getJob(db, actor, id, now);
}

export const NOT_A_SERIES_VISIT =
  'Only a visit of a recurring series can be skipped or end its series.';

export async function skipVisit(db: Db, actor: AccountActor, id: string, now: Date) {
  requireDispatcher(actor);
  await db.transaction(async (tx) => {
    const job = await lockForWork(tx, actor, id);
    if (!job.seriesId) throw new AppError('BAD_REQUEST', NOT_A_SERIES_VISIT);
    if (job.status !== 'scheduled')
      throw new AppError('CONFLICT', 'Only a visit that has not started can be skipped.');
    await repo.updateJob(tx, actor.accountId, id, { status: 'cancelled', cancelledAt: now });
    await repo.insertEvent(tx, {
      accountId: actor.accountId,
      jobId: id,
      kind: 'skipped',
      detail: null,
      actorUserId: actor.userId,
    });
  });
  return getJob(db, actor, id, now);
}

/** The series has no visit after this one: its later visits nobody started are removed. */
export async function endSeries(db: Db, actor: AccountActor, id: string, now: Date) {
  requireDispatcher(actor);
  await db.transaction(async (tx) => {
    const job = await lockForWork(tx, actor, id);
    if (!job.seriesId || !job.occurrenceDate) throw new AppError('BAD_REQUEST', NOT_A_SERIES_VISIT);
    await repo.endSeriesOn(tx, actor.accountId, job.seriesId, job.occurrenceDate, now);
    const removed = await repo.deleteUntouchedVisitsAfter(
      tx,
      actor.accountId,
      job.seriesId,
      job.occurrenceDate,
    );
    await repo.insertEvent(tx, {
      accountId: actor.accountId,
      jobId: id,
      kind: 'series_ended',
      detail: { removedVisits: removed },
      actorUserId: actor.userId,
    });
  });
  return getJob(db, actor, id, now);
}
