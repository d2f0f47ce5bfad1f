import type { DragEvent } from 'react';
import {
  decodeDrag,
  encodeDrag,
  VISIT_DRAG_TYPE,
  type DropTarget,
  type SourceLane,
  type VisitDragPayload,
} from '../lib/move-visit';

/** What the calendar does with a drop; null while nobody may drag (a team member). */
export type VisitDropHandler = (payload: VisitDragPayload, target: DropTarget) => void;

// The payload of the drag in progress, for browsers that hide dataTransfer until the drop.
let current: VisitDragPayload | null = null;

/** Native HTML5 drag props for a visit (so Playwright's dragTo and a mouse work alike). */
export function visitDragProps(visitId: string, sourceLane: SourceLane) {
  return {
    draggable: true,
    onDragStart: (event: DragEvent<HTMLElement>) => {
      const payload = { visitId, sourceLane };
      current = payload;
      event.dataTransfer.effectAllowed = 'move';
      event.dataTransfer.setData(VISIT_DRAG_TYPE, encodeDrag(payload));
      event.dataTransfer.setData('text/plain', visitId);
    },
    onDragEnd: () => {
      current = null;
    },
  };
}

function isVisitDrag(event: DragEvent<HTMLElement>): boolean {
  const types = Array.from(event.dataTransfer?.types ?? []);
  return current !== null || types.includes(VISIT_DRAG_TYPE);
}

function payloadOf(event: DragEvent<HTMLElement>): VisitDragPayload | null {
  const text = event.dataTransfer?.getData(VISIT_DRAG_TYPE);
  return (text ? decodeDrag(text) : null) ?? current;
}

/**
 * Props for a drop target. `targetOf` reads the exact target from the event (a time grid turns
 * the pointer's height into a time). The highlight is a data attribute, not React state, so a
 * drag over a month of cells re-renders nothing.
 */
export function dropZoneProps(
  onDrop: VisitDropHandler | null,
  targetOf: (event: DragEvent<HTMLElement>) => DropTarget | null,
) {
  if (!onDrop) return {};
  return {
    onDragOver: (event: DragEvent<HTMLElement>) => {
      if (!isVisitDrag(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
      event.currentTarget.dataset.dropActive = 'true';
    },
    onDragLeave: (event: DragEvent<HTMLElement>) => {
      delete event.currentTarget.dataset.dropActive;
    },
    onDrop: (event: DragEvent<HTMLElement>) => {
      delete event.currentTarget.dataset.dropActive;
      const payload = payloadOf(event);
      if (!payload) return;
      event.preventDefault();
      event.stopPropagation();
      current = null;
      const target = targetOf(event);
      if (target) onDrop(payload, target);
    },
  };
}

/** The drop highlight (see dropZoneProps). */
export const DROP_ACTIVE_CLASS =
  'data-[drop-active=true]:bg-accent data-[drop-active=true]:ring-2 data-[drop-active=true]:ring-primary/40';
