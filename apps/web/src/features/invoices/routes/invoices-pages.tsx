import { useQuery } from '@tanstack/react-query';
import { Layers, Plus, Receipt, SearchX } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { Link, NavLink, Outlet, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { ListFooter } from '@/components/list-footer';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { PageLoading } from '@/components/ui/page-loading';
import { filtersFromQuery } from '@/lib/query-filters';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { customerQueryKey, getCustomer } from '@/entities/customer/api/customer-api';
import { useCreateInvoice } from '../api/create-invoice';
import { useInvoiceSettings } from '../api/get-invoice-settings';
import { hasFilters, NO_INVOICE_FILTERS, type InvoiceListFilters } from '../api/keys';
import { useInvoiceList } from '../api/list-invoices';
import { BatchInvoiceDialog } from '../components/batch-invoice-dialog';
import { InvoiceFilters } from '../components/invoice-filters';
import { billedNameOf, clientFieldsOf, InvoiceForm } from '../components/invoice-form';
import { InvoiceSummaryCards } from '../components/invoice-summary-cards';
import { InvoicesTable } from '@/entities/invoice/ui/invoices-table';
import { newInvoiceValues } from '../lib/invoice-form';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { BackLink } from '@/components/back-link';

export { InvoiceDetailsPage } from './invoice-details-page';
export { InvoiceHistoryPage } from './invoice-history-page';
export { PaymentDetailsPage, PaymentsPage } from './payments-pages';

const TABS = [
  { label: 'Invoices', path: '/invoices', end: true },
  { label: 'Payments', path: '/invoices/payments', end: false },
  { label: 'History', path: '/invoices/history', end: false },
] as const;

/** Spec section 2: /invoices with the list, payments and history. */
function NewInvoiceButton() {
  return (
    <Button asChild>
      <Link to="/invoices/new">
        <Plus aria-hidden="true" />
        New invoice
      </Link>
    </Button>
  );
}

export function InvoicesLayout() {
  const [batchOpen, setBatchOpen] = useState(false);
  return (
    <>
      <PageHeader
        title="Invoices"
        description="What you have billed, and what has been paid."
        actions={
          <>
            <Button variant="outline" onClick={() => setBatchOpen(true)}>
              <Layers aria-hidden="true" />
              Batch invoice
            </Button>
            <NewInvoiceButton />
          </>
        }
      />
      <nav aria-label="Invoice views" className="mb-6 flex gap-1 overflow-x-auto border-b">
        {TABS.map((tab) => (
          <NavLink
            key={tab.path}
            to={tab.path}
            end={tab.end}
            className={({ isActive }) =>
              cn(
                '-mb-px whitespace-nowrap border-b-2 px-3 py-2 text-sm',
                isActive
                  ? 'border-primary font-medium text-foreground'
                  : 'border-transparent text-muted-foreground hover:text-foreground',
              )
            }
          >
            {tab.label}
          </NavLink>
        ))}
      </nav>
      <Outlet />
      <BatchInvoiceDialog open={batchOpen} onOpenChange={setBatchOpen} />
    </>
  );
}

function InvoiceList({ filters }: { filters: InvoiceListFilters }) {
  const list = useInvoiceList(filters);
  const invoices = useMemo(() => list.data?.pages.flatMap((p) => p.items) ?? [], [list.data]);

  if (list.isPending) return <PageLoading />;
  if (list.isError) {
    return (
      <LoadErrorAlert
        title="Could not load the invoices"
        error={list.error}
        onRetry={() => void list.refetch()}
      />
    );
  }
  if (invoices.length === 0) {
    return hasFilters(filters) ? (
      <EmptyState icon={SearchX} title="No matching invoices">
        No invoice matches this search and these filters.
      </EmptyState>
    ) : (
      <EmptyState icon={Receipt} title="No invoices yet" actions={<NewInvoiceButton />}>
        Bill a completed job or an accepted quote in one click, or write an invoice from scratch.
      </EmptyState>
    );
  }
  const shown = invoices.length;
  return (
    <Card className="p-4 sm:p-5" aria-busy={list.isPlaceholderData || undefined}>
      <InvoicesTable invoices={invoices} />
      <ListFooter
        summary={`Showing ${shown} ${shown === 1 ? 'invoice' : 'invoices'}`}
        hasMore={list.hasNextPage}
        loadingMore={list.isFetchingNextPage}
        onLoadMore={() => void list.fetchNextPage()}
      />
    </Card>
  );
}

/** /invoices: the list with totals, search and filters; ?customerId= narrows it to one client. */
export function InvoiceListPage() {
  const [params, setParams] = useSearchParams();
  const customerId = params.get('customerId') ?? '';
  // A link (Home's overdue tile, a report's rows) may name the others: ?status=&from=&to=&q=.
  const [others, setOthers] = useState<Omit<InvoiceListFilters, 'customerId'>>(() => ({
    ...filtersFromQuery(NO_INVOICE_FILTERS, params),
    customerId: '',
  }));
  const filters = useMemo(() => ({ ...others, customerId }), [others, customerId]);
  const list = useInvoiceList(filters);
  // The business's totals, whatever the filters: the first page carries them.
  const totals = list.data?.pages[0]?.totals;
  // The chip names the client: from the contact, or from their invoices while it loads.
  const customer = useQuery({
    queryKey: customerQueryKey(customerId),
    queryFn: ({ signal }) => getCustomer(customerId, signal),
    enabled: customerId !== '',
  });
  const clientName =
    (customer.data ? billedNameOf(customer.data) : null) ||
    list.data?.pages[0]?.items.find((invoice) => invoice.customerId === customerId)?.clientName ||
    null;

  const setCustomerId = useCallback(
    (next: string) =>
      setParams(
        (current) => {
          const copy = new URLSearchParams(current);
          if (next) copy.set('customerId', next);
          else copy.delete('customerId');
          return copy;
        },
        { replace: true },
      ),
    [setParams],
  );

  return (
    <>
      {totals ? <InvoiceSummaryCards totals={totals} /> : null}
      <div className="mb-4">
        <InvoiceFilters
          filters={filters}
          clientName={clientName}
          onChange={({ customerId: nextCustomer, ...rest }) => {
            setOthers(rest);
            if (nextCustomer !== customerId) setCustomerId(nextCustomer);
          }}
          onClear={() => {
            setOthers(NO_INVOICE_FILTERS);
            setCustomerId('');
          }}
        />
      </div>
      <InvoiceList filters={filters} />
    </>
  );
}

/**
 * /invoices/new: the invoice form, with the business's default terms, tax and terms text;
 * ?customerId= starts with that contact as the client.
 */
export function NewInvoicePage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const customerId = params.get('customerId');
  const settings = useInvoiceSettings();
  const customer = useQuery({
    queryKey: customerQueryKey(customerId ?? ''),
    queryFn: ({ signal }) => getCustomer(customerId ?? '', signal),
    enabled: Boolean(customerId),
  });
  const create = useCreateInvoice();

  const header = (
    <>
      <BackLink to="/invoices">Back to invoices</BackLink>
      <PageHeader title="New invoice" />
    </>
  );
  if (settings.isPending || (customerId && customer.isPending)) {
    return (
      <>
        {header}
        <PageLoading />
      </>
    );
  }

  const initial = {
    ...newInvoiceValues(settings.data ?? null),
    ...(customer.data ? clientFieldsOf(customer.data) : {}),
  };
  return (
    <>
      {header}
      {settings.isError ? (
        <Alert tone="warning" className="mb-4">
          Could not load the invoice settings, so the form starts with Net 30 and no tax.{' '}
          {errorMessage(settings.error, '')}
        </Alert>
      ) : null}
      <InvoiceForm
        label="New invoice"
        initial={initial}
        initialCustomer={customer.data ?? null}
        submitLabel="Save invoice"
        pendingLabel="Saving..."
        pending={create.isPending}
        onCancel={() => void navigate('/invoices')}
        banner={
          create.isError ? (
            <Alert tone="error">
              {errorMessage(create.error, 'Could not save the invoice. Try again.')}
            </Alert>
          ) : null
        }
        onSubmit={(input) =>
          create.mutate(input, {
            onSuccess: (invoice) => {
              toast.success('Invoice created', { description: invoice.number });
              void navigate(`/invoices/${invoice.id}`);
            },
          })
        }
      />
    </>
  );
}
