import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type CustomerBalance } from '@crewdesk/domain';
import { CreditCard, FileText } from 'lucide-react';
import { RecordPanel } from '@/components/record-panel';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import {
  customerBalanceQueryOptions,
  customerInvoicesQueryOptions,
  customerPaymentsQueryOptions,
} from '../api/customer-invoices';
import { InvoicesTable } from './invoices-table';
import { PaymentsTable } from './payments-table';
import { formatAmount } from '@/lib/money';

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** '$340.00 owed on 2 invoices · $100.00 overdue', or 'Nothing owed'. */
export function balanceText(balance: CustomerBalance): string {
  if (balance.balanceCents <= 0) return 'Nothing owed';
  const owed = `${formatAmount(balance.balanceCents)} owed on ${plural(balance.openCount, 'invoice')}`;
  return balance.overdueCents > 0
    ? `${owed} · ${formatAmount(balance.overdueCents)} overdue`
    : owed;
}

/** The contact page's top line: what the contact owes. */
export function CustomerBalanceLine({ customerId }: { customerId: string }) {
  const balance = useQuery(customerBalanceQueryOptions(customerId));
  if (balance.isPending) return <p className="text-sm text-muted-foreground">Loading balance…</p>;
  if (balance.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        Could not load the balance. {errorMessage(balance.error, '')}{' '}
        <Button variant="link" className="h-auto p-0" onClick={() => void balance.refetch()}>
          Try again
        </Button>
      </p>
    );
  }
  const overdue = balance.data.overdueCents > 0;
  return (
    <p className={overdue ? 'font-semibold text-destructive' : 'font-semibold'}>
      {balanceText(balance.data)}
    </p>
  );
}

/** The contact page's invoices with their balance. */
export function CustomerInvoicesPanel({ customerId }: { customerId: string }) {
  const list = useInfiniteQuery(customerInvoicesQueryOptions(customerId));
  return (
    <RecordPanel
      title="Invoices"
      icon={FileText}
      list={list}
      noun="invoices"
      emptyText="No invoices for this contact yet."
    >
      {(invoices) => <InvoicesTable invoices={invoices} />}
    </RecordPanel>
  );
}

/** The contact page's payments. */
export function CustomerPaymentsPanel({ customerId }: { customerId: string }) {
  const list = useInfiniteQuery(customerPaymentsQueryOptions(customerId));
  return (
    <RecordPanel
      title="Payments"
      icon={CreditCard}
      list={list}
      noun="payments"
      emptyText="No payments from this contact yet."
    >
      {(payments) => <PaymentsTable payments={payments} />}
    </RecordPanel>
  );
}
