import { Clock } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

export function TimeTrackingPage() {
  return (
    <>
      <PageHeader title="Time Tracking" description="Hours worked, on and off the job." />
      <EmptyState
        icon={Clock}
        title="No time entries yet"
        upcoming={[
          'Clock in and out, optionally on a job, with breaks',
          'Weekly timesheets and their approval',
          'Labour cost per job: estimate against actual',
        ]}
      >
        Your timesheets will live here — they arrive with the Time Tracking module. Location is
        recorded only when clocking in or out, and only with consent.
      </EmptyState>
    </>
  );
}
