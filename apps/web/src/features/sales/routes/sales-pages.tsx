import { SALES_MANAGER_ROLES } from '@crewdesk/domain';
import { Columns3, List, Settings, TrendingUp } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { PageHeader } from '@/components/ui/page-header';
import { PageLoading } from '@/components/ui/page-loading';
import { useSession } from '@/lib/session/session-context';
import { cn } from '@/lib/cn';
import {
  hasSalesFilters,
  salesFiltersFromQuery,
  salesSearch,
  stageFromQuery,
  useSalesBoard,
  type SalesFilters,
} from '../api/sales-api';
import { useMoveFlow } from '../components/move-opportunity';
import { SalesBoardColumns } from '../components/sales-board';
import { SalesFilterBar } from '../components/sales-filters';
import { SalesList } from '../components/sales-list';
import { SalesSettingsDialog } from '../components/sales-settings-dialog';
import { SourceToCashPanel } from '../components/source-to-cash';

export { SaleDetailsPage } from './sale-details-page';

type View = 'board' | 'list';

function ViewSwitch({ view, onChange }: { view: View; onChange: (view: View) => void }) {
  const options = [
    { value: 'board' as const, label: 'Board', icon: Columns3 },
    { value: 'list' as const, label: 'List', icon: List },
  ];
  return (
    <div role="group" aria-label="View" className="inline-flex rounded-md border p-0.5">
      {options.map(({ value, label, icon: Icon }) => (
        <button
          key={value}
          type="button"
          aria-pressed={view === value}
          onClick={() => onChange(value)}
          className={cn(
            'inline-flex h-9 items-center gap-1.5 rounded px-3 text-sm font-medium',
            view === value ? 'bg-primary text-primary-foreground' : 'text-muted-foreground',
          )}
        >
          <Icon aria-hidden="true" className="size-4" />
          {label}
        </button>
      ))}
    </div>
  );
}

/** /sales: the pipeline as a board or a list, its filters, and (for managers) source to cash. */
export function SalesPage() {
  const { role } = useSession();
  const isManager = SALES_MANAGER_ROLES.includes(role);
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'list' ? 'list' : 'board';
  // A link (home's pipeline tiles) may name the filters: ?view=list&owner=me&stage=quoted. A
  // later link to this open page sets them again; the filter bar itself leaves the URL alone.
  const linkedQuery = salesSearch(salesFiltersFromQuery(params), stageFromQuery(params)).toString();
  const [filters, setFilters] = useState<SalesFilters>(() => salesFiltersFromQuery(params));
  const [shownLink, setShownLink] = useState(linkedQuery);
  if (shownLink !== linkedQuery) {
    setShownLink(linkedQuery);
    setFilters(salesFiltersFromQuery(params));
  }
  const [settingsOpen, setSettingsOpen] = useState(false);
  const board = useSalesBoard(filters);
  const moves = useMoveFlow();
  const onMove = moves.request;

  const setView = (next: View) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next === 'list') copy.set('view', 'list');
        else copy.delete('view');
        return copy;
      },
      { replace: true },
    );

  let body;
  if (board.isPending) body = <PageLoading />;
  else if (board.isError)
    body = (
      <LoadErrorAlert
        title="Could not load the pipeline"
        error={board.error}
        onRetry={() => void board.refetch()}
      />
    );
  else {
    const empty =
      !hasSalesFilters(filters) && board.data.columns.every((column) => column.count === 0);
    body = (
      <>
        <SalesFilterBar
          filters={filters}
          onChange={setFilters}
          scope={board.data.scope}
          teamAllowed={board.data.teamAllowed}
        />
        {empty ? (
          <EmptyState icon={TrendingUp} title="No opportunities yet">
            A request from your public form or a new estimate for a contact opens one here, in New.
            Sent, accepted and declined estimates move it along by themselves.
          </EmptyState>
        ) : view === 'board' ? (
          <div aria-busy={board.isPlaceholderData || undefined}>
            <SalesBoardColumns board={board.data} onMove={onMove} />
          </div>
        ) : (
          <SalesList
            key={linkedQuery}
            filters={filters}
            onMove={onMove}
            initialStage={stageFromQuery(params)}
          />
        )}
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Sales"
        description="Your pipeline of opportunities, from the first inquiry to won or lost."
        actions={
          <div className="flex flex-wrap items-center gap-2">
            <ViewSwitch view={view} onChange={setView} />
            {isManager ? (
              <Button variant="outline" onClick={() => setSettingsOpen(true)}>
                <Settings aria-hidden="true" />
                Pipeline settings
              </Button>
            ) : null}
          </div>
        }
      />
      {body}
      {isManager ? <SourceToCashPanel /> : null}
      {moves.dialog}
      {isManager ? (
        <SalesSettingsDialog open={settingsOpen} onOpenChange={setSettingsOpen} />
      ) : null}
    </>
  );
}
