import { Clock } from 'lucide-react';
import { UpcomingModulePage } from '@/components/upcoming-module-page';

export function TimeTrackingPage() {
  return (
    <UpcomingModulePage
      title="Time Tracking"
      description="Hours worked, on and off the job."
      icon={Clock}
      emptyTitle="No time entries yet"
      upcoming={[
        'Clock in and out, optionally on a job, with breaks',
        'Weekly timesheets and their approval',
        'Labour cost per job: estimate against actual',
      ]}
    >
      Your timesheets will live here — they arrive with the Time Tracking module. Location is
      recorded only when clocking in or out, and only with consent.
    </UpcomingModulePage>
  );
}
