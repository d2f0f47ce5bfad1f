import type { invoicePayments } from '../../db/schema/index.ts';

// The module's row types and shared columns, for the repository and its parts.

/** '%text%' for LIKE, the user's own % and _ taken literally. */
export function likePattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export type PaymentRow = typeof invoicePayments.$inferSelect;
