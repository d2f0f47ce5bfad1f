import { recordEvent } from '../events/index.ts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { idInAccount } from '../../db/queries.ts';
import { jobChecklistItems, jobEvents, jobPhotos, users } from '../../db/schema/index.ts';
import type { ChecklistRow, PhotoRow } from './job-rows.repo.ts';

export async function insertEvent(
  db: DbOrTx,
  values: typeof jobEvents.$inferInsert,
): Promise<void> {
  await db.insert(jobEvents).values(values);
  await recordEvent(db, {
    accountId: values.accountId,
    type: `job.${values.kind}`,
    subjectId: values.jobId,
    actorUserId: values.actorUserId ?? null,
    payload: values.detail,
  });
}

export function listEvents(db: DbOrTx, accountId: string, jobId: string) {
  return db
    .select({
      id: jobEvents.id,
      kind: jobEvents.kind,
      detail: jobEvents.detail,
      createdAt: jobEvents.createdAt,
      actorName: users.name,
    })
    .from(jobEvents)
    .leftJoin(users, eq(users.id, jobEvents.actorUserId))
    .where(and(eq(jobEvents.accountId, accountId), eq(jobEvents.jobId, jobId)))
    .orderBy(asc(jobEvents.seq));
}

export function listChecklist(db: DbOrTx, accountId: string, jobId: string) {
  return db
    .select()
    .from(jobChecklistItems)
    .where(and(eq(jobChecklistItems.accountId, accountId), eq(jobChecklistItems.jobId, jobId)))
    .orderBy(asc(jobChecklistItems.position), asc(jobChecklistItems.id));
}

export async function insertChecklist(
  db: DbOrTx,
  accountId: string,
  jobId: string,
  labels: readonly string[],
) {
  if (labels.length === 0) return;
  const [last] = await db
    .select({ max: sql<number | null>`max(${jobChecklistItems.position})` })
    .from(jobChecklistItems)
    .where(and(eq(jobChecklistItems.accountId, accountId), eq(jobChecklistItems.jobId, jobId)));
  const start = (last?.max ?? -1) + 1;
  await db
    .insert(jobChecklistItems)
    .values(labels.map((label, i) => ({ accountId, jobId, label, position: start + i })));
}

export async function findChecklistItem(
  db: DbOrTx,
  accountId: string,
  jobId: string,
  itemId: string,
): Promise<ChecklistRow | undefined> {
  const [item] = await db
    .select()
    .from(jobChecklistItems)
    .where(
      and(
        eq(jobChecklistItems.accountId, accountId),
        eq(jobChecklistItems.jobId, jobId),
        eq(jobChecklistItems.id, itemId),
      ),
    );
  return item;
}

/** Ticks an item (by whom, when) or, with null, unticks it. */
export async function markChecklistItem(
  db: DbOrTx,
  accountId: string,
  itemId: string,
  done: { at: Date; by: string } | null,
): Promise<void> {
  await db
    .update(jobChecklistItems)
    .set({ doneAt: done?.at ?? null, doneBy: done?.by ?? null })
    .where(idInAccount(jobChecklistItems, accountId, itemId));
}

export async function deleteChecklistItem(
  db: DbOrTx,
  accountId: string,
  itemId: string,
): Promise<void> {
  await db.delete(jobChecklistItems).where(idInAccount(jobChecklistItems, accountId, itemId));
}

export async function insertPhoto(
  db: DbOrTx,
  values: typeof jobPhotos.$inferInsert,
): Promise<void> {
  await db.insert(jobPhotos).values(values);
}

export async function findPhoto(
  db: DbOrTx,
  accountId: string,
  jobId: string,
  photoId: string,
): Promise<PhotoRow | undefined> {
  const [photo] = await db
    .select()
    .from(jobPhotos)
    .where(
      and(
        eq(jobPhotos.accountId, accountId),
        eq(jobPhotos.jobId, jobId),
        eq(jobPhotos.id, photoId),
      ),
    );
  return photo;
}

export async function deletePhoto(db: DbOrTx, accountId: string, photoId: string): Promise<void> {
  await db.delete(jobPhotos).where(idInAccount(jobPhotos, accountId, photoId));
}

export function listPhotos(db: DbOrTx, accountId: string, jobId: string) {
  return db
    .select()
    .from(jobPhotos)
    .where(and(eq(jobPhotos.accountId, accountId), eq(jobPhotos.jobId, jobId)))
    .orderBy(asc(jobPhotos.createdAt), asc(jobPhotos.id));
}
