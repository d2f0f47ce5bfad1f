import { FigureDefinitions } from '@/components/figure-definitions';
import type { UseQueryResult } from '@tanstack/react-query';
import { ChevronRight } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { cn } from '@/lib/cn';

interface FigureDefinitionText {
  label: string;
  definition: string;
}

/**
 * One group of tiles with its own request: it shows Loading... while that request runs and its
 * own error (with Try again) when it fails, so the rest of the home is never held up.
 */
export function TileGroup<T>({
  title,
  query,
  action,
  definitions,
  className,
  reserve,
  children,
}: {
  title: string;
  query: Pick<UseQueryResult<T>, 'data' | 'isPending' | 'isError' | 'error' | 'refetch'>;
  /** A link beside the title (the schedule, the report, the board). */
  action?: { to: string; label: string };
  /** How the group's figures are counted (from the answer), in a disclosure under the tiles. */
  definitions?: (data: T) => readonly FigureDefinitionText[];
  className?: string;
  /**
   * The height the loaded tiles take (a min-h class per width), kept while they load: the groups
   * below do not jump when the answer arrives (Lighthouse counted 0.23 of layout shift on a
   * phone when Loading... was one line).
   */
  reserve?: string;
  children: (data: T) => ReactNode;
}) {
  const headingId = useId();
  let body: ReactNode;
  if (query.isPending) {
    body = (
      <p role="status" className={cn('py-6 text-center text-sm text-muted-foreground', reserve)}>
        Loading...
      </p>
    );
  } else if (query.isError || query.data === undefined) {
    body = (
      <LoadErrorAlert
        title={`Could not load ${title.toLowerCase()}`}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  } else {
    const defs = definitions?.(query.data) ?? [];
    body = (
      <>
        {children(query.data)}
        {defs.length > 0 ? <FigureDefinitions definitions={defs} /> : null}
      </>
    );
  }
  return (
    <section aria-labelledby={headingId} className={cn('min-w-0', className)}>
      <Card className="p-4 sm:p-5">
        <div className="mb-3 flex items-center justify-between gap-2">
          <h2 id={headingId} className="text-base font-semibold">
            {title}
          </h2>
          {action ? (
            <Link
              to={action.to}
              className="inline-flex shrink-0 items-center gap-0.5 rounded-sm text-sm font-medium text-primary hover:underline"
            >
              {action.label}
              <ChevronRight aria-hidden="true" className="size-4" />
            </Link>
          ) : null}
        </div>
        {body}
      </Card>
    </section>
  );
}

export type TileTone = 'default' | 'good' | 'warning' | 'danger';

const TONE: Record<TileTone, string> = {
  default: 'text-foreground',
  good: 'text-emerald-700 dark:text-emerald-400',
  warning: 'text-amber-700 dark:text-amber-400',
  danger: 'text-destructive',
};

/** A figure that opens the list behind it: the whole tile is one link. */
export function Tile({
  to,
  label,
  value,
  detail,
  tone = 'default',
}: {
  to: string;
  label: string;
  value: ReactNode;
  detail?: ReactNode;
  tone?: TileTone;
}) {
  return (
    <Link
      to={to}
      className="flex h-full min-h-16 flex-col justify-between rounded-md border bg-background p-3 hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
    >
      <span className="text-sm text-muted-foreground">{label}</span>
      <span className={cn('text-2xl font-semibold tabular-nums', TONE[tone])}>{value}</span>
      {detail ? <span className="text-xs text-muted-foreground">{detail}</span> : null}
    </Link>
  );
}
