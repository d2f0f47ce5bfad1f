import { canChangeJobStatus, JOB_STATUS_ACTIONS, type JobStatus } from '@crewdesk/domain';
import { Ban, CheckCircle2, Navigation, Play, RotateCcw } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

export interface StatusAction {
  status: JobStatus;
  label: string;
  icon: LucideIcon;
  tone: 'primary' | 'secondary' | 'danger';
}

const ICONS: Partial<Record<JobStatus, LucideIcon>> = {
  on_the_way: Navigation,
  in_progress: Play,
  completed: CheckCircle2,
};

/**
 * The buttons a visit offers now: the field worker's next steps (JOB_STATUS_ACTIONS that the
 * transitions allow), then for dispatchers Cancel visit or Reopen.
 */
export function statusActionsFor(
  status: JobStatus,
  { canWork, canEdit }: { canWork: boolean; canEdit: boolean },
): StatusAction[] {
  const actions: StatusAction[] = [];
  if (canWork && status !== 'completed' && status !== 'cancelled') {
    for (const action of JOB_STATUS_ACTIONS) {
      if (canChangeJobStatus(status, action.status)) {
        actions.push({
          status: action.status,
          label: action.label,
          icon: ICONS[action.status] ?? Play,
          tone: actions.length === 0 ? 'primary' : 'secondary',
        });
      }
    }
  }
  if (canEdit) {
    if (status === 'completed' && canChangeJobStatus(status, 'in_progress'))
      actions.push({ status: 'in_progress', label: 'Reopen', icon: RotateCcw, tone: 'secondary' });
    if (status === 'cancelled' && canChangeJobStatus(status, 'scheduled'))
      actions.push({ status: 'scheduled', label: 'Reopen', icon: RotateCcw, tone: 'secondary' });
    if (canChangeJobStatus(status, 'cancelled'))
      actions.push({ status: 'cancelled', label: 'Cancel visit', icon: Ban, tone: 'danger' });
  }
  return actions;
}

/** Big, thumb-sized status buttons (full width on a phone). */
export function StatusActions({
  actions,
  pending,
  onChoose,
  className,
}: {
  actions: readonly StatusAction[];
  /** The status being set, while its call runs. */
  pending: JobStatus | null;
  onChoose: (status: JobStatus) => void;
  className?: string;
}) {
  if (actions.length === 0) return null;
  return (
    <div
      role="group"
      aria-label="Visit status"
      className={cn('grid grid-cols-1 gap-2 sm:flex sm:flex-wrap', className)}
    >
      {actions.map((action) => {
        const Icon = action.icon;
        return (
          <Button
            key={`${action.status}-${action.label}`}
            size="lg"
            variant={action.tone === 'primary' ? 'default' : 'outline'}
            className={cn(
              'h-12 text-base sm:h-11 sm:text-sm',
              action.tone === 'danger' && 'text-destructive',
            )}
            disabled={pending !== null}
            onClick={() => onChoose(action.status)}
          >
            <Icon aria-hidden="true" />
            {pending === action.status ? 'Saving...' : action.label}
          </Button>
        );
      })}
    </div>
  );
}
