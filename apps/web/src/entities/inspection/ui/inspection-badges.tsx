import type { InspectionStatus } from '@crewdesk/domain';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { formatScore, INSPECTION_STATUS_LABELS } from '../model/inspection-text';

const STATUS_CLASS: Record<InspectionStatus, string> = {
  draft: 'border-border bg-muted text-muted-foreground',
  in_progress: 'border-primary/40 bg-primary/10 text-primary',
  finished: 'border-success/40 bg-success/10 text-success',
};

export function InspectionStatusBadge({
  status,
  className,
}: {
  status: InspectionStatus;
  className?: string;
}) {
  return (
    <Badge className={cn(STATUS_CLASS[status], className)}>
      {INSPECTION_STATUS_LABELS[status]}
    </Badge>
  );
}

/** "92% · Passed": the score with its verdict in words, not by colour alone. */
export function ScoreBadge({
  percent,
  passed,
  className,
}: {
  percent: number | null;
  passed: boolean | null;
  className?: string;
}) {
  if (percent === null) return <span className={cn('text-muted-foreground', className)}>—</span>;
  const verdict = passed === null ? '' : passed ? ' · Passed' : ' · Failed';
  return (
    <Badge
      className={cn(
        passed === false
          ? 'border-destructive/40 bg-destructive/10 text-destructive'
          : 'border-success/40 bg-success/10 text-success',
        className,
      )}
    >
      {`${formatScore(percent)}${verdict}`}
    </Badge>
  );
}
