import type { RouteSuggestion, VisitSummary } from '@crewdesk/domain';
import { Button } from '@/components/ui/button';
import { formatNumber } from '@/lib/locale';
import { suggestedVisits, visitTime } from '../lib/map-visits';

/** The suggested visiting order, its distance, and the way to put it on the schedule. */
export function RoutePanel({
  suggestion,
  visits,
  memberName,
  applying,
  onApply,
  onClear,
}: {
  suggestion: RouteSuggestion;
  visits: readonly VisitSummary[];
  memberName: string;
  applying: boolean;
  onApply: () => void;
  onClear: () => void;
}) {
  const ordered = suggestedVisits(visits, suggestion);
  const skipped = visits.filter((v) => suggestion.skipped.includes(v.id));
  return (
    <section
      aria-labelledby="route-title"
      className="rounded-lg border border-primary/40 bg-accent/40 p-3"
    >
      <h2 id="route-title" className="text-sm font-semibold">
        Suggested order for {memberName}
      </h2>
      {ordered.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">
          None of this member’s visits on this day has a position on the map.
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm">
            Total distance: <strong>{formatNumber(suggestion.totalKm, 1)} km</strong>
            {suggestion.start ? ` from ${suggestion.start.label}` : ''}
          </p>
          <ol aria-label="Suggested order" className="mt-2 space-y-1 text-sm">
            {ordered.map((visit, i) => (
              <li key={visit.id} className="flex gap-2">
                <span className="w-5 shrink-0 text-right font-semibold">{i + 1}.</span>
                <span className="min-w-0">
                  <span className="font-medium">{visit.title}</span>
                  <span className="text-muted-foreground"> · now {visitTime(visit)}</span>
                </span>
              </li>
            ))}
          </ol>
        </>
      )}
      {skipped.length > 0 ? (
        <p className="mt-2 text-xs text-muted-foreground">
          Left out (no position): {skipped.map((v) => v.title).join(', ')}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        {ordered.length > 0 ? (
          <Button size="sm" onClick={onApply} disabled={applying}>
            {applying ? 'Applying...' : 'Apply to schedule'}
          </Button>
        ) : null}
        <Button size="sm" variant="outline" onClick={onClear} disabled={applying}>
          Clear
        </Button>
      </div>
    </section>
  );
}
