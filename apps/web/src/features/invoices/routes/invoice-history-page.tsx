import { INVOICE_EVENT_KINDS, INVOICE_EVENT_LABELS } from '@crewdesk/domain';
import { History, SearchX } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { ListFooter } from '@/components/list-footer';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageLoading } from '@/components/ui/page-loading';
import { useInvoiceHistory } from '../api/list-invoice-history';
import { FilterField, selectClass } from '@/components/filter-field';
import { EventList } from '../components/invoice-sections';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { SelectOptions } from '@/components/ui/select-options';

/** /invoices/history: what happened to the business's invoices, newest first. */
export function InvoiceHistoryPage() {
  const id = useId();
  const [kind, setKind] = useState('');
  const history = useInvoiceHistory(kind);
  const events = useMemo(() => history.data?.pages.flatMap((p) => p.items) ?? [], [history.data]);

  let content;
  if (history.isPending) content = <PageLoading />;
  else if (history.isError)
    content = (
      <LoadErrorAlert
        title="Could not load the history"
        error={history.error}
        onRetry={() => void history.refetch()}
      />
    );
  else if (events.length === 0)
    content = kind ? (
      <EmptyState icon={SearchX} title="Nothing of this kind">
        No invoice event of this kind yet.
      </EmptyState>
    ) : (
      <EmptyState icon={History} title="No history yet">
        Every change to an invoice — created, sent, viewed, paid, reminded — is listed here.
      </EmptyState>
    );
  else
    content = (
      <Card className="p-4 sm:p-5">
        <EventList events={events} linkInvoices label="Invoice history" />
        <ListFooter
          summary={`Showing ${events.length} ${events.length === 1 ? 'event' : 'events'}`}
          hasMore={history.hasNextPage}
          loadingMore={history.isFetchingNextPage}
          onLoadMore={() => void history.fetchNextPage()}
        />
      </Card>
    );

  return (
    <>
      <div className="mb-4 sm:w-64">
        <FilterField id={`${id}-kind`} label="What happened">
          <select
            id={`${id}-kind`}
            value={kind}
            onChange={(e) => setKind(e.target.value)}
            className={selectClass}
          >
            <option value="">Everything</option>
            <SelectOptions values={INVOICE_EVENT_KINDS} label={(k) => INVOICE_EVENT_LABELS[k]} />
          </select>
        </FilterField>
      </div>
      {content}
    </>
  );
}
