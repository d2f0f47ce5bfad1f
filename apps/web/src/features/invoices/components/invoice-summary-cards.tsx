import { type InvoiceListResponse } from '@crewdesk/domain';
import { AlarmClock, Wallet } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { formatAmount } from '@/lib/money';

function countText(count: number): string {
  return `${count} ${count === 1 ? 'invoice' : 'invoices'}`;
}

function SummaryCard({
  title,
  amountCents,
  count,
  icon: Icon,
  tone,
}: {
  title: string;
  amountCents: number;
  count: number;
  icon: LucideIcon;
  tone: string;
}) {
  return (
    <Card className="flex items-center gap-4 p-3 sm:p-5" role="group" aria-label={title}>
      <span
        className={cn(
          'hidden size-10 shrink-0 items-center justify-center rounded-full sm:flex',
          tone,
        )}
      >
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0">
        <p className="text-sm text-muted-foreground">{title}</p>
        <p className="text-xl font-semibold tabular-nums">{formatAmount(amountCents)}</p>
        <p className="text-xs text-muted-foreground">{countText(count)}</p>
      </div>
    </Card>
  );
}

/** What the business is owed, and how much of it is late (whatever the filters). */
export function InvoiceSummaryCards({ totals }: { totals: InvoiceListResponse['totals'] }) {
  return (
    <div className="mb-4 grid grid-cols-2 gap-3">
      <SummaryCard
        title="Outstanding"
        amountCents={totals.outstandingCents}
        count={totals.outstandingCount}
        icon={Wallet}
        tone="bg-accent text-accent-foreground"
      />
      <SummaryCard
        title="Overdue"
        amountCents={totals.overdueCents}
        count={totals.overdueCount}
        icon={AlarmClock}
        tone="bg-destructive/10 text-destructive"
      />
    </div>
  );
}
