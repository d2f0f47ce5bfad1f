import { canAccessRoute, MESSAGES, type RequestListCategory } from '@crewdesk/domain';
import { FileText, Files, Layers, Lock, Plus, type LucideIcon } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert } from '@/components/ui/alert';
import { customerQueryKey, getCustomer } from '@/entities/customer/api/customer-api';
import type { Customer } from '@/entities/customer/model/customer';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ListFooter } from '@/components/list-footer';
import { PageHeader } from '@/components/ui/page-header';
import { PageLoading } from '@/components/ui/page-loading';
import { filtersFromQuery } from '@/lib/query-filters';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/session/session-context';
import { NO_REQUEST_FILTERS, type RequestListFilters } from '../api/keys';
import { useRequestList } from '../api/list-requests';
import { CalculatorDialog } from '../components/calculator-dialog';
import { RequestFilters } from '../components/request-filters';
import { RequestsTable } from '@/entities/request/ui/requests-table';
import { requestsFailureText } from '../lib/save-feedback';
import {
  isCalculatorMode,
  MODE_TEXT,
  modeOfCategory,
  type CalculatorMode,
} from '../lib/calculator-form';

export { QuoteDetailsPage } from './quote-details-page';

const TABS = [
  { label: 'Estimates', path: '/quotes/estimates', also: '/quotes' },
  { label: 'Quotes', path: '/quotes/quotes' },
  { label: 'Proposals', path: '/quotes/proposals' },
] as const;

function RequestsHeader({ activePath }: { activePath?: string }) {
  const { role, activeAccountId } = useSession();
  const { pathname } = useLocation();
  const current = activePath ?? pathname;
  return (
    <>
      <PageHeader
        title="Requests"
        description="Estimates, quotes and proposals for your clients."
      />
      <nav aria-label="Request types" className="mb-6 flex gap-1 overflow-x-auto border-b">
        {TABS.map((tab) => {
          const allowed = canAccessRoute(role, activeAccountId, tab.path) === 'allowed';
          const base =
            '-mb-px flex items-center gap-1.5 whitespace-nowrap border-b-2 px-3 py-2 text-sm';
          const active = current === tab.path || ('also' in tab && current === tab.also);
          return allowed ? (
            <Link
              key={tab.path}
              to={tab.path}
              aria-current={active ? 'page' : undefined}
              className={cn(
                base,
                active
                  ? 'border-primary font-medium text-foreground'
                  : 'border-transparent text-muted-foreground hover:text-foreground',
              )}
            >
              {tab.label}
            </Link>
          ) : (
            <span
              key={tab.path}
              aria-disabled="true"
              className={cn(base, 'border-transparent text-muted-foreground/60')}
            >
              {tab.label}
              <Lock aria-label="locked" className="size-3" />
            </span>
          );
        })}
      </nav>
    </>
  );
}

/** Spec section 2: /quotes with estimates (also the index), quotes and proposals. */
export function QuotesLayout() {
  return (
    <>
      <RequestsHeader />
      <Outlet />
    </>
  );
}

const CATEGORY_TEXT: Record<
  RequestListCategory,
  { plural: string; newLabel: string; icon: LucideIcon; empty: string }
> = {
  estimates: {
    plural: 'estimates',
    newLabel: 'New estimate',
    icon: FileText,
    empty:
      'Price a cleaning job with the calculator, save it as an estimate and e-mail your client a link to accept it.',
  },
  quotes: {
    plural: 'quotes',
    newLabel: 'New quote',
    icon: Files,
    empty:
      'Quotes are priced with the same calculator as estimates, sent by e-mail and accepted online.',
  },
  proposals: {
    plural: 'proposals',
    newLabel: 'New proposal',
    icon: Layers,
    empty:
      'A proposal offers your client three options — basic, standard and deep clean — to choose from.',
  },
};

function RequestsList({
  category,
  filters,
  onNew,
}: {
  category: RequestListCategory;
  filters: RequestListFilters;
  onNew: () => void;
}) {
  const list = useRequestList(category, filters);
  const requests = useMemo(() => list.data?.pages.flatMap((p) => p.items) ?? [], [list.data]);
  const text = CATEGORY_TEXT[category];

  if (list.isPending) return <PageLoading />;
  if (list.isError) {
    return (
      <Alert tone="error">
        <p className="font-semibold">{MESSAGES.requestsLoadFailed.title}</p>
        <p className="mt-1">
          {requestsFailureText(list.error)}{' '}
          <Button variant="link" className="h-auto p-0" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </p>
      </Alert>
    );
  }
  if (requests.length === 0) {
    const filtered = filters.q.trim() !== '' || filters.status !== '';
    return filtered ? (
      <EmptyState icon={text.icon} title={`No matching ${text.plural}`}>
        No {text.plural.slice(0, -1)} matches this search and status.
      </EmptyState>
    ) : (
      <EmptyState
        icon={text.icon}
        title={`No ${text.plural} yet`}
        actions={
          <Button onClick={onNew}>
            <Plus aria-hidden="true" />
            {text.newLabel}
          </Button>
        }
      >
        {text.empty}
      </EmptyState>
    );
  }
  return (
    <Card className="p-4 sm:p-5">
      <RequestsTable
        requests={requests}
        caption={text.plural.charAt(0).toUpperCase() + text.plural.slice(1)}
      />
      <ListFooter
        summary={`Showing ${requests.length} ${requests.length === 1 ? text.plural.slice(0, -1) : text.plural}`}
        hasMore={list.hasNextPage}
        loadingMore={list.isFetchingNextPage}
        onLoadMore={() => void list.fetchNextPage()}
      />
    </Card>
  );
}

function RequestsTab({
  category,
  startWithNew = false,
  newMode,
  onNewClosed,
  startCustomer = null,
}: {
  category: RequestListCategory;
  startWithNew?: boolean;
  newMode?: CalculatorMode;
  onNewClosed?: () => void;
  startCustomer?: Customer | null;
}) {
  // Home's tiles link here with ?status= (requests waiting, quotes sent).
  const [params] = useSearchParams();
  const [filters, setFilters] = useState<RequestListFilters>(() =>
    filtersFromQuery(NO_REQUEST_FILTERS, params),
  );
  const [dialogOpen, setDialogOpen] = useState(startWithNew);
  const onFiltersChange = useCallback((next: RequestListFilters) => setFilters(next), []);
  const text = CATEGORY_TEXT[category];
  const mode = newMode ?? modeOfCategory(category);

  return (
    <>
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <RequestFilters filters={filters} onChange={onFiltersChange} />
        <Button onClick={() => setDialogOpen(true)} className="sm:mb-0">
          <Plus aria-hidden="true" />
          {text.newLabel}
        </Button>
      </div>
      <RequestsList category={category} filters={filters} onNew={() => setDialogOpen(true)} />
      <CalculatorDialog
        open={dialogOpen}
        mode={mode}
        startCustomer={startCustomer}
        onOpenChange={(open) => {
          setDialogOpen(open);
          if (!open) onNewClosed?.();
        }}
      />
    </>
  );
}

export function EstimatesTab() {
  return <RequestsTab category="estimates" />;
}

export function QuotesTab() {
  return <RequestsTab category="quotes" />;
}

export function ProposalsTab() {
  return <RequestsTab category="proposals" />;
}

/**
 * /quotes/new (the Create New menu): the list with the calculator open, in estimate mode or
 * ?type=quote / ?type=proposal; ?customerId= starts it with that contact as the client. Closing
 * the dialog leaves the shortcut for the list.
 */
export function NewQuotePage() {
  const { role, activeAccountId } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const asked = params.get('type');
  const customerId = params.get('customerId');
  const customer = useQuery({
    queryKey: customerQueryKey(customerId ?? ''),
    queryFn: ({ signal }) => getCustomer(customerId ?? '', signal),
    enabled: Boolean(customerId),
  });
  let mode: CalculatorMode = isCalculatorMode(asked) ? asked : 'estimate';
  // A role outside the proposals tab prices an estimate instead.
  if (
    mode === 'proposal' &&
    canAccessRoute(role, activeAccountId, MODE_TEXT.proposal.listPath) !== 'allowed'
  ) {
    mode = 'estimate';
  }
  const { category, listPath } = MODE_TEXT[mode];
  return (
    <>
      <RequestsHeader activePath={mode === 'estimate' ? '/quotes/estimates' : listPath} />
      <RequestsTab
        category={category}
        startWithNew
        newMode={mode}
        startCustomer={customer.data ?? null}
        onNewClosed={() => void navigate(listPath, { replace: true })}
      />
    </>
  );
}
