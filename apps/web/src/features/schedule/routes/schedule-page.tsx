import { CalendarDays } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

export function SchedulePage() {
  return (
    <>
      <PageHeader title="Schedule" description="Who is where, and when." />
      <EmptyState
        icon={CalendarDays}
        title="Nothing scheduled yet"
        upcoming={[
          'Day, week, month and team calendars',
          'Drag and drop to move a visit or hand it to someone else',
          'A calendar feed per team member for their phone',
        ]}
      >
        Your calendar will live here — it arrives with the Jobs &amp; Schedule module.
      </EmptyState>
    </>
  );
}
