import type { VisitSummary } from '@crewdesk/domain';
import { MapPinOff } from 'lucide-react';
import { Link } from 'react-router';
import { hasPosition, visitTime, visitsInTimeOrder } from '../lib/map-visits';

/** The day's visits beside the map (below it on a phone), numbered like their pins. */
export function MapVisitList({
  visits,
  numbers,
}: {
  visits: readonly VisitSummary[];
  numbers: ReadonlyMap<string, number>;
}) {
  const ordered = visitsInTimeOrder(visits);
  return (
    <section aria-labelledby="map-visits-title" className="rounded-lg border bg-background p-3">
      <h2 id="map-visits-title" className="text-sm font-semibold">
        Visits <span className="font-normal text-muted-foreground">({visits.length})</span>
      </h2>
      {ordered.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">No visits on this day.</p>
      ) : (
        <ul aria-label="Visits of the day" className="mt-2 divide-y">
          {ordered.map((visit) => (
            <li key={visit.id} className="flex gap-3 py-2">
              <span
                aria-hidden="true"
                className="mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground"
              >
                {numbers.get(visit.id) ?? '–'}
              </span>
              <div className="min-w-0 text-sm">
                <Link to={`/jobs/${visit.id}`} className="font-medium hover:underline">
                  {visit.title}
                </Link>
                <p className="text-xs text-muted-foreground">
                  {visitTime(visit)}
                  {visit.customerName ? ` · ${visit.customerName}` : ''}
                  {visit.assignees.length > 0
                    ? ` · ${visit.assignees.map((a) => a.firstName).join(', ')}`
                    : ' · Unassigned'}
                </p>
                {visit.location ? (
                  <p className="truncate text-xs text-muted-foreground">{visit.location}</p>
                ) : null}
                {!hasPosition(visit) ? (
                  <p className="mt-0.5 flex items-center gap-1 text-xs text-warning">
                    <MapPinOff aria-hidden="true" className="size-3" />
                    Not on the map: the address has no position.
                  </p>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
