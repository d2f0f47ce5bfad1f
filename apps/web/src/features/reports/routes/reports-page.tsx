import { BarChart3 } from 'lucide-react';
import { UpcomingModulePage } from '@/components/upcoming-module-page';

export function ReportsPage() {
  return (
    <UpcomingModulePage
      title="Reports"
      description="How the business is doing."
      icon={BarChart3}
      emptyTitle="No reports yet"
      upcoming={[
        'Revenue invoiced and collected, and who owes what (receivables ageing)',
        'Quote conversion, jobs by type and margin',
        'Team hours, with CSV export of every report',
      ]}
    >
      Your reports will live here — they arrive with the Reports module, built from your real
      invoices, quotes, jobs and timesheets.
    </UpcomingModulePage>
  );
}
