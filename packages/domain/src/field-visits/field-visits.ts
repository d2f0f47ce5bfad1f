import { z } from 'zod';
import { requiredText } from '../schemas/api-fields.ts';
import { FIELD_LIMITS, tooManyMessage } from '../schemas/field-limits.ts';
import { JOB_STATUSES, PHOTO_LABELS, type JobStatus } from '../jobs/jobs.ts';
import { FIELD_SYNC_MAX_CHANGES } from './field-sync-limits.ts';

/**
 * The visit view that works offline (issue 26): what a field worker's phone keeps of today's and
 * tomorrow's visits, and the changes it queues while there is no signal. Each change carries an
 * id the phone made, so a retry never applies it twice, and the start time the phone last saw,
 * so a visit the office moved meanwhile is told to the crew.
 */

/** The forward steps a crew member takes; the office's cancelling and reopening are not here. */
export const FIELD_STATUSES = ['on_the_way', 'in_progress', 'completed'] as const;
export type FieldStatus = (typeof FIELD_STATUSES)[number];

const FIELD_STATUS_ORDER: Record<JobStatus, number> = {
  scheduled: 0,
  on_the_way: 1,
  in_progress: 2,
  completed: 3,
  cancelled: 4,
};

/**
 * The steps from where the visit is to where the crew took it, in order; none when the visit is
 * already there or beyond (a late retry of "start" after "complete" changes nothing). On the way
 * is skipped when the crew went straight to work, as the buttons allow.
 */
export function fieldStatusSteps(current: JobStatus, target: FieldStatus): FieldStatus[] {
  if (current === 'cancelled') return [];
  const from = FIELD_STATUS_ORDER[current];
  const to = FIELD_STATUS_ORDER[target];
  if (to <= from) return [];
  if (target === 'on_the_way') return ['on_the_way'];
  return target === 'in_progress'
    ? ['in_progress']
    : from < 2
      ? ['in_progress', 'completed']
      : ['completed'];
}

/** When a change happened on the phone: never later than the server's now. */
export function fieldChangeTime(madeAt: string, now: Date): Date {
  const made = new Date(madeAt);
  return made.getTime() > now.getTime() ? now : made;
}

/** True when the office moved the visit (or took its time away) after the phone last saw it. */
export function visitWasMoved(seenStartsAt: string | null, startsAt: Date | null): boolean {
  const seen = seenStartsAt === null ? null : new Date(seenStartsAt).getTime();
  const current = startsAt === null ? null : startsAt.getTime();
  return seen !== current;
}

export const FIELD_SYNC_MESSAGES = {
  cancelled: 'The office cancelled this visit; the change was not saved.',
  notYours: 'This visit is no longer yours or was removed; the change was not saved.',
  itemGone: 'The office removed this checklist item; the tick was not saved.',
  superseded: 'A later change made on this phone already applies.',
  moved: (when: string) => `The office moved this visit to ${when} while you were offline.`,
  unscheduled: 'The office took this visit off the schedule while you were offline.',
} as const;

const isoInstant = z.iso.datetime({ offset: true, message: 'Must be a date and time (ISO 8601)' });

const changeBase = {
  /** Made by the phone when the change was made; the same id on every retry. */
  clientId: z.uuid('clientId must be a UUID'),
  jobId: z.uuid('jobId must be a UUID'),
  madeAt: isoInstant,
  /** The visit's start as the phone last saw it (null: no time). */
  seenStartsAt: isoInstant.nullable(),
};

export const fieldChangeSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      ...changeBase,
      kind: z.literal('checklist'),
      itemId: z.uuid('itemId must be a UUID'),
      done: z.boolean(),
    }),
    z.object({
      ...changeBase,
      kind: z.literal('note'),
      text: requiredText('A note', FIELD_LIMITS.text.notes),
    }),
    z.object({ ...changeBase, kind: z.literal('status'), status: z.enum(FIELD_STATUSES) }),
  ],
  { error: 'kind must be checklist, note or status' },
);
export type FieldChange = z.output<typeof fieldChangeSchema>;

/** POST /api/field/changes: what the phone queued, oldest first. */
export const fieldChangesInputSchema = z.object({
  changes: z
    .array(fieldChangeSchema)
    .min(1, 'Send at least one change.')
    .max(FIELD_SYNC_MAX_CHANGES, tooManyMessage('Changes', FIELD_SYNC_MAX_CHANGES)),
});

/** POST /api/field/photos: a photo taken offline, its bytes as the body. */
export const fieldPhotoQuerySchema = z.object({
  clientId: z.uuid('clientId must be a UUID'),
  jobId: z.uuid('jobId must be a UUID'),
  madeAt: isoInstant,
  seenStartsAt: z.preprocess((v) => (v === '' ? null : v), isoInstant.nullable().default(null)),
  label: z.preprocess((v) => (v === '' ? undefined : v), z.enum(PHOTO_LABELS).optional()),
});

export const FIELD_OUTCOMES = ['applied', 'duplicate', 'superseded', 'refused'] as const;
export type FieldOutcome = (typeof FIELD_OUTCOMES)[number];

export const fieldChangeResultSchema = z.object({
  clientId: z.uuid(),
  /** applied now; duplicate: applied by an earlier try; superseded; refused (message says why). */
  outcome: z.enum(FIELD_OUTCOMES),
  message: z.string().nullable(),
  /**
   * Set when the office moved the visit after the phone last saw it: its start now (null: taken
   * off the schedule). The change still applies (the work was done); the crew is told.
   */
  moved: z.object({ startsAt: z.string().nullable() }).nullable(),
});
export type FieldChangeResult = z.output<typeof fieldChangeResultSchema>;

export const fieldChangesResponseSchema = z.object({
  results: z.array(fieldChangeResultSchema),
});
export type FieldChangesResponse = z.output<typeof fieldChangesResponseSchema>;

export const fieldVisitSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  status: z.enum(JOB_STATUSES),
  startsAt: z.string().nullable(),
  /** The business's wall clock, 'YYYY-MM-DDTHH:mm:00'. */
  localStartsAt: z.string().nullable(),
  durationMinutes: z.number().int(),
  customerName: z.string().nullable(),
  customerPhone: z.string().nullable(),
  address: z.string(),
  notes: z.string(),
  checklist: z.array(z.object({ id: z.uuid(), label: z.string(), done: z.boolean() })),
  /** What the access vault holds for this client, by name only: codes are shown online only. */
  accessLabels: z.array(z.string()),
});
export type FieldVisit = z.output<typeof fieldVisitSchema>;

/** GET /api/field/visits: today's and tomorrow's visits of the signed-in member. */
export const fieldPackSchema = z.object({
  /** Whose copy this is: the phone sends its queued changes only for the same person. */
  userId: z.string(),
  timeZone: z.string(),
  /** Today and tomorrow in the business's zone. */
  dates: z.array(z.string()),
  packedAt: z.string(),
  /**
   * The server's record of the person's consent to a location at punches: the phone asks for a
   * position at a step only when it is true, from any screen and without a connection.
   */
  locationConsent: z.boolean(),
  visits: z.array(fieldVisitSchema),
});
export type FieldPack = z.output<typeof fieldPackSchema>;
