import { INVOICE_STATUS_LABELS, type InvoiceStatus } from '@crewdesk/domain';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';

const TONES: Record<InvoiceStatus, string> = {
  draft: 'border-border bg-muted text-muted-foreground',
  sent: 'border-primary/30 bg-accent text-accent-foreground',
  viewed: 'border-primary/40 bg-primary/10 text-primary',
  partially_paid: 'border-warning/40 bg-warning/10 text-warning',
  paid: 'border-success/40 bg-success/10 text-success',
  overdue: 'border-destructive/40 bg-destructive/10 text-destructive',
  void: 'border-border bg-muted text-muted-foreground line-through decoration-1',
};

/** An invoice's status, coloured by what it asks of the office. */
export function InvoiceStatusBadge({
  status,
  className,
}: {
  status: InvoiceStatus;
  className?: string;
}) {
  return <Badge className={cn(TONES[status], className)}>{INVOICE_STATUS_LABELS[status]}</Badge>;
}

/** A small neutral label (Refunded, Tip). */
export function SmallBadge({ children, className }: { children: string; className?: string }) {
  return (
    <Badge className={cn('border-border bg-muted text-muted-foreground', className)}>
      {children}
    </Badge>
  );
}
