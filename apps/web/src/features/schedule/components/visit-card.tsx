import { localTimeSlot, type VisitSummary } from '@crewdesk/domain';
import { MoveRight } from 'lucide-react';
import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import type { SourceLane } from '../lib/move-visit';
import { visitColorClass, type ColorMode } from '../lib/visit-colors';
import { visitDragProps } from './drag-and-drop';

/** '9:00 AM' of a visit, or '' when unscheduled. */
export function visitTimeText(visit: Pick<VisitSummary, 'localStartsAt'>): string {
  return visit.localStartsAt ? localTimeSlot(visit.localStartsAt) : '';
}

export interface VisitCardProps {
  visit: VisitSummary;
  colorMode: ColorMode;
  /** Dispatchers drag visits and move them from a menu; a team member only opens them. */
  canPlan: boolean;
  /** The team lane the card is drawn in (team view), for a reassigning drop. */
  sourceLane?: SourceLane;
  onMove?: (visit: VisitSummary) => void;
  /** A compact one-line row (month, team), or a block with room for the client. */
  variant?: 'row' | 'block';
  className?: string;
  style?: CSSProperties;
}

/**
 * One visit: a link to its page (Enter opens it), draggable by dispatchers, with a small Move
 * button as the keyboard's way to change its date, time or assignee. Kept light: a month may
 * draw hundreds of these.
 */
export function VisitCard({
  visit,
  colorMode,
  canPlan,
  sourceLane = null,
  onMove,
  variant = 'row',
  className,
  style,
}: VisitCardProps) {
  const time = visitTimeText(visit);
  return (
    <div
      data-testid={`visit-${visit.id}`}
      data-visit={visit.id}
      {...(canPlan ? visitDragProps(visit.id, sourceLane) : {})}
      className={cn(
        'group flex min-w-0 items-start overflow-hidden rounded border-l-4 text-xs shadow-sm',
        visitColorClass(visit, colorMode),
        canPlan && 'cursor-grab active:cursor-grabbing',
        className,
      )}
      style={style}
    >
      <Link
        to={`/jobs/${visit.id}`}
        draggable={false}
        className="min-w-0 flex-1 px-1.5 py-0.5 focus-visible:outline-2 focus-visible:outline-ring"
      >
        {variant === 'row' ? (
          <span className="block truncate">
            {time ? <span className="font-semibold">{time} </span> : null}
            {visit.title}
            {/* Named by what it shows (speech control says what it sees); the row has no room
                for the client, so only a screen reader hears it. */}
            {visit.customerName ? <span className="sr-only">, {visit.customerName}</span> : null}
          </span>
        ) : (
          <>
            <span className="block truncate font-semibold">{visit.title}</span>
            <span className="block truncate opacity-80">
              {time}
              {visit.customerName ? ` · ${visit.customerName}` : ''}
            </span>
          </>
        )}
      </Link>
      {canPlan && onMove ? (
        <button
          type="button"
          aria-label={`Move ${visit.title}`}
          title="Move"
          onClick={() => onMove(visit)}
          className="flex size-5 shrink-0 items-center justify-center rounded opacity-60 hover:bg-black/10 hover:opacity-100 focus-visible:opacity-100"
        >
          <MoveRight aria-hidden="true" className="size-3" />
        </button>
      ) : null}
    </div>
  );
}
