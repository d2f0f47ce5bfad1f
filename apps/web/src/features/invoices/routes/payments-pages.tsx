import { PAYMENT_METHODS, type PaymentDetail } from '@crewdesk/domain';
import { CreditCard, FileQuestion, SearchX } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ListFooter } from '@/components/list-footer';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageLoading } from '@/components/ui/page-loading';
import { filtersFromQuery } from '@/lib/query-filters';
import { isApiError } from '@/lib/api-client';
import { PaymentsTable } from '@/entities/invoice/ui/payments-table';
import { usePayment } from '../api/get-payment';
import { hasFilters, NO_PAYMENT_FILTERS, type PaymentListFilters } from '../api/keys';
import { usePaymentList } from '../api/list-payments';
import { ListFilterBar } from '../components/list-filter-bar';
import { Detail, detailListClass, Section } from '../components/invoice-sections';
import { InvoiceStatusBadge, SmallBadge } from '@/entities/invoice/ui/invoice-status-badge';
import {
  PaymentUndoDialog,
  paymentUndo,
  type PaymentUndo,
} from '../components/payment-undo-dialog';
import { formatDay } from '@/lib/format';
import { formatMoment, methodLabel } from '../lib/invoice-text';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { BackLink } from '@/components/back-link';
import { formatAmount } from '@/lib/money';

const METHOD_OPTIONS = PAYMENT_METHODS.map((m) => ({ value: m, label: methodLabel(m) }));

function PaymentFilters({
  filters,
  onChange,
}: {
  filters: PaymentListFilters;
  onChange: (filters: PaymentListFilters) => void;
}) {
  return (
    <ListFilterBar
      filters={filters}
      onChange={onChange}
      onClear={() => onChange(NO_PAYMENT_FILTERS)}
      searchPlaceholder="Invoice number, client or reference"
      choice={{
        label: 'Method',
        allLabel: 'All methods',
        value: filters.method,
        options: METHOD_OPTIONS,
        onChange: (method) => onChange({ ...filters, method }),
      }}
      fromLabel="Paid from"
      toLabel="Paid to"
    />
  );
}

/** /invoices/payments: every payment of the business, newest first. */
export function PaymentsPage() {
  // A report's rows link here with the period: ?from=&to=.
  const [params] = useSearchParams();
  const [filters, setFilters] = useState<PaymentListFilters>(() =>
    filtersFromQuery(NO_PAYMENT_FILTERS, params),
  );
  const list = usePaymentList(filters);
  const payments = useMemo(() => list.data?.pages.flatMap((p) => p.items) ?? [], [list.data]);

  let content;
  if (list.isPending) content = <PageLoading />;
  else if (list.isError)
    content = (
      <LoadErrorAlert
        title="Could not load the payments"
        error={list.error}
        onRetry={() => void list.refetch()}
      />
    );
  else if (payments.length === 0)
    content = hasFilters(filters) ? (
      <EmptyState icon={SearchX} title="No matching payments">
        No payment matches this search and these filters.
      </EmptyState>
    ) : (
      <EmptyState icon={CreditCard} title="No payments yet">
        Payments you record on an invoice, and those clients make online, are listed here.
      </EmptyState>
    );
  else
    content = (
      <Card className="p-4 sm:p-5" aria-busy={list.isPlaceholderData || undefined}>
        <PaymentsTable payments={payments} />
        <ListFooter
          summary={`Showing ${payments.length} ${payments.length === 1 ? 'payment' : 'payments'}`}
          hasMore={list.hasNextPage}
          loadingMore={list.isFetchingNextPage}
          onLoadMore={() => void list.fetchNextPage()}
        />
      </Card>
    );

  return (
    <>
      <div className="mb-4">
        <PaymentFilters filters={filters} onChange={setFilters} />
      </div>
      {content}
    </>
  );
}

function PaymentView({ payment }: { payment: PaymentDetail }) {
  const navigate = useNavigate();
  const [undo, setUndo] = useState<PaymentUndo | null>(null);
  const refunded = payment.refundedAt !== null;
  const invoice = payment.invoice;
  return (
    <>
      <BackLink to="/invoices/payments">Back to payments</BackLink>
      <div className="mb-4">
        <h1 className="text-2xl font-semibold tracking-tight">
          Payment of {formatAmount(payment.amountCents)}
        </h1>
        <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          {refunded ? <SmallBadge>Refunded</SmallBadge> : null}
          <span>
            {formatDay(payment.paidOn)} · {methodLabel(payment.method)} · {payment.clientName}
          </span>
        </div>
      </div>
      {refunded ? null : (
        <div role="toolbar" aria-label="Actions" className="mb-4 grid grid-cols-2 gap-2 sm:flex">
          <Button variant="outline" onClick={() => setUndo(paymentUndo('refund', payment))}>
            Refund
          </Button>
          <Button
            variant="outline"
            className="text-destructive"
            onClick={() => setUndo(paymentUndo('remove', payment))}
          >
            Remove payment
          </Button>
        </div>
      )}
      <div className="grid gap-4 lg:grid-cols-2">
        <Section title="Payment">
          <dl className={detailListClass}>
            <Detail label="Amount">{formatAmount(payment.amountCents)}</Detail>
            <Detail label="Tip">{formatAmount(payment.tipCents)}</Detail>
            <Detail label="Method">{methodLabel(payment.method)}</Detail>
            <Detail label="Date">{formatDay(payment.paidOn)}</Detail>
            <Detail label="Reference">{payment.reference}</Detail>
            <Detail label="Notes">
              <span className="whitespace-pre-line">{payment.notes}</span>
            </Detail>
            <Detail label="Recorded by">{payment.recordedBy ?? 'Online payment'}</Detail>
            <Detail label="Recorded">{formatMoment(payment.createdAt)}</Detail>
            <Detail label="Refunded">
              {payment.refundedAt ? formatMoment(payment.refundedAt) : 'No'}
            </Detail>
          </dl>
        </Section>
        <Section title="Invoice">
          <dl className={detailListClass}>
            <Detail label="Number">
              <Link
                to={`/invoices/${invoice.id}`}
                className="text-primary underline-offset-2 hover:underline"
              >
                {invoice.number}
              </Link>
            </Detail>
            <Detail label="Client">{invoice.clientName}</Detail>
            <Detail label="Status">
              <InvoiceStatusBadge status={invoice.status} />
            </Detail>
            <Detail label="Issued">{formatDay(invoice.issueDate)}</Detail>
            <Detail label="Due">{formatDay(invoice.dueDate)}</Detail>
            <Detail label="Total">{formatAmount(invoice.totalCents)}</Detail>
            <Detail label="Paid">{formatAmount(invoice.amountPaidCents)}</Detail>
            <Detail label="Balance due">{formatAmount(invoice.balanceCents)}</Detail>
          </dl>
        </Section>
      </div>
      <PaymentUndoDialog
        undo={undo}
        onClose={() => setUndo(null)}
        onDone={(_invoice, done) => {
          // A removed payment is gone: its invoice is what is left to look at.
          if (done.kind === 'remove') void navigate(`/invoices/${invoice.id}`, { replace: true });
        }}
      />
    </>
  );
}

/** /invoices/payments/{id}: one payment and the invoice it paid. */
export function PaymentDetailsPage() {
  const { id = '' } = useParams();
  const payment = usePayment(id);
  if (payment.isPending) return <PageLoading />;
  if (payment.isError) {
    const status = isApiError(payment.error) ? payment.error.status : 0;
    return (
      <>
        <h1 className="sr-only">Payment Details</h1>
        {status === 404 || status === 400 ? (
          <EmptyState
            icon={FileQuestion}
            title="Payment not found"
            actions={
              <Button asChild>
                <Link to="/invoices/payments">Back to payments</Link>
              </Button>
            }
          >
            This payment does not exist in this business account. It may have been removed.
          </EmptyState>
        ) : (
          <LoadErrorAlert
            title="Could not load this payment"
            error={payment.error}
            onRetry={() => void payment.refetch()}
          />
        )}
      </>
    );
  }
  return <PaymentView payment={payment.data} />;
}
