import type { JobPerson, MoveVisitInput, VisitSummary } from '@crewdesk/domain';
import { instantOfLocal } from '@crewdesk/domain';
import { UNASSIGNED_LANE, visitTimeOfDay } from './visit-grouping';

/** Where a dragged visit came from: a team lane (an employee id or 'unassigned'), or none. */
export type SourceLane = string | null;

/** Where a visit was dropped. */
export type DropTarget =
  /** A day cell (month, week header): the date changes, the time of day stays. */
  | { kind: 'day'; date: string }
  /** A time slot of the day or week grid: that date and time ('HH:mm'). */
  | { kind: 'slot'; date: string; time: string }
  /** A member's lane on a day (team view): the date changes and the visit changes hands. */
  | { kind: 'lane'; date: string; laneId: string };

/** A visit with no time yet lands at 9:00 when dropped on a day. */
export const DEFAULT_DROP_TIME = '09:00';

const laneToAssignee = (laneId: string): string | null =>
  laneId === UNASSIGNED_LANE ? null : laneId;

/**
 * The PATCH /api/jobs/:id/schedule body of a drop, or null when the drop changes nothing.
 * From a lane, the visit moves from that lane's member to the target's; from anywhere else
 * (the unplanned list, a day view) it moves from its first assignee, or from nobody.
 */
export function moveForDrop(
  visit: Pick<VisitSummary, 'localStartsAt' | 'assignees' | 'version'>,
  target: DropTarget,
  sourceLane: SourceLane,
): MoveVisitInput | null {
  const time = target.kind === 'slot' ? target.time : (visitTimeOfDay(visit) ?? DEFAULT_DROP_TIME);
  const startsAt = `${target.date}T${time}:00`;
  const move: MoveVisitInput = { startsAt, version: visit.version };
  let reassigned = false;

  if (target.kind === 'lane') {
    const from =
      sourceLane !== null ? laneToAssignee(sourceLane) : (visit.assignees[0]?.id ?? null);
    const to = laneToAssignee(target.laneId);
    if (from !== to) {
      move.fromAssigneeId = from;
      move.toAssigneeId = to;
      reassigned = true;
    }
  }
  if (!reassigned && startsAt === visit.localStartsAt) return null;
  return move;
}

/**
 * The visit as it will be after a move, drawn at once while the server answers (an optimistic
 * update); the server's answer, or a reload, replaces it.
 */
export function applyMove(
  visit: VisitSummary,
  move: MoveVisitInput,
  members: readonly JobPerson[],
  timeZone: string,
): VisitSummary {
  let assignees = visit.assignees;
  if (move.fromAssigneeId !== undefined || move.toAssigneeId !== undefined) {
    assignees = assignees.filter((a) => a.id !== move.fromAssigneeId);
    const to = members.find((m) => m.id === move.toAssigneeId);
    if (to && !assignees.some((a) => a.id === to.id)) assignees = [...assignees, to];
  }
  let startsAt: string | null = null;
  if (move.startsAt) {
    try {
      startsAt = instantOfLocal(move.startsAt, timeZone).toISOString();
    } catch {
      startsAt = visit.startsAt;
    }
  }
  return { ...visit, localStartsAt: move.startsAt, startsAt, assignees };
}

/** The drag payload's type: a drop elsewhere on the page (a file, text) is not ours. */
export const VISIT_DRAG_TYPE = 'application/x-crewdesk-visit';

export interface VisitDragPayload {
  visitId: string;
  sourceLane: SourceLane;
}

export function encodeDrag(payload: VisitDragPayload): string {
  return JSON.stringify(payload);
}

export function decodeDrag(text: string): VisitDragPayload | null {
  try {
    const value = JSON.parse(text) as Partial<VisitDragPayload> | null;
    if (!value || typeof value.visitId !== 'string') return null;
    return {
      visitId: value.visitId,
      sourceLane: typeof value.sourceLane === 'string' ? value.sourceLane : null,
    };
  } catch {
    return null;
  }
}
