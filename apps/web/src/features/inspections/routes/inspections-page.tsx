import {
  canDispatchJobs,
  hasTeamManagementRights,
  type InspectionListItem,
} from '@crewdesk/domain';
import { ClipboardCheck, MapPin, Plus, SearchX } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '@/lib/session/session-context';
import { ListFooter } from '@/components/list-footer';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DataList, type DataColumn } from '@/components/ui/data-list';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { PageHeader } from '@/components/ui/page-header';
import { PageLoading } from '@/components/ui/page-loading';
import {
  hasInspectionFilters,
  NO_INSPECTION_FILTERS,
  useInspectionList,
  useInspectionTemplates,
  type InspectionListFilters,
} from '@/entities/inspection/api/inspection-api';
import { InspectionStatusBadge, ScoreBadge } from '@/entities/inspection/ui/inspection-badges';
import { StartInspectionDialog } from '@/entities/inspection/ui/start-inspection-dialog';
import { formatDay } from '@/lib/format';
import { InspectionFilters } from '../components/inspection-filters';

export function inspectionPath(inspection: Pick<InspectionListItem, 'id'>): string {
  return `/inspections/${inspection.id}`;
}

function Started({ inspection }: { inspection: InspectionListItem }) {
  return <time dateTime={inspection.startedAt}>{formatDay(inspection.startedAt)}</time>;
}

const COLUMNS: readonly DataColumn<InspectionListItem>[] = [
  {
    header: 'Template',
    cell: (i) => (
      <span className="truncate">
        {i.templateName}
        <span className="text-muted-foreground"> · v{i.templateVersion}</span>
      </span>
    ),
    className: 'max-w-[16rem]',
    link: true,
  },
  {
    header: 'Contact and site',
    cell: (i) => (
      <span className="block max-w-[18rem] truncate">
        {i.contact?.name ?? i.job?.title ?? '—'}
        {i.siteAddress ? <span className="text-muted-foreground"> · {i.siteAddress}</span> : null}
      </span>
    ),
  },
  {
    header: 'Inspector',
    cell: (i) => i.inspector?.name ?? '—',
    className: 'max-w-[10rem] truncate',
  },
  { header: 'Started', cell: (i) => <Started inspection={i} />, className: 'whitespace-nowrap' },
  { header: 'Score', cell: (i) => <ScoreBadge percent={i.scorePercent} passed={i.passed} /> },
  { header: 'Status', cell: (i) => <InspectionStatusBadge status={i.status} /> },
];

function InspectionCard({ inspection }: { inspection: InspectionListItem }) {
  return (
    <>
      <div className="flex items-start justify-between gap-2">
        <span className="truncate font-medium">{inspection.templateName}</span>
        <InspectionStatusBadge status={inspection.status} className="shrink-0" />
      </div>
      <p className="truncate text-muted-foreground">
        {[inspection.contact?.name ?? inspection.job?.title, inspection.inspector?.name]
          .filter(Boolean)
          .join(' · ')}
      </p>
      <p className="flex items-center gap-2 text-xs">
        <Started inspection={inspection} />
        {inspection.scorePercent !== null ? (
          <ScoreBadge percent={inspection.scorePercent} passed={inspection.passed} />
        ) : null}
      </p>
      {inspection.siteAddress ? (
        <p className="flex items-center gap-1 truncate text-xs text-muted-foreground">
          <MapPin aria-hidden="true" className="size-3 shrink-0" />
          <span className="truncate">{inspection.siteAddress}</span>
        </p>
      ) : null}
    </>
  );
}

function InspectionList({
  filters,
  canStart,
  onNew,
}: {
  filters: InspectionListFilters;
  canStart: boolean;
  onNew: () => void;
}) {
  const list = useInspectionList(filters);
  const items = useMemo(() => list.data?.pages.flatMap((p) => p.items) ?? [], [list.data]);
  const first = list.data?.pages[0];

  if (list.isPending) return <PageLoading />;
  if (list.isError) {
    return (
      <LoadErrorAlert
        title="Could not load the inspections"
        error={list.error}
        onRetry={() => void list.refetch()}
      />
    );
  }
  if (items.length === 0) {
    return hasInspectionFilters(filters) ? (
      <EmptyState icon={SearchX} title="No matching inspections">
        No inspection matches this search and these filters.
      </EmptyState>
    ) : (
      <EmptyState
        icon={ClipboardCheck}
        title="No inspections yet"
        actions={
          canStart ? (
            <Button onClick={onNew}>
              <Plus aria-hidden="true" />
              New inspection
            </Button>
          ) : undefined
        }
      >
        {canStart
          ? 'Inspect a site from a template: pass, fail or N.A., ratings, photos and a signature, then share a scored report.'
          : 'Inspections of your visits show here. Start one from the visit’s page.'}
      </EmptyState>
    );
  }
  const total = first?.total ?? items.length;
  return (
    <Card className="p-4 sm:p-5" aria-busy={list.isPlaceholderData || undefined}>
      <DataList
        rows={items}
        rowKey={(i) => i.id}
        rowHref={inspectionPath}
        columns={COLUMNS}
        card={(inspection) => <InspectionCard inspection={inspection} />}
        label="Inspections"
      />
      <ListFooter
        summary={`Showing ${items.length} of ${total}${first?.totalCapped ? '+' : ''} ${total === 1 ? 'inspection' : 'inspections'}`}
        hasMore={list.hasNextPage}
        loadingMore={list.isFetchingNextPage}
        onLoadMore={() => void list.fetchNextPage()}
      />
    </Card>
  );
}

/** Spec section 2: /inspections. A team member sees their own visits' inspections (the server filters). */
export function InspectionsPage() {
  const { role } = useSession();
  const navigate = useNavigate();
  const canStart = canDispatchJobs(role);
  const [filters, setFilters] = useState<InspectionListFilters>(NO_INSPECTION_FILTERS);
  const [starting, setStarting] = useState(false);
  const templates = useInspectionTemplates();
  const onFiltersChange = useCallback((next: InspectionListFilters) => setFilters(next), []);

  return (
    <>
      <PageHeader
        title="Inspections"
        description="Checklists on a visit or at a site, scored, with a report the client can act on."
        actions={
          canStart ? (
            <Button onClick={() => setStarting(true)}>
              <Plus aria-hidden="true" />
              New inspection
            </Button>
          ) : undefined
        }
      />
      <div className="mb-4">
        <InspectionFilters
          filters={filters}
          onChange={onFiltersChange}
          templates={templates.data?.items ?? []}
          showContact={canStart}
          showInspector={hasTeamManagementRights(role)}
        />
      </div>
      <InspectionList filters={filters} canStart={canStart} onNew={() => setStarting(true)} />
      {canStart ? (
        <StartInspectionDialog
          open={starting}
          onOpenChange={setStarting}
          onStarted={(inspection) => void navigate(inspectionPath(inspection))}
        />
      ) : null}
    </>
  );
}
