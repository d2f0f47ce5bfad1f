import { MESSAGES } from '../messages.ts';

export type RequestCategory = 'estimate' | 'quote' | 'proposal';

/** The list tabs, as the query names them. */
export const REQUEST_LIST_CATEGORIES = ['estimates', 'quotes', 'proposals'] as const;
export type RequestListCategory = (typeof REQUEST_LIST_CATEGORIES)[number];

/**
 * Spec section 4. Only a type 'quote' request can be a quote or a proposal;
 * proposal_type splits the two (false for quotes, null for estimates, truthy
 * for proposals).
 *
 * Odd cases the spec does not settle, decided here:
 * - type 'estimate' (or 'inquiry') with a truthy proposal_type is an estimate:
 *   the spec lists those types as estimates outright, and proposals must be of
 *   type quote.
 * - any other non-quote type with a truthy proposal_type is also an estimate,
 *   so every request lands in exactly one tab rather than vanishing.
 */
export function categorizeRequest(r: {
  type?: string | null;
  proposal_type?: unknown;
}): RequestCategory {
  if (r.type === 'quote') return r.proposal_type ? 'proposal' : 'quote';
  return 'estimate';
}

export const REQUEST_EXPIRY_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Counted in exact 24-hour days so the instant does not depend on the zone
 * (or a daylight-saving change) of whoever computes it.
 */
export function requestExpiresAt(createdAt: Date): Date {
  return new Date(createdAt.getTime() + REQUEST_EXPIRY_DAYS * DAY_MS);
}

export function isRequestExpired(createdAt: Date, now: Date): boolean {
  return now.getTime() >= requestExpiresAt(createdAt).getTime();
}

export const NEW_REQUEST_STATUS = 'unopened';

/**
 * Turns a failed save's database message into the user-facing text of spec
 * section 8, checked in the catalogue's order.
 */
export function requestSaveFailureMessage(errorMessage: string | null | undefined): string {
  const message = (errorMessage ?? '').toLowerCase();
  if (message.includes('duplicate key')) return MESSAGES.saveFailedDuplicate;
  if (message.includes('foreign key')) return MESSAGES.saveFailedForeignKey;
  if (message.includes('column')) return MESSAGES.saveFailedColumn;
  return MESSAGES.saveFailed;
}
