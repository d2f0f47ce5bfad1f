import { useId, type ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';

// The parts every record's page is drawn with (a job, an invoice, a payment, a quote, a contact):
// titled cards and label–value lists, one look everywhere (issue 44: five copies before).

/** A titled card of a record's page, a region named by its heading, with actions at its right. */
export function Section({
  title,
  children,
  actions,
  className,
}: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <Card className={cn('p-4 sm:p-5', className)} role="region" aria-labelledby={id}>
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id={id} className="text-base font-semibold">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </Card>
  );
}

/** One label and its value in a `<dl className={detailListClass}>`; an empty value shows "—". */
export function Detail({ label, children }: { label: string; children: ReactNode }) {
  const empty = children === null || children === undefined || children === '';
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words font-medium">{empty ? '—' : children}</dd>
    </>
  );
}

/** The label–value list: labels in a narrow column, values beside them. */
export const detailListClass =
  'grid grid-cols-[minmax(0,7rem)_1fr] gap-x-4 gap-y-2 text-sm sm:grid-cols-[9rem_1fr]';
