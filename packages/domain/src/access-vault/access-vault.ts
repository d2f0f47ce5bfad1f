import { z } from 'zod';
import { BUSINESS_ADMIN_ROLES, TEAM_MANAGEMENT_ROLES, type Role } from '../auth/roles.ts';
import type { JobStatus } from '../jobs/jobs.ts';
import { requiredText } from '../schemas/api-fields.ts';

/**
 * The access vault (issue 26): a contact's lockbox, alarm and gate codes and key notes, sealed at
 * rest and shown only to the crew of a visit there, inside its window, and to admins.
 */

/** Who keeps the vault (adds, edits, deletes, reveals at any time, reads the reveal log). */
export const VAULT_ADMIN_ROLES: readonly Role[] = BUSINESS_ADMIN_ROLES;
/**
 * Who may open a visit's Access panel and reveal through it: whoever works visits. The server
 * then also requires the person to be assigned to that visit and the window to be open (admins
 * excepted); a manager or team leader is crew here, not an admin.
 */
export const VAULT_CREW_ROLES: readonly Role[] = [...TEAM_MANAGEMENT_ROLES, 'team_member'];

export const ACCESS_LABEL_MAX = 60;
export const ACCESS_SECRET_MAX = 1000;
/** Entries one contact may have. */
export const ACCESS_ENTRIES_MAX = 50;
/** The reveal log answers this many, newest first. */
export const ACCESS_REVEALS_MAX = 200;
/** The crew may reveal from this long before the visit's start. */
export const ACCESS_LEAD_MINUTES = 60;
/** A visit under way (on the way, started) keeps its window this long past its planned end. */
export const ACCESS_OVERRUN_HOURS = 12;

/** Suggested labels (the field takes any text). */
export const ACCESS_LABEL_SUGGESTIONS = ['Gate', 'Lockbox', 'Alarm', 'Key note'] as const;

export const ACCESS_ENTRIES_FULL_MESSAGE = `A contact can have at most ${ACCESS_ENTRIES_MAX} access codes.`;
export const ACCESS_NOT_ASSIGNED_MESSAGE =
  'Access codes are shown only to the crew assigned to this visit.';
export const ACCESS_WINDOW_CLOSED_MESSAGE =
  'Access codes are shown from an hour before the visit until it ends.';
export const ACCESS_NEEDS_VISIT_MESSAGE = 'Reveal an access code from the visit it is for.';
export const ACCESS_UNREADABLE_MESSAGE =
  "This code cannot be opened with the server's current vault key. An admin can enter it again.";

export const accessEntryInputSchema = z.strictObject({
  label: requiredText('The label', ACCESS_LABEL_MAX),
  secret: requiredText('The code or note', ACCESS_SECRET_MAX),
});
export type AccessEntryInput = z.input<typeof accessEntryInputSchema>;

/** An edit: the label, and a new secret only when one is typed (left out keeps the current). */
export const accessEntryUpdateSchema = z.strictObject({
  label: requiredText('The label', ACCESS_LABEL_MAX),
  secret: requiredText('The code or note', ACCESS_SECRET_MAX).optional(),
});
export type AccessEntryUpdate = z.input<typeof accessEntryUpdateSchema>;

/** An entry as lists show it: its label, never its secret. */
export const accessEntrySchema = z.object({
  id: z.uuid(),
  customerId: z.uuid(),
  label: z.string(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type AccessEntry = z.output<typeof accessEntrySchema>;

export const accessEntryListSchema = z.object({
  entries: z.array(accessEntrySchema).max(ACCESS_ENTRIES_MAX),
});
export type AccessEntryList = z.output<typeof accessEntryListSchema>;

/** A reveal: the visit it is for (the crew must give it; an admin may leave it out). */
export const accessRevealInputSchema = z.strictObject({
  jobId: z.uuid('jobId must be a UUID').nullable().default(null),
});
export type AccessRevealInput = z.input<typeof accessRevealInputSchema>;

export const accessRevealSchema = z.object({
  entryId: z.uuid(),
  label: z.string(),
  secret: z.string(),
  revealedAt: z.iso.datetime(),
});
export type AccessReveal = z.output<typeof accessRevealSchema>;

/** One line of the reveal log; kept when its entry is deleted (entryId then null). */
export const accessRevealLogEntrySchema = z.object({
  id: z.uuid(),
  entryId: z.uuid().nullable(),
  label: z.string(),
  revealedAt: z.iso.datetime(),
  revealedBy: z.object({ userId: z.uuid(), name: z.string() }).nullable(),
  jobId: z.uuid().nullable(),
  jobTitle: z.string().nullable(),
});
export type AccessRevealLogEntry = z.output<typeof accessRevealLogEntrySchema>;

export const accessRevealLogSchema = z.object({
  reveals: z.array(accessRevealLogEntrySchema).max(ACCESS_REVEALS_MAX),
});
export type AccessRevealLog = z.output<typeof accessRevealLogSchema>;

export const ACCESS_WINDOW_STATES = ['open', 'not-yet', 'ended', 'unscheduled'] as const;
export type AccessWindowState = (typeof ACCESS_WINDOW_STATES)[number];

export interface AccessWindow {
  state: AccessWindowState;
  opensAt: Date | null;
  closesAt: Date | null;
}

export interface VisitTiming {
  startsAt: Date | null;
  durationMinutes: number;
  status: JobStatus;
  completedAt: Date | null;
}

const MINUTE = 60_000;

/**
 * When the crew of a visit may see its contact's codes: from ACCESS_LEAD_MINUTES before the
 * start until the visit ends. A completed visit ends when it was completed; a cancelled one has
 * ended; one under way keeps its window up to ACCESS_OVERRUN_HOURS past its planned end; a
 * scheduled one ends at its planned end. Open at opensAt, closed at closesAt.
 */
export function accessWindowOf(visit: VisitTiming, now: Date): AccessWindow {
  if (!visit.startsAt) return { state: 'unscheduled', opensAt: null, closesAt: null };
  const opensAt = new Date(visit.startsAt.getTime() - ACCESS_LEAD_MINUTES * MINUTE);
  const plannedEnd = visit.startsAt.getTime() + visit.durationMinutes * MINUTE;
  let closesAt: Date;
  if (visit.status === 'completed') closesAt = visit.completedAt ?? new Date(plannedEnd);
  else if (visit.status === 'cancelled') closesAt = opensAt;
  else if (visit.status === 'on_the_way' || visit.status === 'in_progress')
    closesAt = new Date(plannedEnd + ACCESS_OVERRUN_HOURS * 60 * MINUTE);
  else closesAt = new Date(plannedEnd);
  const t = now.getTime();
  const state: AccessWindowState =
    t >= closesAt.getTime() || visit.status === 'cancelled'
      ? 'ended'
      : t < opensAt.getTime()
        ? 'not-yet'
        : 'open';
  return { state, opensAt, closesAt };
}

/**
 * A visit's Access panel: the codes' labels and whether this person may reveal them now.
 * `admin`: an admin, at any time; `not-assigned`: the person is not on the visit (no labels).
 */
export const visitAccessSchema = z.object({
  state: z.enum([...ACCESS_WINDOW_STATES, 'admin', 'not-assigned']),
  opensAt: z.iso.datetime().nullable(),
  closesAt: z.iso.datetime().nullable(),
  entries: z.array(accessEntrySchema).max(ACCESS_ENTRIES_MAX),
});
export type VisitAccess = z.output<typeof visitAccessSchema>;
