import { type InvoiceSummary } from '@crewdesk/domain';
import { DataList, type DataColumn } from '@/components/ui/data-list';
import { formatDay } from '@/lib/format';
import { InvoiceStatusBadge } from './invoice-status-badge';
import { formatAmount } from '@/lib/money';

export function invoicePath(invoice: Pick<InvoiceSummary, 'id'>): string {
  return `/invoices/${invoice.id}`;
}

const COLUMNS: readonly DataColumn<InvoiceSummary>[] = [
  { header: 'Number', cell: (i) => i.number, className: 'whitespace-nowrap', link: true },
  { header: 'Client', cell: (i) => i.clientName, className: 'max-w-[14rem] truncate' },
  { header: 'Issued', cell: (i) => formatDay(i.issueDate), className: 'whitespace-nowrap' },
  { header: 'Due', cell: (i) => formatDay(i.dueDate), className: 'whitespace-nowrap' },
  { header: 'Status', cell: (i) => <InvoiceStatusBadge status={i.status} /> },
  {
    header: 'Total',
    cell: (i) => formatAmount(i.totalCents),
    className: 'whitespace-nowrap tabular-nums',
    alignEnd: true,
  },
  {
    header: 'Balance',
    cell: (i) => formatAmount(i.balanceCents),
    className: 'whitespace-nowrap font-medium tabular-nums',
    alignEnd: true,
  },
];

function InvoiceCard({ invoice }: { invoice: InvoiceSummary }) {
  return (
    <>
      <div className="flex items-start justify-between gap-2">
        <span className="truncate font-medium">
          {invoice.number} · {invoice.clientName}
        </span>
        <InvoiceStatusBadge status={invoice.status} className="shrink-0" />
      </div>
      <p className="text-xs text-muted-foreground">
        Issued {formatDay(invoice.issueDate)} · Due {formatDay(invoice.dueDate)}
      </p>
      <p className="text-xs">
        <span className="font-medium tabular-nums">{formatAmount(invoice.balanceCents)}</span>
        <span className="text-muted-foreground"> due of {formatAmount(invoice.totalCents)}</span>
      </p>
    </>
  );
}

/** The invoices, with what each still asks; the number is the row's link. */
export function InvoicesTable({ invoices }: { invoices: readonly InvoiceSummary[] }) {
  return (
    <DataList
      rows={invoices}
      rowKey={(i) => i.id}
      rowHref={invoicePath}
      columns={COLUMNS}
      card={(invoice) => <InvoiceCard invoice={invoice} />}
      label="Invoices"
    />
  );
}
