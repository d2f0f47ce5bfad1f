import { correctedHoursOf, type EstimateResult, type PropertyType } from '@crewdesk/domain';
import { useSimilarVisits } from '@/entities/time/api/time-api';
import { Button } from '@/components/ui/button';
import { formatNumber } from '@/lib/locale';

const hoursText = (hours: number) => `${formatNumber(hours)} h`;

interface SimilarVisitsNoteProps {
  propertyType: PropertyType;
  squareFootage: number | undefined;
  result: EstimateResult;
  /** The hours the owner chose to plan with; null for the formula's. */
  correctedHours: number | null;
  onChange: (hours: number | null) => void;
}

/**
 * Beside the Business Summary's hours: what this business's similar visits actually took (same
 * property type and size band, from time tracking), and the choice to plan with that instead of
 * the spec's formula. Nothing changes until the owner applies it, and the price never does.
 */
export function SimilarVisitsNote({
  propertyType,
  squareFootage,
  result,
  correctedHours,
  onChange,
}: SimilarVisitsNoteProps) {
  const similar = useSimilarVisits(propertyType, squareFootage);
  const formula = result.formulaHours;

  let body;
  if (correctedHours !== null) {
    body = (
      <>
        <p>
          Planning with {hoursText(correctedHours)} from similar visits; the formula says{' '}
          {hoursText(formula)}.
        </p>
        <Button type="button" variant="outline" size="sm" onClick={() => onChange(null)}>
          Use the formula’s {hoursText(formula)}
        </Button>
      </>
    );
  } else if (similar.isPending) {
    body = <p>Checking what similar visits took…</p>;
  } else if (similar.isError) {
    body = <p>Could not check what similar visits took. The formula’s hours stand.</p>;
  } else if (similar.data.medianRatio === null) {
    const { visits, needed, band } = similar.data;
    body = (
      <p>
        {visits} of the {needed} completed, timed {propertyType} visits of {band.label} needed to
        compare this estimate with real time.
      </p>
    );
  } else {
    const { visits, band, medianRatio, averageActualHours, averageEstimatedHours } = similar.data;
    const suggested = correctedHoursOf(formula, medianRatio);
    body = (
      <>
        <p>
          {visits} similar visits ({propertyType}, {band.label}) took {averageActualHours} h on
          average against {averageEstimatedHours} h estimated. For this one that means{' '}
          {hoursText(suggested)} instead of {hoursText(formula)}.
        </p>
        {suggested !== formula ? (
          <Button type="button" variant="outline" size="sm" onClick={() => onChange(suggested)}>
            Plan with {hoursText(suggested)}
          </Button>
        ) : null}
      </>
    );
  }
  return (
    <section
      aria-label="What similar visits took"
      aria-live="polite"
      className="space-y-2 rounded-lg border border-dashed p-3 text-xs text-muted-foreground"
    >
      {body}
    </section>
  );
}
