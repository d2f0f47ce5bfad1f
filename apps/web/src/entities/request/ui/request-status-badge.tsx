import { optionLabel } from '@crewdesk/domain';
import { Badge } from '@/components/ui/badge';

const TONES: Record<string, string> = {
  unopened: 'border-border bg-muted text-muted-foreground',
  sent: 'border-primary/30 bg-accent text-accent-foreground',
  viewed: 'border-warning/40 bg-warning/10 text-warning',
  accepted: 'border-success/40 bg-success/10 text-success',
  declined: 'border-destructive/30 bg-destructive/10 text-destructive',
  expired: 'border-border bg-muted text-muted-foreground line-through decoration-1',
  converted: 'border-success/40 bg-success/10 text-success',
};

/** A request's status, coloured by where it stands with the client. */
export function StatusBadge({ status }: { status: string }) {
  return <Badge className={TONES[status] ?? TONES.unopened}>{optionLabel(status)}</Badge>;
}
