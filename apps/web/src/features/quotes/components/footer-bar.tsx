import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

interface FooterAction {
  label: string;
  onClick: () => void;
  disabled?: boolean;
}

interface FooterBarProps {
  /** The running total, already formatted. */
  total?: string;
  totalLabel?: string;
  previous?: FooterAction | null;
  secondary?: FooterAction | null;
  /** A cancel control (it may carry its own confirmation). */
  cancel?: ReactNode;
  primary?: (FooterAction & { loading?: boolean; type?: 'button' | 'submit' }) | null;
  className?: string;
}

/**
 * Spec section 2, 'Other reusable pieces': a footer bar with optional previous, secondary, cancel
 * and primary actions and a total display. The primary button shows 'Processing...' while loading.
 */
export function FooterBar({
  total,
  totalLabel = 'Total',
  previous,
  secondary,
  cancel,
  primary,
  className,
}: FooterBarProps) {
  return (
    <div
      className={cn(
        'flex flex-col gap-3 border-t bg-background sm:flex-row sm:items-center sm:justify-between',
        className,
      )}
    >
      {total !== undefined ? (
        <p className="flex items-baseline justify-between gap-2 sm:justify-start">
          <span className="text-sm text-muted-foreground">{totalLabel}</span>
          <output
            aria-label={totalLabel}
            aria-live="polite"
            data-testid="calculator-total"
            className="text-xl font-semibold tabular-nums"
          >
            {total}
          </output>
        </p>
      ) : null}
      {/* On a phone the lesser actions share a row and the primary one takes the full width
          below them, so no label is squeezed; from sm up they stand in one row. */}
      <div className="flex flex-col gap-2 sm:flex-row">
        {previous || cancel || secondary ? (
          <div className="grid grid-flow-col auto-cols-fr gap-2 sm:flex sm:auto-cols-auto">
            {previous ? (
              <Button variant="outline" onClick={previous.onClick} disabled={previous.disabled}>
                {previous.label}
              </Button>
            ) : null}
            {cancel}
            {secondary ? (
              <Button variant="outline" onClick={secondary.onClick} disabled={secondary.disabled}>
                {secondary.label}
              </Button>
            ) : null}
          </div>
        ) : null}
        {primary ? (
          <Button
            type={primary.type ?? 'button'}
            onClick={primary.onClick}
            disabled={primary.disabled || primary.loading}
            aria-busy={primary.loading || undefined}
          >
            {primary.loading ? 'Processing...' : primary.label}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
