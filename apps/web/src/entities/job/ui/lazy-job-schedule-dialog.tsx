import { lazy, Suspense, type ComponentProps } from 'react';
import type { JobScheduleDialog as Dialog } from './job-schedule-dialog';

// The job form (its pickers, date and time fields and zod checks) loads when the dialog opens,
// not with the screens that offer it.
const JobScheduleDialog = lazy(() =>
  import('./job-schedule-dialog').then((m) => ({ default: m.JobScheduleDialog })),
);

/** JobScheduleDialog, mounted (and fetched) only while it is open. */
export function LazyJobScheduleDialog(props: ComponentProps<typeof Dialog>) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <JobScheduleDialog {...props} />
    </Suspense>
  );
}
