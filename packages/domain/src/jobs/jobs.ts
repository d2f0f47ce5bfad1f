import { rolesForRoute } from '../auth/access.ts';
import { hasTeamManagementRights, type Role } from '../auth/roles.ts';

/** A job is client work on the schedule; a task is a to-do, with or without a client. */
export const JOB_KINDS = ['job', 'task'] as const;
export type JobKind = (typeof JOB_KINDS)[number];

/** The visit's lifecycle: scheduled → on the way → in progress → completed, or cancelled. */
export const JOB_STATUSES = [
  'scheduled',
  'on_the_way',
  'in_progress',
  'completed',
  'cancelled',
] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/**
 * Done or called off: such a visit is no longer ahead of anyone, even when its planned time is
 * (a crew that finished early, a cancelled date).
 */
export const SETTLED_JOB_STATUSES: readonly JobStatus[] = ['completed', 'cancelled'];

export const JOB_STATUS_LABELS: Record<JobStatus, string> = {
  scheduled: 'Scheduled',
  on_the_way: 'On the way',
  in_progress: 'In progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/**
 * Where a visit may go from each status. A completed visit can be reopened (back to in
 * progress) when it was closed by mistake; a cancelled one can be put back on the schedule.
 */
export const JOB_STATUS_TRANSITIONS: Record<JobStatus, readonly JobStatus[]> = {
  scheduled: ['on_the_way', 'in_progress', 'cancelled'],
  on_the_way: ['scheduled', 'in_progress', 'cancelled'],
  in_progress: ['completed', 'cancelled'],
  completed: ['in_progress'],
  cancelled: ['scheduled'],
};

export function canChangeJobStatus(from: JobStatus, to: JobStatus): boolean {
  return JOB_STATUS_TRANSITIONS[from].includes(to);
}

/** The field worker's buttons, in the order of a visit. */
export const JOB_STATUS_ACTIONS: readonly { status: JobStatus; label: string }[] = [
  { status: 'on_the_way', label: 'On my way' },
  { status: 'in_progress', label: 'Start visit' },
  { status: 'completed', label: 'Complete visit' },
];

export const JOB_STATUS_CHANGE_REFUSED = (from: JobStatus, to: JobStatus) =>
  `A visit that is ${JOB_STATUS_LABELS[from].toLowerCase()} cannot become ${JOB_STATUS_LABELS[to].toLowerCase()}.`;

/** Spec section 6: jobs, tasks and the schedule. */
export const JOBS_ROUTE_ROLES: readonly Role[] = rolesForRoute('/jobs');
/** Spec section 6: the map. */
export const MAP_ROUTE_ROLES: readonly Role[] = rolesForRoute('/map');

/**
 * Who plans the work (create, edit, reschedule, reassign, delete): the team management rights
 * within the jobs roles. A team_member only sees and works their own visits.
 */
export function canDispatchJobs(role: Role | null | undefined): boolean {
  return hasTeamManagementRights(role);
}

export const NOT_YOUR_VISIT_MESSAGE =
  'This visit is assigned to someone else. Only its assignees can update it.';
export const DISPATCH_ONLY_MESSAGE =
  'Only admins, managers and team leaders can plan or change jobs.';
export const VISIT_CHANGED_MESSAGE =
  'This visit was changed by someone else, so your change was not saved. The latest version is shown now.';

export const JOB_EVENT_KINDS = [
  'created',
  'edited',
  'status_changed',
  'rescheduled',
  'reassigned',
  'checklist_added',
  'checklist_checked',
  'checklist_unchecked',
  'checklist_removed',
  'note_added',
  'photo_added',
  'photo_removed',
  'skipped',
  'series_ended',
  'created_from_request',
  /** The client confirmed the visit on its proof of service page. */
  'client_confirmed',
  /** The client reported a problem on its proof of service page (the text in the history). */
  'client_reported_problem',
] as const;
export type JobEventKind = (typeof JOB_EVENT_KINDS)[number];

export const PHOTO_LABELS = ['before', 'after'] as const;
export type PhotoLabel = (typeof PHOTO_LABELS)[number];

/** Visits last two hours unless set otherwise (the schedule needs a length to draw). */
export const DEFAULT_VISIT_MINUTES = 120;

/** Minutes on site from start to completion (or to now while in progress). */
export function timeOnSiteMinutes(
  startedAt: Date | string | null,
  completedAt: Date | string | null,
  now: Date,
): number | null {
  if (!startedAt) return null;
  const end = completedAt ? new Date(completedAt) : now;
  return Math.max(0, Math.round((end.getTime() - new Date(startedAt).getTime()) / 60_000));
}

/** '1 h 35 min', '45 min'. */
export function formatMinutes(total: number): string {
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  if (hours === 0) return `${minutes} min`;
  return minutes === 0 ? `${hours} h` : `${hours} h ${minutes} min`;
}

/** The jobs roles that plan work (create, edit, move, delete): all but the field workers. */
export const JOB_DISPATCH_ROLES: readonly Role[] = JOBS_ROUTE_ROLES.filter((role) =>
  canDispatchJobs(role),
);
