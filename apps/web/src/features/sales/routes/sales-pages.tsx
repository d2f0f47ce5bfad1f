import { Handshake, TrendingUp } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { UpcomingModulePage } from '@/components/upcoming-module-page';

export function SalesPage() {
  return (
    <UpcomingModulePage
      title="Sales"
      description="Your pipeline of opportunities."
      icon={TrendingUp}
      emptyTitle="No opportunities yet"
      upcoming={[
        'Opportunities moving through new, contacted, quoted, won and lost',
        'Each tied to a contact and its requests',
      ]}
    >
      Your sales pipeline will live here — it arrives with the Sales module.
    </UpcomingModulePage>
  );
}

export function SaleDetailsPage() {
  return (
    <>
      <PageHeader title="Sale Details" />
      <EmptyState icon={Handshake} title="Opportunity details arrive with the Sales module">
        This page will show the opportunity’s stage, contact and requests. There are no
        opportunities in this version yet.
      </EmptyState>
    </>
  );
}
