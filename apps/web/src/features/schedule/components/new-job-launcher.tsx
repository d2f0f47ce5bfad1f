import type { NewJobDefaults } from '@/entities/job/model/job-form';
import { LazyJobScheduleDialog } from '@/entities/job/ui/lazy-job-schedule-dialog';

export type { NewJobDefaults };

/**
 * The job dialog opened from an empty slot of the calendar, with that time (and member). The
 * dialog refreshes the schedule itself after a save.
 */
export function NewJobLauncher({
  defaults,
  onClose,
}: {
  defaults: NewJobDefaults | null;
  onClose: () => void;
}) {
  return (
    <LazyJobScheduleDialog
      open={defaults !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      defaults={defaults ?? undefined}
    />
  );
}
