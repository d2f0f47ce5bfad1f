import { type BusinessSummary, type MarginBand } from '@crewdesk/domain';
import { useId } from 'react';
import { cn } from '@/lib/cn';
import { formatAmount } from '@/lib/money';

const BAND_CLASS: Record<MarginBand, string> = {
  green: 'text-success',
  amber: 'text-warning',
  red: 'text-destructive',
};

const BAND_TEXT: Record<MarginBand, string> = {
  green: 'healthy margin',
  amber: 'thin margin',
  red: 'low margin',
};

/**
 * Spec sections 2, 6 and 9: the internal view of a price — cost, profit, margin coloured by band
 * (20 or more green, 10 to 19 amber, below 10 red) and the tools the job needs. Only business
 * admins and managers are ever given it.
 */
export function BusinessSummaryCard({
  summary,
  headingLevel = 3,
  className,
}: {
  /** 3 inside the calculator's step, 2 as a card of the detail page. */
  headingLevel?: 2 | 3;
  summary: Pick<
    BusinessSummary,
    | 'estimatedHours'
    | 'formulaHours'
    | 'labourCostCents'
    | 'toolsCostCents'
    | 'totalCostCents'
    | 'profitCents'
    | 'profitMarginPercent'
    | 'marginBand'
    | 'tools'
  >;
  className?: string;
}) {
  const headingId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section
      aria-labelledby={headingId}
      data-testid="business-summary"
      className={cn('rounded-lg border bg-surface p-4', className)}
    >
      <Heading
        id={headingId}
        className={cn('font-semibold', headingLevel === 2 ? 'text-base' : 'text-sm')}
      >
        Business Summary
      </Heading>
      <p className="mt-0.5 text-xs text-muted-foreground">
        Internal figures: the client never sees them.
      </p>
      <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-xs text-muted-foreground">Cost</dt>
          <dd className="font-semibold tabular-nums">{formatAmount(summary.totalCostCents)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Profit</dt>
          <dd className="font-semibold tabular-nums">{formatAmount(summary.profitCents)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Margin</dt>
          <dd
            className={cn('font-semibold tabular-nums', BAND_CLASS[summary.marginBand])}
            data-band={summary.marginBand}
          >
            {summary.profitMarginPercent}%
            <span className="sr-only"> ({BAND_TEXT[summary.marginBand]})</span>
          </dd>
        </div>
      </dl>
      <p className="mt-2 text-xs text-muted-foreground">
        {summary.estimatedHours} h of labor
        {summary.estimatedHours === summary.formulaHours
          ? ''
          : ` (corrected from the formula’s ${summary.formulaHours} h)`}{' '}
        ({formatAmount(summary.labourCostCents)}) plus tools ({formatAmount(summary.toolsCostCents)}
        ).
      </p>
      <h4 className="mt-3 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
        Tools
      </h4>
      <ul aria-label="Tools" className="mt-1 divide-y text-sm">
        {summary.tools.map((tool) => (
          <li key={tool.name} className="flex justify-between gap-3 py-1.5">
            <span>
              {tool.name} <span className="text-muted-foreground">× {tool.quantity}</span>
            </span>
            <span className="tabular-nums text-muted-foreground">
              {formatAmount(tool.quantity * tool.costPerUnitCents)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
