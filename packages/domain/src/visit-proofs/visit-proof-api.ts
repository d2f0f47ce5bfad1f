import { z } from 'zod';
import { BUSINESS_ADMIN_ROLES, BUSINESS_MANAGER_ROLES, type Role } from '../auth/roles.ts';
import { requiredText } from '../schemas/api-fields.ts';

/**
 * Proof of service (issue 26): for each completed visit, a page the client opens by its own
 * token, with what they may see of the visit and a way to confirm it or report a problem within
 * the business's number of days.
 */

export const PROOF_RESPONSE_DAYS_DEFAULT = 7;
export const PROOF_RESPONSE_DAYS_MIN = 1;
export const PROOF_RESPONSE_DAYS_MAX = 60;
export const PROOF_PROBLEM_MAX = 1000;
/** Photos one proof page shows at most. */
export const PROOF_PHOTOS_MAX = 40;
export const PROOF_CHECKLIST_MAX = 200;

/** Who sets the number of days (the business's setting). */
export const PROOF_SETTINGS_ROLES: readonly Role[] = BUSINESS_ADMIN_ROLES;
/** Who opens a visit's proof link to send or copy it (the office). */
export const PROOF_LINK_ROLES: readonly Role[] = BUSINESS_MANAGER_ROLES;

export const PROOF_NOT_FOUND_MESSAGE = 'This page does not exist or is no longer available.';
export const PROOF_ALREADY_ANSWERED_MESSAGE = 'This visit has already been answered. Thank you.';
export const PROOF_WINDOW_CLOSED_MESSAGE =
  'The time to answer for this visit has passed. Please contact the business directly.';
export const PROOF_VISIT_NOT_COMPLETED_MESSAGE =
  'A proof of service page exists once the visit is completed.';

export const proofSettingsSchema = z.object({
  responseDays: z.number().int().min(PROOF_RESPONSE_DAYS_MIN).max(PROOF_RESPONSE_DAYS_MAX),
});
export type ProofSettings = z.output<typeof proofSettingsSchema>;

export const proofSettingsInputSchema = z.strictObject({
  responseDays: z
    .number({ error: 'Enter a number of days.' })
    .int('Enter a whole number of days.')
    .min(PROOF_RESPONSE_DAYS_MIN, `Give the client at least ${PROOF_RESPONSE_DAYS_MIN} day.`)
    .max(PROOF_RESPONSE_DAYS_MAX, `At most ${PROOF_RESPONSE_DAYS_MAX} days.`),
});

/** The client's answer: the visit is confirmed, or a problem is reported (in their words). */
export const proofAnswerInputSchema = z.discriminatedUnion(
  'answer',
  [
    z.strictObject({ answer: z.literal('confirmed') }),
    z.strictObject({
      answer: z.literal('problem'),
      problem: requiredText('The description of the problem', PROOF_PROBLEM_MAX),
    }),
  ],
  { error: 'Choose to confirm the visit or to report a problem.' },
);
export type ProofAnswerInput = z.input<typeof proofAnswerInputSchema>;

export const PROOF_ANSWERS = ['confirmed', 'problem'] as const;

/**
 * What the client sees, and nothing else: no price, cost or pay, no staff notes, no locations
 * (arrival and departure are times only), no names of the crew.
 */
export const sharedProofSchema = z.strictObject({
  business: z.strictObject({ name: z.string() }),
  visit: z.strictObject({
    title: z.string(),
    /** The business's time zone, to show the times in. */
    timeZone: z.string(),
    scheduledAt: z.iso.datetime().nullable(),
    arrivedAt: z.iso.datetime().nullable(),
    departedAt: z.iso.datetime().nullable(),
  }),
  checklist: z
    .array(z.strictObject({ label: z.string(), done: z.boolean() }))
    .max(PROOF_CHECKLIST_MAX),
  photos: z
    .array(
      z.strictObject({
        url: z.string(),
        label: z.enum(['before', 'after']).nullable(),
        width: z.number().int(),
        height: z.number().int(),
      }),
    )
    .max(PROOF_PHOTOS_MAX),
  inspection: z
    .strictObject({ scorePercent: z.number().nullable(), passed: z.boolean().nullable() })
    .nullable(),
  answer: z
    .strictObject({
      answer: z.enum(PROOF_ANSWERS),
      answeredAt: z.iso.datetime(),
    })
    .nullable(),
  /** The client may answer until then (when not answered yet). */
  answerBy: z.iso.datetime(),
  canAnswer: z.boolean(),
});
export type SharedProof = z.output<typeof sharedProofSchema>;

/** The office's view of a visit's proof page: its link and the client's answer. */
export const visitProofSchema = z.object({
  token: z.string(),
  url: z.string(),
  answer: z.enum(PROOF_ANSWERS).nullable(),
  problem: z.string().nullable(),
  answeredAt: z.iso.datetime().nullable(),
  answerBy: z.iso.datetime(),
});
export type VisitProof = z.output<typeof visitProofSchema>;

export const photoShareableInputSchema = z.strictObject({ shareable: z.boolean() });

/** The instant until which a client may answer: N days after the visit was completed. */
export function proofAnswerBy(completedAt: Date, responseDays: number): Date {
  return new Date(completedAt.getTime() + responseDays * 24 * 60 * 60 * 1000);
}
