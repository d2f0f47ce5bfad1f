import { ClipboardCheck } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

export function InspectionsPage() {
  return (
    <>
      <PageHeader title="Inspections" description="Checklists for a job or a site." />
      <EmptyState
        icon={ClipboardCheck}
        title="No inspections yet"
        upcoming={[
          'Checklist templates with pass, fail or n.a., notes and photos',
          'A score and a report you can share with the client',
          'Failed items turned into lines of a quote',
        ]}
      >
        Your inspections will live here — they arrive with the Inspections module.
      </EmptyState>
    </>
  );
}
