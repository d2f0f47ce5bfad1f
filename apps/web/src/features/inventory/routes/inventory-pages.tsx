import { Boxes, Package } from 'lucide-react';
import { useLocation } from 'react-router';
import { buildBreadcrumbs } from '@crewdesk/domain';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

export function InventoryPage() {
  return (
    <>
      <PageHeader
        title="Inventory"
        description="Supplies and equipment, and how much of each you have."
      />
      <EmptyState
        icon={Package}
        title="No inventory yet"
        upcoming={[
          'Categories and items with stock on hand',
          'Movements: received, used on a job, adjusted',
          'Low-stock alerts, and calculator tools linked to items',
        ]}
      >
        Your supplies and equipment will live here — they arrive with the Inventory module.
      </EmptyState>
    </>
  );
}

export function InventoryCategoryPage() {
  const { pathname } = useLocation();
  // The page title is the category's label as the breadcrumbs show it.
  const title = buildBreadcrumbs(pathname).at(-1)?.label ?? 'Inventory';
  return (
    <>
      <PageHeader title={title} description="An inventory category." />
      <EmptyState icon={Boxes} title="No items in this category yet">
        The items of this category, their stock and movements will be listed here. They arrive with
        the Inventory module.
      </EmptyState>
    </>
  );
}
