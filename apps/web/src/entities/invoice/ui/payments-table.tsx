import { formatUsd, PAYMENT_METHOD_LABELS, type PaymentRecord } from '@crewdesk/domain';
import { ChevronRight } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { formatDay } from '@/lib/format';
import { SmallBadge } from './invoice-status-badge';

export function paymentPath(payment: Pick<PaymentRecord, 'id'>): string {
  return `/invoices/payments/${payment.id}`;
}

/**
 * A table on wide screens (a click anywhere on a row opens it; the date link is the keyboard
 * way in), one card per payment on phones.
 */
export function PaymentsTable({ payments }: { payments: readonly PaymentRecord[] }) {
  const navigate = useNavigate();
  return (
    <>
      <table className="hidden w-full text-left text-sm md:table">
        <caption className="sr-only">Payments</caption>
        <thead className="border-b text-xs text-muted-foreground">
          <tr>
            {['Date', 'Invoice', 'Client', 'Method', 'Reference', 'Amount', 'Tip'].map((h) => (
              <th
                key={h}
                scope="col"
                className={
                  h === 'Amount' || h === 'Tip'
                    ? 'py-2 pr-3 text-right font-medium'
                    : 'py-2 pr-3 font-medium'
                }
              >
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">
          {payments.map((payment) => (
            <tr
              key={payment.id}
              onClick={() => void navigate(paymentPath(payment))}
              className="cursor-pointer align-middle hover:bg-muted/60"
            >
              <td className="whitespace-nowrap py-2.5 pr-3">
                <Link
                  to={paymentPath(payment)}
                  onClick={(event) => event.stopPropagation()}
                  className="font-medium underline-offset-2 hover:underline"
                >
                  {formatDay(payment.paidOn)}
                </Link>
              </td>
              <td className="whitespace-nowrap py-2.5 pr-3">{payment.invoiceNumber}</td>
              <td className="max-w-[12rem] truncate py-2.5 pr-3">{payment.clientName}</td>
              <td className="py-2.5 pr-3">{PAYMENT_METHOD_LABELS[payment.method]}</td>
              <td className="max-w-[10rem] truncate py-2.5 pr-3">{payment.reference || '—'}</td>
              <td className="whitespace-nowrap py-2.5 pr-3 text-right tabular-nums">
                {payment.refundedAt ? (
                  <>
                    <SmallBadge className="mr-2">Refunded</SmallBadge>
                    <span className="line-through decoration-1">
                      {formatUsd(payment.amountCents)}
                    </span>
                  </>
                ) : (
                  formatUsd(payment.amountCents)
                )}
              </td>
              <td className="whitespace-nowrap py-2.5 pr-3 text-right tabular-nums">
                {payment.tipCents > 0 ? formatUsd(payment.tipCents) : '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="divide-y md:hidden" aria-label="Payments">
        {payments.map((payment) => (
          <li key={payment.id}>
            <Link
              to={paymentPath(payment)}
              className="flex min-h-16 items-center gap-3 py-3 text-sm"
            >
              <div className="min-w-0 flex-1 space-y-1">
                <div className="flex items-start justify-between gap-2">
                  <span className="truncate font-medium">
                    {payment.invoiceNumber} · {payment.clientName}
                  </span>
                  <span className="shrink-0 font-medium tabular-nums">
                    {formatUsd(payment.amountCents)}
                  </span>
                </div>
                <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                  {formatDay(payment.paidOn)} · {PAYMENT_METHOD_LABELS[payment.method]}
                  {payment.tipCents > 0 ? ` · tip ${formatUsd(payment.tipCents)}` : ''}
                  {payment.refundedAt ? <SmallBadge>Refunded</SmallBadge> : null}
                </p>
              </div>
              <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
