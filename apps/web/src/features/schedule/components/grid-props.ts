import type { VisitSummary } from '@crewdesk/domain';
import type { ColorMode } from '../lib/visit-colors';
import type { VisitDropHandler } from './drag-and-drop';

/** What each schedule grid (month, day and week, team) is given by the page. */
export interface ScheduleGridProps {
  dates: readonly string[];
  colorMode: ColorMode;
  canPlan: boolean;
  /** Null for those who may not plan: nothing can be dropped. */
  onDrop: VisitDropHandler | null;
  onMove: (visit: VisitSummary) => void;
  /** An empty slot was clicked (dispatchers): a new job at that time, in the team view for that member. */
  onSlotClick: ((startsAt: string, assigneeId?: string) => void) | null;
  onOpenDay: (date: string) => void;
}
