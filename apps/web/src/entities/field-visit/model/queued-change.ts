import {
  FIELD_STATUSES,
  fieldStatusSteps,
  JOB_STATUS_ACTIONS,
  type FieldChange,
  type FieldStatus,
  type FieldVisit,
  type PhotoLabel,
} from '@crewdesk/domain';
import type { QueuedPunch } from '@/entities/time/api/punch-queue';

/** Who made a queued change: sent only while the same person is signed in. */
interface Made {
  userId: string;
}

/** A tick, a note or a step, as the phone keeps it until the server has it. */
export type QueuedChange = FieldChange & Made;

/** A photo taken offline: its bytes stay on the phone until they are sent. */
export interface QueuedPhoto extends Made {
  kind: 'photo';
  clientId: string;
  jobId: string;
  madeAt: string;
  seenStartsAt: string | null;
  label: PhotoLabel | null;
  image: Blob;
}

export type Queued = QueuedChange | QueuedPhoto;

/** What the visit view shows: the kept copy with this phone's waiting changes laid over it. */
export interface VisitOnPhone extends FieldVisit {
  /** Notes written on this phone not yet sent, oldest first. */
  waitingNotes: string[];
  /** Photos taken on this phone not yet sent. */
  waitingPhotos: number;
  /** How many of this visit's changes are waiting. */
  waiting: number;
}

/**
 * Lays the waiting changes over the kept visit, in the order they were made: a tick sets the
 * item, a step moves the visit forward only (as the server applies them), a note or a photo is
 * listed as waiting.
 */
export function visitOnPhone(visit: FieldVisit, queue: readonly Queued[]): VisitOnPhone {
  const own = queue.filter((change) => change.jobId === visit.id);
  let status = visit.status;
  const done = new Map(visit.checklist.map((item) => [item.id, item.done]));
  const waitingNotes: string[] = [];
  let waitingPhotos = 0;
  for (const change of own) {
    if (change.kind === 'checklist' && done.has(change.itemId))
      done.set(change.itemId, change.done);
    if (change.kind === 'note') waitingNotes.push(change.text);
    if (change.kind === 'photo') waitingPhotos += 1;
    if (change.kind === 'status') status = fieldStatusSteps(status, change.status).at(-1) ?? status;
  }
  return {
    ...visit,
    status,
    checklist: visit.checklist.map((item) => ({ ...item, done: done.get(item.id) ?? item.done })),
    waitingNotes,
    waitingPhotos,
    waiting: own.length,
  };
}

/** The next step the crew can take from `status`, with its button's words (the visit page's). */
export function nextFieldStep(
  status: FieldVisit['status'],
): { status: FieldStatus; label: string } | null {
  const next = FIELD_STATUSES.find((step) => fieldStatusSteps(status, step).length === 1);
  if (!next) return null;
  const action = JOB_STATUS_ACTIONS.find((a) => a.status === next);
  return action ? { status: next, label: action.label } : null;
}

/** The timers a visit's own steps (On my way, Start, Complete) start and stop. */
const STEP_PUNCHES = new Set(['on_my_way', 'visit_start', 'visit_stop']);

/**
 * What the worker did that the server does not have yet, counted as they did it: a step on a
 * visit is one change, though it waits as the step and the timer punch it makes.
 */
export function changesWaiting(
  queue: readonly Queued[],
  punches: readonly Pick<QueuedPunch, 'action' | 'jobId'>[],
): number {
  const stepsWaiting = new Set(queue.flatMap((c) => (c.kind === 'status' ? [c.jobId] : [])));
  const ownPunches = punches.filter(
    (p) => !(p.jobId !== null && STEP_PUNCHES.has(p.action) && stepsWaiting.has(p.jobId)),
  );
  return queue.length + ownPunches.length;
}
