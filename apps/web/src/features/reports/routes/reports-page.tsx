import { BarChart3 } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

export function ReportsPage() {
  return (
    <>
      <PageHeader title="Reports" description="How the business is doing." />
      <EmptyState
        icon={BarChart3}
        title="No reports yet"
        upcoming={[
          'Revenue invoiced and collected, and who owes what (receivables ageing)',
          'Quote conversion, jobs by type and margin',
          'Team hours, with CSV export of every report',
        ]}
      >
        Your reports will live here — they arrive with the Reports module, built from your real
        invoices, quotes, jobs and timesheets.
      </EmptyState>
    </>
  );
}
