import { findShared, type ShareSigner } from '../../lib/share-links.ts';
import { and, asc, eq, isNull, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { idInAccount, returnedRow } from '../../db/queries.ts';
import {
  inspectionAnswers,
  inspectionPhotos,
  inspectionQuotes,
  inspections,
  inspectionShareLinks,
} from '../../db/schema/index.ts';
import type {
  AnswerRow,
  InspectionRow,
  PhotoRow,
  QuoteLinkRow,
  ShareLinkRow,
} from './inspection-rows.repo.ts';

// ---------------------------------------------------------------------------------------------
// Answers and photos
// ---------------------------------------------------------------------------------------------

export async function answersOf(
  db: DbOrTx,
  accountId: string,
  inspectionId: string,
): Promise<AnswerRow[]> {
  return db
    .select()
    .from(inspectionAnswers)
    .where(
      and(
        eq(inspectionAnswers.accountId, accountId),
        eq(inspectionAnswers.inspectionId, inspectionId),
      ),
    );
}

/** Saves the answer as given: the item's key is the row's, so the same save twice is one row. */
export async function upsertAnswer(
  tx: DbOrTx,
  values: typeof inspectionAnswers.$inferInsert,
): Promise<void> {
  await tx
    .insert(inspectionAnswers)
    .values(values)
    .onConflictDoUpdate({
      target: [
        inspectionAnswers.accountId,
        inspectionAnswers.inspectionId,
        inspectionAnswers.itemKey,
      ],
      set: {
        kind: values.kind,
        value: values.value,
        note: values.note,
        internalNote: values.internalNote,
        answeredBy: values.answeredBy,
        updatedAt: values.updatedAt,
      },
    });
}

export async function photosOf(
  db: DbOrTx,
  accountId: string,
  inspectionId: string,
): Promise<PhotoRow[]> {
  return db
    .select()
    .from(inspectionPhotos)
    .where(
      and(
        eq(inspectionPhotos.accountId, accountId),
        eq(inspectionPhotos.inspectionId, inspectionId),
      ),
    )
    .orderBy(asc(inspectionPhotos.createdAt), asc(inspectionPhotos.id));
}

export async function findPhoto(
  db: DbOrTx,
  accountId: string,
  inspectionId: string,
  photoId: string,
): Promise<PhotoRow | undefined> {
  const [row] = await db
    .select()
    .from(inspectionPhotos)
    .where(
      and(
        idInAccount(inspectionPhotos, accountId, photoId),
        eq(inspectionPhotos.inspectionId, inspectionId),
      ),
    );
  return row;
}

/** Deletes a photo's row; the file it names, or undefined when there was none. */
export async function deletePhoto(
  tx: DbOrTx,
  accountId: string,
  inspectionId: string,
  photoId: string,
): Promise<string | undefined> {
  const [row] = await tx
    .delete(inspectionPhotos)
    .where(
      and(
        idInAccount(inspectionPhotos, accountId, photoId),
        eq(inspectionPhotos.inspectionId, inspectionId),
      ),
    )
    .returning({ fileName: inspectionPhotos.fileName });
  return row?.fileName;
}

/** Stores a photo; false when its id (the device's) is stored already: a retried upload. */
export async function insertPhoto(
  tx: DbOrTx,
  values: typeof inspectionPhotos.$inferInsert,
): Promise<boolean> {
  const rows = await tx
    .insert(inspectionPhotos)
    .values(values)
    .onConflictDoNothing({ target: inspectionPhotos.id })
    .returning({ id: inspectionPhotos.id });
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------
// Share links and quotes
// ---------------------------------------------------------------------------------------------

export async function liveShareLink(
  db: DbOrTx,
  accountId: string,
  inspectionId: string,
): Promise<ShareLinkRow | undefined> {
  const [row] = await db
    .select()
    .from(inspectionShareLinks)
    .where(
      and(
        eq(inspectionShareLinks.accountId, accountId),
        eq(inspectionShareLinks.inspectionId, inspectionId),
        isNull(inspectionShareLinks.revokedAt),
      ),
    );
  return row;
}

export async function insertShareLink(
  tx: DbOrTx,
  values: typeof inspectionShareLinks.$inferInsert,
): Promise<ShareLinkRow> {
  return returnedRow(
    await tx.insert(inspectionShareLinks).values(values).returning(),
    'share link',
  );
}

/** Revokes the live link; false when there was none. */
export async function revokeShareLink(
  tx: DbOrTx,
  accountId: string,
  inspectionId: string,
  now: Date,
): Promise<boolean> {
  const rows = await tx
    .update(inspectionShareLinks)
    .set({ revokedAt: now })
    .where(
      and(
        eq(inspectionShareLinks.accountId, accountId),
        eq(inspectionShareLinks.inspectionId, inspectionId),
        isNull(inspectionShareLinks.revokedAt),
      ),
    )
    .returning({ id: inspectionShareLinks.id });
  return rows.length > 0;
}

/** The live link of a token and its inspection; a revoked or unknown token finds nothing. */
export async function findByShareToken(
  db: DbOrTx,
  shares: ShareSigner,
  token: string,
): Promise<{ link: ShareLinkRow; inspection: InspectionRow } | undefined> {
  const first = async (where: SQL) =>
    (
      await db
        .select({ link: inspectionShareLinks, inspection: inspections })
        .from(inspectionShareLinks)
        .innerJoin(
          inspections,
          and(
            eq(inspections.id, inspectionShareLinks.inspectionId),
            eq(inspections.accountId, inspectionShareLinks.accountId),
          ),
        )
        .where(and(where, isNull(inspectionShareLinks.revokedAt)))
    )[0];
  return findShared(shares, 'inspection-report', token, {
    byId: (id) => first(eq(inspectionShareLinks.id, id)),
    byLegacyHash: (hash) => first(eq(inspectionShareLinks.legacyTokenHash, hash)),
    versionOf: () => 1,
  });
}

export async function quotesOf(
  db: DbOrTx,
  accountId: string,
  inspectionId: string,
): Promise<QuoteLinkRow[]> {
  return db
    .select()
    .from(inspectionQuotes)
    .where(
      and(
        eq(inspectionQuotes.accountId, accountId),
        eq(inspectionQuotes.inspectionId, inspectionId),
      ),
    )
    .orderBy(asc(inspectionQuotes.createdAt));
}

export async function insertQuoteLink(
  tx: DbOrTx,
  values: typeof inspectionQuotes.$inferInsert,
): Promise<void> {
  await tx.insert(inspectionQuotes).values(values);
}
