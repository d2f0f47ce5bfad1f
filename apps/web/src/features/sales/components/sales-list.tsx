import {
  SALES_STAGE_LABELS,
  SALES_STAGES,
  type OpportunitySummary,
  type SalesStage,
} from '@crewdesk/domain';
import { SearchX, TrendingUp } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { FilterField, selectClass } from '@/components/filter-field';
import { ListFooter } from '@/components/list-footer';
import { Card } from '@/components/ui/card';
import { DataList, type DataColumn } from '@/components/ui/data-list';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { PageLoading } from '@/components/ui/page-loading';
import { hasSalesFilters, useSalesList, type SalesFilters } from '../api/sales-api';
import {
  daysInStageText,
  MoveToMenu,
  opportunityName,
  sourceLabel,
  StageBadge,
  type Movable,
} from './move-opportunity';
import { FollowUp, opportunityPath } from './sales-board';
import { formatAmount } from '@/lib/money';

function columns(
  onMove: (o: Movable, stage: SalesStage) => void,
): readonly DataColumn<OpportunitySummary>[] {
  return [
    {
      header: 'Opportunity',
      cell: (o) => (
        <Link
          to={opportunityPath(o)}
          className="font-medium text-foreground underline-offset-2 hover:underline"
        >
          {opportunityName(o)}
        </Link>
      ),
    },
    { header: 'Stage', cell: (o) => <StageBadge stage={o.stage} /> },
    {
      header: 'Value',
      cell: (o) => formatAmount(o.valueCents),
      alignEnd: true,
      className: 'whitespace-nowrap tabular-nums',
    },
    { header: 'Owner', cell: (o) => o.owner?.name ?? 'No owner' },
    { header: 'Source', cell: (o) => sourceLabel(o.source) },
    { header: 'In stage', cell: (o) => daysInStageText(o.daysInStage), className: 'text-xs' },
    { header: 'Follow-up', cell: (o) => <FollowUp opportunity={o} />, className: 'text-xs' },
    {
      header: 'Actions',
      headerHidden: true,
      cell: (o) => <MoveToMenu opportunity={o} onMove={onMove} />,
    },
  ];
}

function OpportunityRowCard({
  o,
  onMove,
}: {
  o: OpportunitySummary;
  onMove: (o: Movable, stage: SalesStage) => void;
}) {
  return (
    <div className="space-y-1 py-3 text-sm">
      <div className="flex items-start justify-between gap-2">
        <Link
          to={opportunityPath(o)}
          className="truncate font-medium underline-offset-2 hover:underline"
        >
          {opportunityName(o)}
        </Link>
        <span className="whitespace-nowrap font-semibold tabular-nums">
          {formatAmount(o.valueCents)}
        </span>
      </div>
      <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
        <StageBadge stage={o.stage} />
        <span>{o.owner?.name ?? 'No owner'}</span>
        <span>{sourceLabel(o.source)}</span>
      </div>
      <div className="flex items-center justify-between gap-2 text-xs">
        <FollowUp opportunity={o} />
        <MoveToMenu opportunity={o} onMove={onMove} />
      </div>
    </div>
  );
}

/** The list view: the same opportunities as the board, a page at a time, newest first. */
export function SalesList({
  filters,
  onMove,
  initialStage = '',
}: {
  filters: SalesFilters;
  onMove: (o: Movable, stage: SalesStage) => void;
  /** The stage a link asked for (?stage=quoted). */
  initialStage?: SalesStage | '';
}) {
  const id = useId();
  const [stage, setStage] = useState<SalesStage | ''>(initialStage);
  const list = useSalesList(filters, stage);
  const items = useMemo(() => list.data?.pages.flatMap((p) => p.items) ?? [], [list.data]);
  const first = list.data?.pages[0];
  const cols = useMemo(() => columns(onMove), [onMove]);

  const stagePicker = (
    <div className="mb-3 max-w-xs">
      <FilterField id={`${id}-stage`} label="Stage">
        <select
          id={`${id}-stage`}
          className={selectClass}
          value={stage}
          onChange={(e) => setStage(e.target.value as SalesStage | '')}
        >
          <option value="">All stages</option>
          {SALES_STAGES.map((s) => (
            <option key={s} value={s}>
              {SALES_STAGE_LABELS[s]}
            </option>
          ))}
        </select>
      </FilterField>
    </div>
  );

  let body;
  if (list.isPending) body = <PageLoading />;
  else if (list.isError)
    body = (
      <LoadErrorAlert
        title="Could not load the opportunities"
        error={list.error}
        onRetry={() => void list.refetch()}
      />
    );
  else if (items.length === 0)
    body =
      hasSalesFilters(filters) || stage ? (
        <EmptyState icon={SearchX} title="No matching opportunities">
          No opportunity matches these filters.
        </EmptyState>
      ) : (
        <EmptyState icon={TrendingUp} title="No opportunities yet">
          A request from your public form or a new estimate for a contact opens one here.
        </EmptyState>
      );
  else {
    const total = first?.total ?? items.length;
    body = (
      <Card className="p-4 sm:p-5" aria-busy={list.isPlaceholderData || undefined}>
        <DataList
          rows={items}
          rowKey={(o) => o.id}
          columns={cols}
          card={(o) => <OpportunityRowCard o={o} onMove={onMove} />}
          label="Opportunities"
        />
        <ListFooter
          summary={`Showing ${items.length} of ${total}${first?.totalCapped ? '+' : ''} ${total === 1 ? 'opportunity' : 'opportunities'}`}
          hasMore={list.hasNextPage}
          loadingMore={list.isFetchingNextPage}
          onLoadMore={() => void list.fetchNextPage()}
        />
      </Card>
    );
  }
  return (
    <>
      {stagePicker}
      {body}
    </>
  );
}
