import { optionLabel } from '@crewdesk/domain';
import { cn } from '@/lib/cn';

const TONES: Record<string, string> = {
  unopened: 'border-border bg-muted text-muted-foreground',
  sent: 'border-primary/30 bg-accent text-accent-foreground',
  viewed: 'border-warning/40 bg-warning/10 text-warning',
  accepted: 'border-success/40 bg-success/10 text-success',
  declined: 'border-destructive/30 bg-destructive/10 text-destructive',
  expired: 'border-border bg-muted text-muted-foreground line-through decoration-1',
  converted: 'border-success/40 bg-success/10 text-success',
};

export function Badge({ className, children }: { className?: string; children: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-medium',
        className,
      )}
    >
      {children}
    </span>
  );
}

/** A request's status, coloured by where it stands with the client. */
export function StatusBadge({ status }: { status: string }) {
  return <Badge className={TONES[status] ?? TONES.unopened}>{optionLabel(status)}</Badge>;
}
