import { CUSTOMER_SOURCES } from '../pricing/options.ts';
import type { RequestStatus } from '../requests/request-api.ts';

/**
 * The sales pipeline (issue 22): an opportunity groups one contact's inquiry and the estimates,
 * quotes and proposals made for it, and moves through five stages. Moves come by themselves from
 * the events ledger (`automaticMove`) or by hand; these are the rules both sides read.
 */
export const SALES_STAGES = ['new', 'contacted', 'quoted', 'won', 'lost'] as const;
export type SalesStage = (typeof SALES_STAGES)[number];

/** The stages still in play; won and lost close an opportunity. */
export const OPEN_SALES_STAGES = ['new', 'contacted', 'quoted'] as const satisfies SalesStage[];
export type OpenSalesStage = (typeof OPEN_SALES_STAGES)[number];

export function isOpenStage(stage: SalesStage): stage is OpenSalesStage {
  return (OPEN_SALES_STAGES as readonly string[]).includes(stage);
}

export const SALES_STAGE_LABELS: Record<SalesStage, string> = {
  new: 'New',
  contacted: 'Contacted',
  quoted: 'Quoted',
  won: 'Won',
  lost: 'Lost',
};

/** The chance, in percent, that an opportunity in a stage is won; a business may change the open ones. */
export type StageProbabilities = Record<SalesStage, number>;

export const DEFAULT_STAGE_PROBABILITIES: StageProbabilities = {
  new: 10,
  contacted: 25,
  quoted: 50,
  won: 100,
  lost: 0,
};

/**
 * Where a lead came from: the public request form, or the contact's source (spec section 3's
 * list: website, referral, social media …).
 */
export const LEAD_SOURCES = ['request_form', ...CUSTOMER_SOURCES] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

export const LEAD_SOURCE_LABELS: Record<LeadSource, string> = {
  request_form: 'Request form',
  website: 'Website',
  referral: 'Referral',
  social_media: 'Social media',
  advertising: 'Advertising',
  cold_call: 'Cold call',
  walk_in: 'Walk-in',
  other: 'Other',
};

/** The reasons a business starts with for marking an opportunity lost; it may edit the list. */
export const DEFAULT_LOST_REASONS = [
  'Price too high',
  'Went with a competitor',
  'No response',
  'Not the right time',
  'Outside our service area',
  'Other',
] as const;

/** The reasons the ledger gives when the client answers or the offer runs out. */
export const AUTOMATIC_LOST_REASONS = {
  declined: 'The client declined',
  expired: 'The offer expired',
} as const;

export const LOST_REASONS_MAX = 20;
export const LOST_REASON_MAX_LENGTH = 80;
/** A quote viewed but not answered after this many days needs a nudge, unless the business says otherwise. */
export const DEFAULT_NUDGE_DAYS = 3;
export const NUDGE_DAYS_MAX = 60;

export const SALES_MESSAGES = {
  lostReasonRequired: 'Choose why it was lost.',
  lostReasonUnknown: 'Choose one of the business’s lost reasons.',
  sameStage: 'The opportunity is already in this stage.',
  ownerNotSeller: 'The owner must be a member who works the sales pipeline.',
  ownerOnlySelf: 'A sales person can only take an opportunity for themselves.',
  contactNotFound: 'Contact not found.',
  notFound: 'Opportunity not found.',
} as const;

/** The ledger types that move the pipeline (request.viewed only feeds "needs a nudge"). */
export const SALES_TRIGGER_TYPES = [
  'request.created',
  'request.edited',
  'request.sent',
  'request.accepted',
  'request.declined',
  'request.expired',
] as const;

export function isSalesTrigger(type: string): boolean {
  return (SALES_TRIGGER_TYPES as readonly string[]).includes(type);
}

/** The opportunity a request belongs to, as the automatic move sees it. */
export interface OpportunityState {
  stage: SalesStage;
  /**
   * The other offers of the opportunity out with the client and not answered (sent or viewed,
   * not expired). A draft or an inquiry nobody priced yet does not keep an opportunity alive.
   */
  otherOpenRequests: number;
}

export type AutomaticMove = { to: SalesStage; lostReason: string | null } | null;

/**
 * The stage change a ledger event asks of the opportunity its request belongs to, or null. Pure:
 * the server links the request first (a new request joins its contact's open opportunity or opens
 * one in "new"), then applies this. Moves never leave "won" by themselves; a declined or expired
 * offer loses the opportunity only when none of its other offers is still open.
 */
export function automaticMove(type: string, state: OpportunityState): AutomaticMove {
  switch (type) {
    case 'request.sent':
      return state.stage === 'new' || state.stage === 'contacted'
        ? { to: 'quoted', lostReason: null }
        : null;
    case 'request.accepted':
      return state.stage === 'won' ? null : { to: 'won', lostReason: null };
    case 'request.declined':
    case 'request.expired':
      if (!isOpenStage(state.stage) || state.otherOpenRequests > 0) return null;
      return {
        to: 'lost',
        lostReason:
          type === 'request.declined'
            ? AUTOMATIC_LOST_REASONS.declined
            : AUTOMATIC_LOST_REASONS.expired,
      };
    default:
      return null;
  }
}

/** The statuses of an offer out with the client, waiting for an answer. */
const OUT_WITH_CLIENT: readonly RequestStatus[] = ['sent', 'viewed'];

/**
 * The stage of an opportunity made from requests that existed before the pipeline (the backfill):
 * any accepted → won; any sent or viewed still open → quoted; all answered no or expired → lost;
 * otherwise new. Statuses are the effective ones (an open request past its expiry is 'expired').
 */
export function stageOfRequests(statuses: readonly RequestStatus[]): {
  stage: SalesStage;
  lostReason: string | null;
} {
  if (statuses.includes('accepted')) return { stage: 'won', lostReason: null };
  if (statuses.some((s) => s === 'sent' || s === 'viewed'))
    return { stage: 'quoted', lostReason: null };
  if (statuses.length > 0 && statuses.every((s) => s === 'declined' || s === 'expired'))
    return {
      stage: 'lost',
      lostReason: statuses.includes('declined')
        ? AUTOMATIC_LOST_REASONS.declined
        : AUTOMATIC_LOST_REASONS.expired,
    };
  return { stage: 'new', lostReason: null };
}

export function isOutWithClient(status: RequestStatus): boolean {
  return OUT_WITH_CLIENT.includes(status);
}

/**
 * The value its quotes give an opportunity: what was accepted (summed, for a client who took
 * two), else the largest offer still standing (alternatives: the client picks one), else 0.
 */
export function quotedValueCents(
  requests: readonly { amountCents: number; status: RequestStatus }[],
): number {
  const accepted = requests.filter((r) => r.status === 'accepted');
  if (accepted.length > 0) return accepted.reduce((sum, r) => sum + r.amountCents, 0);
  const standing = requests.filter((r) => r.status !== 'declined' && r.status !== 'expired');
  return standing.reduce((max, r) => Math.max(max, r.amountCents), 0);
}

/** A value weighted by the stage's probability, in whole cents. */
export function weightedCents(valueCents: number, probabilityPercent: number): number {
  return Math.round((valueCents * probabilityPercent) / 100);
}

export interface StageTotals {
  stage: SalesStage;
  count: number;
  totalCents: number;
  weightedCents: number;
}

/** Each column's count, total and weighted total (the weighting rounds once per opportunity). */
export function stageTotals(
  opportunities: readonly { stage: SalesStage; valueCents: number }[],
  probabilities: StageProbabilities,
): StageTotals[] {
  return SALES_STAGES.map((stage) => {
    const mine = opportunities.filter((o) => o.stage === stage);
    return {
      stage,
      count: mine.length,
      totalCents: mine.reduce((sum, o) => sum + o.valueCents, 0),
      weightedCents: mine.reduce(
        (sum, o) => sum + weightedCents(o.valueCents, probabilities[stage]),
        0,
      ),
    };
  });
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days spent in the stage so far (0 on the day it moved). */
export function daysInStage(enteredAt: Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - enteredAt.getTime()) / DAY_MS));
}

/** The moment before which a quote viewed and not answered needs a nudge. */
export function nudgeCutoff(now: Date, nudgeDays: number): Date {
  return new Date(now.getTime() - nudgeDays * DAY_MS);
}

/**
 * "Needs a nudge": in Quoted, with an offer the client viewed at least N days ago and has not
 * answered (and that has not expired).
 */
export function needsNudge(
  stage: SalesStage,
  viewedUnansweredSince: Date | null,
  now: Date,
  nudgeDays: number,
): boolean {
  return (
    stage === 'quoted' &&
    viewedUnansweredSince !== null &&
    viewedUnansweredSince.getTime() <= nudgeCutoff(now, nudgeDays).getTime()
  );
}

/** A follow-up date (the business's calendar) that has passed, on an opportunity still in play. */
export function followUpOverdue(
  stage: SalesStage,
  followUpOn: string | null,
  today: string,
): boolean {
  return isOpenStage(stage) && followUpOn !== null && followUpOn < today;
}
