import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { returnedRow } from '../../db/queries.ts';
import { accessEntries, accessReveals, customers, jobs, users } from '../../db/schema/index.ts';

export type AccessEntryRow = typeof accessEntries.$inferSelect;

/** The contact of the account, if there is one by that id. */
export async function findCustomerId(
  db: DbOrTx,
  accountId: string,
  customerId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.accountId, accountId), eq(customers.id, customerId)));
  return row?.id;
}

/** A contact's entries, oldest first (the order they were added in). */
export async function listEntries(
  db: DbOrTx,
  accountId: string,
  customerId: string,
): Promise<AccessEntryRow[]> {
  return db
    .select()
    .from(accessEntries)
    .where(and(eq(accessEntries.accountId, accountId), eq(accessEntries.customerId, customerId)))
    .orderBy(asc(accessEntries.createdAt), asc(accessEntries.id));
}

export async function countEntries(
  db: DbOrTx,
  accountId: string,
  customerId: string,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(accessEntries)
    .where(and(eq(accessEntries.accountId, accountId), eq(accessEntries.customerId, customerId)));
  return row?.n ?? 0;
}

export async function findEntry(
  db: DbOrTx,
  accountId: string,
  id: string,
  options: { lock?: boolean } = {},
): Promise<AccessEntryRow | undefined> {
  const query = db
    .select()
    .from(accessEntries)
    .where(and(eq(accessEntries.accountId, accountId), eq(accessEntries.id, id)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function insertEntry(
  db: DbOrTx,
  values: typeof accessEntries.$inferInsert,
): Promise<AccessEntryRow> {
  return returnedRow(await db.insert(accessEntries).values(values).returning(), 'access entry');
}

export async function updateEntry(
  db: DbOrTx,
  accountId: string,
  id: string,
  values: Partial<Pick<AccessEntryRow, 'label' | 'secretSealed' | 'keyVersion' | 'updatedAt'>>,
): Promise<AccessEntryRow> {
  return returnedRow(
    await db
      .update(accessEntries)
      .set(values)
      .where(and(eq(accessEntries.accountId, accountId), eq(accessEntries.id, id)))
      .returning(),
    'access entry update',
  );
}

export async function deleteEntry(db: DbOrTx, accountId: string, id: string): Promise<void> {
  await db
    .delete(accessEntries)
    .where(and(eq(accessEntries.accountId, accountId), eq(accessEntries.id, id)));
}

export async function insertReveal(
  db: DbOrTx,
  values: typeof accessReveals.$inferInsert,
): Promise<typeof accessReveals.$inferSelect> {
  return returnedRow(await db.insert(accessReveals).values(values).returning(), 'access reveal');
}

/** A contact's reveal log, newest first, with who revealed and the visit's title. */
export async function listReveals(
  db: DbOrTx,
  accountId: string,
  customerId: string,
  limit: number,
) {
  return db
    .select({
      id: accessReveals.id,
      entryId: accessReveals.entryId,
      label: accessReveals.label,
      revealedAt: accessReveals.revealedAt,
      userId: accessReveals.revealedBy,
      userName: users.name,
      jobId: accessReveals.jobId,
      jobTitle: jobs.title,
    })
    .from(accessReveals)
    .leftJoin(users, eq(users.id, accessReveals.revealedBy))
    .leftJoin(jobs, and(eq(jobs.id, accessReveals.jobId), eq(jobs.accountId, accountId)))
    .where(and(eq(accessReveals.accountId, accountId), eq(accessReveals.customerId, customerId)))
    .orderBy(desc(accessReveals.revealedAt), desc(accessReveals.id))
    .limit(limit);
}

/**
 * The names of the contacts' entries (never their codes), for the offline visit view: the crew
 * knows a lockbox is there and reveals its code online, in the visit's window.
 */
export async function entryLabelsOf(
  db: DbOrTx,
  accountId: string,
  customerIds: readonly string[],
): Promise<Map<string, string[]>> {
  const labels = new Map<string, string[]>();
  if (customerIds.length === 0) return labels;
  const rows = await db
    .select({ customerId: accessEntries.customerId, label: accessEntries.label })
    .from(accessEntries)
    .where(
      and(
        eq(accessEntries.accountId, accountId),
        inArray(accessEntries.customerId, [...customerIds]),
      ),
    )
    .orderBy(asc(accessEntries.createdAt), asc(accessEntries.id));
  for (const row of rows)
    labels.set(row.customerId, [...(labels.get(row.customerId) ?? []), row.label]);
  return labels;
}
