import { Bell } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

export function NotificationsPage() {
  return (
    <>
      <PageHeader title="Notifications" />
      <EmptyState
        icon={Bell}
        title="No notifications"
        upcoming={[
          'A new inquiry, a quote viewed or accepted',
          'An invoice paid or overdue, a job assigned to you',
          'Stock running low',
        ]}
      >
        You have no notifications. They arrive with the modules that send them, pushed live to this
        page.
      </EmptyState>
    </>
  );
}
