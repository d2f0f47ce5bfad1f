import type { VisitSummary } from '@crewdesk/domain';
import { Inbox } from 'lucide-react';
import type { ColorMode } from '../lib/visit-colors';
import { VisitCard } from './visit-card';

function missingText(visit: VisitSummary): string {
  const missing = [
    visit.localStartsAt === null ? 'no date' : null,
    visit.assignees.length === 0 ? 'no one assigned' : null,
  ].filter(Boolean);
  return missing.join(', ');
}

/** Open jobs without a date or without anyone on them, to drag onto the calendar. */
export function UnplannedList({
  visits,
  colorMode,
  onMove,
}: {
  visits: readonly VisitSummary[];
  colorMode: ColorMode;
  onMove: (visit: VisitSummary) => void;
}) {
  return (
    <aside aria-labelledby="unplanned-title" className="rounded-lg border bg-background p-3">
      <h2 id="unplanned-title" className="text-sm font-semibold">
        Unplanned <span className="font-normal text-muted-foreground">({visits.length})</span>
      </h2>
      {visits.length === 0 ? (
        <p className="mt-3 flex items-center gap-2 text-sm text-muted-foreground">
          <Inbox aria-hidden="true" className="size-4" />
          Every open job has a date and a team member.
        </p>
      ) : (
        <>
          <p className="mt-1 text-xs text-muted-foreground">
            Drag a job onto a day or a team member, or use Move.
          </p>
          <ul className="mt-2 max-h-[60vh] space-y-1.5 overflow-y-auto">
            {visits.map((visit) => (
              <li key={visit.id}>
                <VisitCard
                  visit={visit}
                  colorMode={colorMode}
                  canPlan
                  onMove={onMove}
                  variant="block"
                />
                <p className="mt-0.5 px-1 text-[0.7rem] text-muted-foreground">
                  {missingText(visit)}
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
    </aside>
  );
}
