import {
  basisPointsToPercent,
  PAYMENT_TERMS_LABELS,
  type InvoiceDetail,
  type InvoiceEvent,
  type PaymentRecord,
} from '@crewdesk/domain';

import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

import { cn } from '@/lib/cn';
import { formatDay } from '@/lib/format';
import { eventText, formatMoment, methodLabel } from '../lib/invoice-text';
import { SmallBadge } from '@/entities/invoice/ui/invoice-status-badge';
import { TableHead } from '@/components/ui/table-head';
import { formatAmount } from '@/lib/money';
import { Detail, detailListClass, Section } from '@/components/record-sections';

export { Detail, detailListClass, Section };

type LineItem = InvoiceDetail['lineItems'][number];

/** The lines as a table on wide screens, stacked on phones. */
export function LineItemsTable({ lines }: { lines: readonly LineItem[] }) {
  return (
    <>
      <table className="hidden w-full text-left text-sm sm:table">
        <caption className="sr-only">Line items</caption>
        <TableHead
          className="border-b text-xs text-muted-foreground"
          cellClassName="py-2 pr-3"
          headings={[
            { label: 'Description' },
            { label: 'Qty', numeric: true },
            { label: 'Unit price', numeric: true },
            { label: 'Amount', numeric: true },
          ]}
        />
        <tbody className="divide-y">
          {lines.map((line, i) => (
            <tr key={i} className="align-top">
              <td className="py-2 pr-3">
                <span className="whitespace-pre-line break-words">{line.description}</span>
                {line.taxable ? null : (
                  <span className="ml-2 text-xs text-muted-foreground">(not taxed)</span>
                )}
              </td>
              <td className="py-2 pr-3 text-right tabular-nums">{line.quantity}</td>
              <td className="whitespace-nowrap py-2 pr-3 text-right tabular-nums">
                {formatAmount(line.unitPriceCents)}
              </td>
              <td className="whitespace-nowrap py-2 text-right tabular-nums">
                {formatAmount(line.totalCents)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="divide-y text-sm sm:hidden" aria-label="Line items">
        {lines.map((line, i) => (
          <li key={i} className="flex justify-between gap-3 py-2">
            <div className="min-w-0">
              <p className="whitespace-pre-line break-words">{line.description}</p>
              <p className="text-xs text-muted-foreground">
                {line.quantity} × {formatAmount(line.unitPriceCents)}
                {line.taxable ? '' : ' · not taxed'}
              </p>
            </div>
            <span className="shrink-0 tabular-nums">{formatAmount(line.totalCents)}</span>
          </li>
        ))}
      </ul>
    </>
  );
}

/** One figure of an invoice's totals (subtotal, discount, tax, total), the total in bold. */
export function TotalLine({
  label,
  value,
  strong = false,
  labelledValue = false,
}: {
  label: string;
  value: string;
  strong?: boolean;
  /** Name the figure by its label too: the form's totals change as it is filled in. */
  labelledValue?: boolean;
}) {
  return (
    <div
      className={cn(
        'flex items-baseline justify-between gap-4',
        strong && 'border-t pt-2 text-base font-semibold',
      )}
    >
      <dt className={strong ? undefined : 'text-muted-foreground'}>{label}</dt>
      <dd className="tabular-nums" aria-label={labelledValue ? label : undefined}>
        {value}
      </dd>
    </div>
  );
}

type Figures = Pick<
  InvoiceDetail,
  | 'subtotalCents'
  | 'discountCents'
  | 'taxCents'
  | 'totalCents'
  | 'amountPaidCents'
  | 'balanceCents'
  | 'discountKind'
  | 'discountValue'
  | 'taxRateBasisPoints'
>;

/** Subtotal, discount, tax, total, paid and balance due. */
export function InvoiceTotals({ invoice, className }: { invoice: Figures; className?: string }) {
  const discountLabel =
    invoice.discountKind === 'percent'
      ? `Discount (${basisPointsToPercent(invoice.discountValue)}%)`
      : 'Discount';
  return (
    <dl
      className={cn('ml-auto w-full max-w-xs space-y-1.5 text-sm', className)}
      aria-label="Totals"
    >
      <TotalLine label="Subtotal" value={formatAmount(invoice.subtotalCents)} />
      {invoice.discountCents > 0 ? (
        <TotalLine label={discountLabel} value={`−${formatAmount(invoice.discountCents)}`} />
      ) : null}
      <TotalLine
        label={
          invoice.taxRateBasisPoints > 0
            ? `Tax (${basisPointsToPercent(invoice.taxRateBasisPoints)}%)`
            : 'Tax'
        }
        value={formatAmount(invoice.taxCents)}
      />
      <TotalLine label="Total" value={formatAmount(invoice.totalCents)} strong />
      <TotalLine label="Paid" value={formatAmount(invoice.amountPaidCents)} />
      <TotalLine label="Balance due" value={formatAmount(invoice.balanceCents)} strong />
    </dl>
  );
}

export function DatesAndTerms({ invoice }: { invoice: InvoiceDetail }) {
  return (
    <dl className={detailListClass}>
      <Detail label="Issued">{formatDay(invoice.issueDate)}</Detail>
      <Detail label="Due">{formatDay(invoice.dueDate)}</Detail>
      <Detail label="Payment terms">{PAYMENT_TERMS_LABELS[invoice.paymentTerms]}</Detail>
      {invoice.sentAt ? <Detail label="Sent">{formatMoment(invoice.sentAt)}</Detail> : null}
      {invoice.viewedAt ? <Detail label="Viewed">{formatMoment(invoice.viewedAt)}</Detail> : null}
      {invoice.voidedAt ? <Detail label="Voided">{formatMoment(invoice.voidedAt)}</Detail> : null}
    </dl>
  );
}

/** An invoice's payments, with Refund and Remove when the invoice can still change. */
export function PaymentsList({
  payments,
  onRefund,
  onRemove,
}: {
  payments: readonly PaymentRecord[];
  onRefund?: (payment: PaymentRecord) => void;
  onRemove?: (payment: PaymentRecord) => void;
}) {
  if (payments.length === 0)
    return <p className="text-sm text-muted-foreground">No payments recorded yet.</p>;
  return (
    <ul className="divide-y" aria-label="Payments">
      {payments.map((payment) => {
        const refunded = payment.refundedAt !== null;
        return (
          <li key={payment.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center">
            <div className="min-w-0 flex-1 text-sm">
              <p className="flex flex-wrap items-center gap-2">
                <Link
                  to={`/invoices/payments/${payment.id}`}
                  className={cn(
                    'font-medium tabular-nums underline-offset-2 hover:underline',
                    refunded && 'line-through decoration-1',
                  )}
                >
                  {formatAmount(payment.amountCents)}
                </Link>
                {payment.tipCents > 0 ? (
                  <span className="text-muted-foreground">
                    + {formatAmount(payment.tipCents)} tip
                  </span>
                ) : null}
                {refunded ? <SmallBadge>Refunded</SmallBadge> : null}
              </p>
              <p className="text-muted-foreground">
                {[formatDay(payment.paidOn), methodLabel(payment.method), payment.reference || null]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
            </div>
            {!refunded && (onRefund || onRemove) ? (
              <div className="flex gap-2">
                {onRefund ? (
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => onRefund(payment)}
                    aria-label={`Refund ${formatAmount(payment.amountCents)} of ${formatDay(payment.paidOn)}`}
                  >
                    Refund
                  </Button>
                ) : null}
                {onRemove ? (
                  <Button
                    variant="outline"
                    size="sm"
                    className="text-destructive"
                    onClick={() => onRemove(payment)}
                    aria-label={`Remove ${formatAmount(payment.amountCents)} of ${formatDay(payment.paidOn)}`}
                  >
                    Remove
                  </Button>
                ) : null}
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/** Events with their labels and times, newest first; optionally linking to their invoice. */
export function EventList({
  events,
  linkInvoices = false,
  label = 'History',
}: {
  events: readonly InvoiceEvent[];
  linkInvoices?: boolean;
  label?: string;
}) {
  const sorted = [...events].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <ol className="space-y-3" aria-label={label}>
      {sorted.map((event) => {
        const { label: title, detail } = eventText(event);
        return (
          <li key={event.id} className="flex gap-3 text-sm">
            <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-primary" />
            <div className="min-w-0">
              <p>
                {linkInvoices ? (
                  <>
                    <Link
                      to={`/invoices/${event.invoiceId}`}
                      className="font-medium text-primary underline-offset-2 hover:underline"
                    >
                      {event.invoiceNumber}
                    </Link>
                    {' · '}
                  </>
                ) : null}
                <span className="font-medium">{title}</span>
                {detail ? <span className="text-muted-foreground"> · {detail}</span> : null}
              </p>
              <p className="text-xs text-muted-foreground">
                <time dateTime={event.createdAt}>{formatMoment(event.createdAt)}</time>
                {event.actorName ? ` · ${event.actorName}` : ''}
              </p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
