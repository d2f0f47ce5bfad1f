import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

interface UpcomingModulePageProps {
  title: string;
  description: string;
  icon: LucideIcon;
  /** The empty state's heading: 'No reports yet'. */
  emptyTitle: string;
  /** What the module will bring, as a short list. */
  upcoming: readonly string[];
  /** Where the module's records will live, and when. */
  children: ReactNode;
}

/** The page of a module that has not arrived yet: what will live there, and no pretend data. */
export function UpcomingModulePage({
  title,
  description,
  icon,
  emptyTitle,
  upcoming,
  children,
}: UpcomingModulePageProps) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <EmptyState icon={icon} title={emptyTitle} upcoming={upcoming}>
        {children}
      </EmptyState>
    </>
  );
}
