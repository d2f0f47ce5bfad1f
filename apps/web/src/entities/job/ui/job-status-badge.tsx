import type { JobStatus } from '@crewdesk/domain';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { statusLabel } from '../model/job-text';

const TONES: Record<JobStatus, string> = {
  scheduled: 'border-primary/30 bg-accent text-accent-foreground',
  on_the_way: 'border-warning/40 bg-warning/10 text-warning',
  in_progress: 'border-primary/40 bg-primary/10 text-primary',
  completed: 'border-success/40 bg-success/10 text-success',
  cancelled: 'border-border bg-muted text-muted-foreground line-through decoration-1',
};

/** A visit's status, coloured by where it stands in the day. */
export function JobStatusBadge({ status, className }: { status: JobStatus; className?: string }) {
  return <Badge className={cn(TONES[status], className)}>{statusLabel(status)}</Badge>;
}
