import { type ProposalOption } from '@crewdesk/domain';
import { CheckCircle2 } from 'lucide-react';
import { cn } from '@/lib/cn';
import { formatAmount } from '@/lib/money';

/** A proposal's three options with their prices; the one the client accepted is marked. */
export function ProposalOptionsList({
  options,
  acceptedId = null,
  className,
}: {
  options: readonly ProposalOption[];
  acceptedId?: string | null;
  className?: string;
}) {
  return (
    <ul aria-label="Proposal options" className={cn('grid gap-2 sm:grid-cols-3', className)}>
      {options.map((option) => {
        const accepted = option.id === acceptedId;
        return (
          <li
            key={option.id}
            aria-current={accepted ? 'true' : undefined}
            className={cn(
              'rounded-lg border p-3 text-sm',
              accepted ? 'border-success bg-success/5' : 'bg-background',
            )}
          >
            {accepted ? (
              <p className="mb-1 inline-flex items-center gap-1 text-xs font-medium text-success">
                <CheckCircle2 aria-hidden="true" className="size-3.5" />
                Accepted
              </p>
            ) : null}
            <p className="font-medium">{option.name}</p>
            <p className="mt-1 text-lg font-semibold tabular-nums">
              {formatAmount(option.priceCents)}
            </p>
            <p className="mt-1 text-xs text-muted-foreground">{option.description}</p>
          </li>
        );
      })}
    </ul>
  );
}
