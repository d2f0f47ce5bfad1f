import { PAYMENT_METHOD_LABELS, type PaymentRecord } from '@crewdesk/domain';
import { DataList, type DataColumn } from '@/components/ui/data-list';
import { formatDay } from '@/lib/format';
import { SmallBadge } from './invoice-status-badge';
import { formatAmount } from '@/lib/money';

export function paymentPath(payment: Pick<PaymentRecord, 'id'>): string {
  return `/invoices/payments/${payment.id}`;
}

function Amount({ payment }: { payment: PaymentRecord }) {
  if (!payment.refundedAt) return formatAmount(payment.amountCents);
  return (
    <>
      <SmallBadge className="mr-2">Refunded</SmallBadge>
      <span className="line-through decoration-1">{formatAmount(payment.amountCents)}</span>
    </>
  );
}

const COLUMNS: readonly DataColumn<PaymentRecord>[] = [
  {
    header: 'Date',
    cell: (p) => formatDay(p.paidOn),
    className: 'whitespace-nowrap',
    link: 'font-medium underline-offset-2 hover:underline',
  },
  { header: 'Invoice', cell: (p) => p.invoiceNumber, className: 'whitespace-nowrap' },
  { header: 'Client', cell: (p) => p.clientName, className: 'max-w-[12rem] truncate' },
  { header: 'Method', cell: (p) => PAYMENT_METHOD_LABELS[p.method] },
  { header: 'Reference', cell: (p) => p.reference || '—', className: 'max-w-[10rem] truncate' },
  {
    header: 'Amount',
    cell: (p) => <Amount payment={p} />,
    className: 'whitespace-nowrap tabular-nums',
    alignEnd: true,
  },
  {
    header: 'Tip',
    cell: (p) => (p.tipCents > 0 ? formatAmount(p.tipCents) : '—'),
    className: 'whitespace-nowrap tabular-nums',
    alignEnd: true,
  },
];

function PaymentCard({ payment }: { payment: PaymentRecord }) {
  return (
    <>
      <div className="flex items-start justify-between gap-2">
        <span className="truncate font-medium">
          {payment.invoiceNumber} · {payment.clientName}
        </span>
        <span className="shrink-0 font-medium tabular-nums">
          {formatAmount(payment.amountCents)}
        </span>
      </div>
      <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
        {formatDay(payment.paidOn)} · {PAYMENT_METHOD_LABELS[payment.method]}
        {payment.tipCents > 0 ? ` · tip ${formatAmount(payment.tipCents)}` : ''}
        {payment.refundedAt ? <SmallBadge>Refunded</SmallBadge> : null}
      </p>
    </>
  );
}

/** The payments, newest first; the date is the row's link. */
export function PaymentsTable({ payments }: { payments: readonly PaymentRecord[] }) {
  return (
    <DataList
      rows={payments}
      rowKey={(p) => p.id}
      rowHref={paymentPath}
      columns={COLUMNS}
      card={(payment) => <PaymentCard payment={payment} />}
      label="Payments"
    />
  );
}
