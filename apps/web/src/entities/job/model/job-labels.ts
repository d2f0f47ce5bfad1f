import type { JobFrequency } from '@crewdesk/domain';

/** How a frequency reads in the job dialog and on the job's page. */
export const FREQUENCY_LABELS: Record<JobFrequency, string> = {
  'one-time': 'One-time',
  weekly: 'Weekly',
  'bi-weekly': 'Bi-weekly',
  monthly: 'Monthly',
};
