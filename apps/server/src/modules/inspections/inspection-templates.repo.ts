import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { idInAccount, returnedRow } from '../../db/queries.ts';
import { inspectionTemplates } from '../../db/schema/index.ts';
import type { NewTemplateRow, TemplateRow } from './inspection-rows.repo.ts';

// ---------------------------------------------------------------------------------------------
// Templates
// ---------------------------------------------------------------------------------------------

/** The current version of each template family, by name. */
export async function currentTemplates(
  db: DbOrTx,
  accountId: string,
  archived: boolean | undefined,
): Promise<TemplateRow[]> {
  return db
    .select()
    .from(inspectionTemplates)
    .where(
      and(
        eq(inspectionTemplates.accountId, accountId),
        eq(inspectionTemplates.current, true),
        archived === undefined
          ? undefined
          : archived
            ? sql`${inspectionTemplates.archivedAt} is not null`
            : isNull(inspectionTemplates.archivedAt),
      ),
    )
    .orderBy(asc(inspectionTemplates.name), asc(inspectionTemplates.id))
    .limit(500);
}

export async function findTemplate(
  db: DbOrTx,
  accountId: string,
  id: string,
): Promise<TemplateRow | undefined> {
  const [row] = await db
    .select()
    .from(inspectionTemplates)
    .where(idInAccount(inspectionTemplates, accountId, id));
  return row;
}

/** A template version locked for a change (a new version is made one at a time). */
export async function lockTemplate(
  tx: Tx,
  accountId: string,
  id: string,
): Promise<TemplateRow | undefined> {
  const [row] = await tx
    .select()
    .from(inspectionTemplates)
    .where(idInAccount(inspectionTemplates, accountId, id))
    .for('update');
  return row;
}

export async function insertTemplate(tx: DbOrTx, values: NewTemplateRow): Promise<TemplateRow> {
  return returnedRow(await tx.insert(inspectionTemplates).values(values).returning(), 'template');
}

/**
 * Adopts a starter: the insert does nothing when the business's current templates hold that
 * starter already (its partial unique index), also when two adoptions race.
 */
export async function insertStarterTemplate(
  tx: DbOrTx,
  values: NewTemplateRow,
): Promise<TemplateRow | undefined> {
  const [row] = await tx
    .insert(inspectionTemplates)
    .values(values)
    .onConflictDoNothing({
      target: [inspectionTemplates.accountId, inspectionTemplates.starterKey],
      where: sql`${inspectionTemplates.current} and ${inspectionTemplates.starterKey} is not null`,
    })
    .returning();
  return row;
}

export async function updateTemplate(
  tx: DbOrTx,
  accountId: string,
  id: string,
  values: Partial<NewTemplateRow>,
): Promise<void> {
  await tx
    .update(inspectionTemplates)
    .set(values)
    .where(idInAccount(inspectionTemplates, accountId, id));
}

/** The starters this business has adopted (current versions keep their starter key). */
export async function adoptedStarterKeys(db: DbOrTx, accountId: string): Promise<Set<string>> {
  const rows = await db
    .select({ key: inspectionTemplates.starterKey })
    .from(inspectionTemplates)
    .where(
      and(
        eq(inspectionTemplates.accountId, accountId),
        eq(inspectionTemplates.current, true),
        sql`${inspectionTemplates.starterKey} is not null`,
      ),
    );
  return new Set(rows.map((r) => r.key!));
}
