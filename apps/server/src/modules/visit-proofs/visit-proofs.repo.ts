import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { findShared, type ShareSigner } from '../../lib/share-links.ts';
import type { DbOrTx } from '../../db/client.ts';
import {
  customers,
  jobChecklistItems,
  jobPhotos,
  jobs,
  proofSettings,
  visitProofs,
} from '../../db/schema/index.ts';
import { PROOF_PHOTOS_MAX, PROOF_RESPONSE_DAYS_DEFAULT } from '@crewdesk/domain';

export type VisitProofRow = typeof visitProofs.$inferSelect;

const proofJobColumns = {
  proof: visitProofs,
  job: {
    id: jobs.id,
    title: jobs.title,
    status: jobs.status,
    startsAt: jobs.startsAt,
    completedAt: jobs.completedAt,
    customerId: jobs.customerId,
  },
};

/** A proof page by its token, with its visit (the token is the only key: any account). */
export async function findByToken(db: DbOrTx, shares: ShareSigner, token: string) {
  const first = async (where: SQL) =>
    (
      await db
        .select(proofJobColumns)
        .from(visitProofs)
        .innerJoin(
          jobs,
          and(eq(jobs.id, visitProofs.jobId), eq(jobs.accountId, visitProofs.accountId)),
        )
        .where(where)
    )[0];
  return findShared(shares, 'visit-proof', token, {
    byId: (id) => first(eq(visitProofs.id, id)),
    byLegacyHash: (hash) => first(eq(visitProofs.legacyTokenHash, hash)),
    versionOf: (row) => row.proof.shareVersion,
  });
}

export async function findOfJob(db: DbOrTx, accountId: string, jobId: string) {
  const [row] = await db
    .select()
    .from(visitProofs)
    .where(and(eq(visitProofs.accountId, accountId), eq(visitProofs.jobId, jobId)));
  return row;
}

/** Makes the visit's page unless it has one; the row either way. */
export async function ensureProof(
  db: DbOrTx,
  values: { accountId: string; jobId: string },
): Promise<{ row: VisitProofRow; created: boolean }> {
  const [inserted] = await db
    .insert(visitProofs)
    .values(values)
    .onConflictDoNothing({ target: [visitProofs.accountId, visitProofs.jobId] })
    .returning();
  if (inserted) return { row: inserted, created: true };
  const existing = await findOfJob(db, values.accountId, values.jobId);
  if (!existing) throw new Error('visit proof vanished');
  return { row: existing, created: false };
}

/** The one answer: set only while none is there (a second answer finds nothing to update). */
export async function answerOnce(
  db: DbOrTx,
  id: string,
  values: { answer: 'confirmed' | 'problem'; problem: string | null; answeredAt: Date },
): Promise<VisitProofRow | undefined> {
  const [row] = await db
    .update(visitProofs)
    .set(values)
    .where(and(eq(visitProofs.id, id), isNull(visitProofs.answer)))
    .returning();
  return row;
}

export async function markMailed(db: DbOrTx, id: string, at: Date): Promise<void> {
  await db.update(visitProofs).set({ mailedAt: at }).where(eq(visitProofs.id, id));
}

export async function responseDaysOf(db: DbOrTx, accountId: string): Promise<number> {
  const [row] = await db
    .select({ days: proofSettings.responseDays })
    .from(proofSettings)
    .where(eq(proofSettings.accountId, accountId));
  return row?.days ?? PROOF_RESPONSE_DAYS_DEFAULT;
}

export async function saveResponseDays(db: DbOrTx, accountId: string, days: number) {
  await db
    .insert(proofSettings)
    .values({ accountId, responseDays: days })
    .onConflictDoUpdate({ target: proofSettings.accountId, set: { responseDays: days } });
}

export function checklistOf(db: DbOrTx, accountId: string, jobId: string) {
  return db
    .select({ label: jobChecklistItems.label, doneAt: jobChecklistItems.doneAt })
    .from(jobChecklistItems)
    .where(and(eq(jobChecklistItems.accountId, accountId), eq(jobChecklistItems.jobId, jobId)))
    .orderBy(asc(jobChecklistItems.position), asc(jobChecklistItems.id));
}

/** The photos the crew marked shareable, oldest first. */
export function shareablePhotosOf(db: DbOrTx, accountId: string, jobId: string) {
  return db
    .select()
    .from(jobPhotos)
    .where(
      and(
        eq(jobPhotos.accountId, accountId),
        eq(jobPhotos.jobId, jobId),
        eq(jobPhotos.shareable, true),
      ),
    )
    .orderBy(asc(jobPhotos.createdAt), asc(jobPhotos.id))
    .limit(PROOF_PHOTOS_MAX);
}

export async function findPhoto(db: DbOrTx, accountId: string, jobId: string, photoId: string) {
  const [row] = await db
    .select()
    .from(jobPhotos)
    .where(
      and(
        eq(jobPhotos.accountId, accountId),
        eq(jobPhotos.jobId, jobId),
        eq(jobPhotos.id, photoId),
      ),
    );
  return row;
}

export async function setPhotoShareable(
  db: DbOrTx,
  accountId: string,
  jobId: string,
  photoId: string,
  shareable: boolean,
) {
  const [row] = await db
    .update(jobPhotos)
    .set({ shareable })
    .where(
      and(
        eq(jobPhotos.accountId, accountId),
        eq(jobPhotos.jobId, jobId),
        eq(jobPhotos.id, photoId),
      ),
    )
    .returning({ id: jobPhotos.id, shareable: jobPhotos.shareable });
  return row;
}

/** The contact's e-mail address and the visit's title, for the automatic e-mail. */
export async function contactOfJob(db: DbOrTx, accountId: string, jobId: string) {
  const [row] = await db
    .select({ email: customers.email, title: jobs.title, status: jobs.status })
    .from(jobs)
    .leftJoin(
      customers,
      and(eq(customers.id, jobs.customerId), eq(customers.accountId, jobs.accountId)),
    )
    .where(and(eq(jobs.accountId, accountId), eq(jobs.id, jobId)));
  return row;
}

/** A contact's proof pages, newest visit first (the client hub lists them). */
export function proofsOfContact(db: DbOrTx, accountId: string, customerId: string, limit = 100) {
  return db
    .select({
      id: visitProofs.id,
      shareVersion: visitProofs.shareVersion,
      title: jobs.title,
      visitDate: sql<Date | null>`coalesce(${jobs.completedAt}, ${jobs.startsAt})`.mapWith(
        (v: string | Date | null) => (v === null ? null : new Date(v)),
      ),
    })
    .from(visitProofs)
    .innerJoin(jobs, and(eq(jobs.id, visitProofs.jobId), eq(jobs.accountId, visitProofs.accountId)))
    .where(and(eq(visitProofs.accountId, accountId), eq(jobs.customerId, customerId)))
    .orderBy(desc(sql`coalesce(${jobs.completedAt}, ${jobs.startsAt})`))
    .limit(limit);
}
