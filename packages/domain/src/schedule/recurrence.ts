export const JOB_FREQUENCIES = ['one-time', 'weekly', 'bi-weekly', 'monthly'] as const;
export type JobFrequency = (typeof JOB_FREQUENCIES)[number];

export const JOB_TYPES = ['cleaning', 'inspection', 'maintenance'] as const;
export type JobType = (typeof JOB_TYPES)[number];

export const DEFAULT_JOB_TYPE: JobType = 'cleaning';
export const DEFAULT_JOB_FREQUENCY: JobFrequency = 'one-time';
export const DEFAULT_JOB_TIME = '9:00 AM';
export const DEFAULT_ASSIGNEE = 'unassigned';

export function isRecurring(frequency: JobFrequency): boolean {
  return frequency !== 'one-time';
}

/**
 * Reads an event's stored (recurring, frequency) pair back as one frequency.
 * An explicit frequency wins over the flag when both are set, because the
 * flag is derived from the frequency the user picked (see isRecurring).
 */
export function effectiveFrequency(
  recurring: boolean,
  frequency?: JobFrequency | null,
): JobFrequency {
  if (!recurring) return 'one-time';
  return frequency ?? 'weekly';
}
