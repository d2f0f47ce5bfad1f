import { isNull } from 'drizzle-orm';
import { customers } from '../../db/schema/index.ts';

/** A contact not archived: what every list, search and match reads (the parts read it at load). */
export const live = isNull(customers.archivedAt);

export type CustomerRow = typeof customers.$inferSelect;
