import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customers } from '../../db/schema/index.ts';

/** An address the business already has on one of its contacts. */
export interface KnownAddress {
  /** The contact's id. */
  id: string;
  address: string;
  city: string | null;
  state: string | null;
  zip: string | null;
  latitude: number | null;
  longitude: number | null;
}

const knownAddressColumns = {
  id: customers.id,
  address: sql<string>`${customers.address}`,
  city: customers.city,
  state: customers.state,
  zip: customers.zip,
  latitude: customers.latitude,
  longitude: customers.longitude,
};

function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

// Matching rows looked at before de-duplicating: bounds the work when many contacts share a
// street. There is no index on addresses: an account's live contacts are scanned until then.
const CANDIDATE_ROWS = 50;

/**
 * Live contacts' addresses of the account whose street line contains `street` (any case), one per
 * distinct address (preferring a row with coordinates), at most `limit`.
 */
export async function findKnownAddresses(
  db: Db,
  accountId: string,
  street: string,
  limit: number,
): Promise<KnownAddress[]> {
  const candidates = await db
    .select(knownAddressColumns)
    .from(customers)
    .where(
      and(
        eq(customers.accountId, accountId),
        isNull(customers.archivedAt),
        sql`lower(${customers.address}) like ${likePattern(street)}`,
      ),
    )
    .limit(CANDIDATE_ROWS);
  const seen = new Map<string, KnownAddress>();
  for (const row of candidates) {
    const key = [row.address, row.city ?? '', row.zip ?? '']
      .map((part) => part.trim().toLowerCase())
      .join('\n');
    const kept = seen.get(key);
    if (!kept || (kept.latitude === null && row.latitude !== null)) seen.set(key, row);
  }
  return [...seen.values()].slice(0, limit);
}

/** One live contact's address, scoped by account; undefined without one. */
export async function findKnownAddress(
  db: Db,
  accountId: string,
  customerId: string,
): Promise<KnownAddress | undefined> {
  const [row] = await db
    .select(knownAddressColumns)
    .from(customers)
    .where(
      and(
        eq(customers.accountId, accountId),
        eq(customers.id, customerId),
        isNull(customers.archivedAt),
      ),
    );
  return row && row.address?.trim() ? row : undefined;
}
