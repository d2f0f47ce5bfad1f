import { ClipboardCheck } from 'lucide-react';
import { UpcomingModulePage } from '@/components/upcoming-module-page';

export function InspectionsPage() {
  return (
    <UpcomingModulePage
      title="Inspections"
      description="Checklists for a job or a site."
      icon={ClipboardCheck}
      emptyTitle="No inspections yet"
      upcoming={[
        'Checklist templates with pass, fail or n.a., notes and photos',
        'A score and a report you can share with the client',
        'Failed items turned into lines of a quote',
      ]}
    >
      Your inspections will live here — they arrive with the Inspections module.
    </UpcomingModulePage>
  );
}
