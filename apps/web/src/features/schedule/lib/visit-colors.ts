import {
  JOB_STATUS_LABELS,
  JOB_STATUSES,
  JOB_TYPES,
  type JobStatus,
  type JobType,
  type VisitSummary,
} from '@crewdesk/domain';

export const COLOR_MODES = ['type', 'status'] as const;
export type ColorMode = (typeof COLOR_MODES)[number];

export const JOB_TYPE_LABELS: Record<JobType, string> = {
  cleaning: 'Cleaning',
  inspection: 'Inspection',
  maintenance: 'Maintenance',
};

/** Card classes: a tinted background, a strong left edge and readable text. */
const TYPE_CLASSES: Record<JobType, string> = {
  cleaning: 'border-l-sky-600 bg-sky-50 text-sky-950 dark:bg-sky-950 dark:text-sky-100',
  inspection:
    'border-l-violet-600 bg-violet-50 text-violet-950 dark:bg-violet-950 dark:text-violet-100',
  maintenance:
    'border-l-amber-600 bg-amber-50 text-amber-950 dark:bg-amber-950 dark:text-amber-100',
};

const STATUS_CLASSES: Record<JobStatus, string> = {
  scheduled: 'border-l-slate-500 bg-slate-50 text-slate-950 dark:bg-slate-950 dark:text-slate-100',
  on_the_way: 'border-l-blue-600 bg-blue-50 text-blue-950 dark:bg-blue-950 dark:text-blue-100',
  in_progress:
    'border-l-amber-600 bg-amber-50 text-amber-950 dark:bg-amber-950 dark:text-amber-100',
  completed: 'border-l-green-700 bg-green-50 text-green-950 dark:bg-green-950 dark:text-green-100',
  cancelled:
    'border-l-red-700 bg-red-50 text-red-950 dark:bg-red-950 dark:text-red-100 line-through',
};

const TYPE_SWATCHES: Record<JobType, string> = {
  cleaning: 'bg-sky-600',
  inspection: 'bg-violet-600',
  maintenance: 'bg-amber-600',
};

const STATUS_SWATCHES: Record<JobStatus, string> = {
  scheduled: 'bg-slate-500',
  on_the_way: 'bg-blue-600',
  in_progress: 'bg-amber-600',
  completed: 'bg-green-700',
  cancelled: 'bg-red-700',
};

export function visitColorClass(visit: Pick<VisitSummary, 'type' | 'status'>, mode: ColorMode) {
  return mode === 'type' ? TYPE_CLASSES[visit.type] : STATUS_CLASSES[visit.status];
}

export function visitSwatchClass(visit: Pick<VisitSummary, 'type' | 'status'>, mode: ColorMode) {
  return mode === 'type' ? TYPE_SWATCHES[visit.type] : STATUS_SWATCHES[visit.status];
}

/** The legend's rows for a colour mode. */
export function legendOf(mode: ColorMode): { label: string; swatch: string }[] {
  return mode === 'type'
    ? JOB_TYPES.map((t) => ({ label: JOB_TYPE_LABELS[t], swatch: TYPE_SWATCHES[t] }))
    : JOB_STATUSES.map((s) => ({ label: JOB_STATUS_LABELS[s], swatch: STATUS_SWATCHES[s] }));
}
