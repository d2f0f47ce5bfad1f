import { Map as MapIcon } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

export function MapPage() {
  return (
    <>
      <PageHeader title="Map" description="Where today’s work is." />
      <EmptyState icon={MapIcon} title="Nothing on the map yet">
        Your jobs will be shown on a map here, with a suggested order to visit them. It arrives with
        the Jobs &amp; Schedule module; map tiles load only when a map provider is configured.
      </EmptyState>
    </>
  );
}
