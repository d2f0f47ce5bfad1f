import { formatUsd, type InvoiceSummary } from '@crewdesk/domain';
import { ChevronRight } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { formatDay } from '@/lib/format';
import { InvoiceStatusBadge } from './invoice-status-badge';

export function invoicePath(invoice: Pick<InvoiceSummary, 'id'>): string {
  return `/invoices/${invoice.id}`;
}

const HEADINGS = ['Number', 'Client', 'Issued', 'Due', 'Status', 'Total', 'Balance'] as const;
const RIGHT: ReadonlySet<string> = new Set(['Total', 'Balance']);

/**
 * A table on wide screens (a click anywhere on a row opens it; the number link is the keyboard
 * way in), one card per invoice on phones.
 */
export function InvoicesTable({ invoices }: { invoices: readonly InvoiceSummary[] }) {
  const navigate = useNavigate();
  return (
    <>
      <table className="hidden w-full text-left text-sm md:table">
        <caption className="sr-only">Invoices</caption>
        <thead className="border-b text-xs text-muted-foreground">
          <tr>
            {HEADINGS.map((h) => (
              <th
                key={h}
                scope="col"
                className={
                  RIGHT.has(h) ? 'py-2 pr-3 text-right font-medium' : 'py-2 pr-3 font-medium'
                }
              >
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">
          {invoices.map((invoice) => (
            <tr
              key={invoice.id}
              onClick={() => void navigate(invoicePath(invoice))}
              className="cursor-pointer align-middle hover:bg-muted/60"
            >
              <td className="whitespace-nowrap py-2.5 pr-3">
                <Link
                  to={invoicePath(invoice)}
                  onClick={(event) => event.stopPropagation()}
                  className="font-medium text-foreground underline-offset-2 hover:underline"
                >
                  {invoice.number}
                </Link>
              </td>
              <td className="max-w-[14rem] truncate py-2.5 pr-3">{invoice.clientName}</td>
              <td className="whitespace-nowrap py-2.5 pr-3">{formatDay(invoice.issueDate)}</td>
              <td className="whitespace-nowrap py-2.5 pr-3">{formatDay(invoice.dueDate)}</td>
              <td className="py-2.5 pr-3">
                <InvoiceStatusBadge status={invoice.status} />
              </td>
              <td className="whitespace-nowrap py-2.5 pr-3 text-right tabular-nums">
                {formatUsd(invoice.totalCents)}
              </td>
              <td className="whitespace-nowrap py-2.5 pr-3 text-right font-medium tabular-nums">
                {formatUsd(invoice.balanceCents)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="divide-y md:hidden" aria-label="Invoices">
        {invoices.map((invoice) => (
          <li key={invoice.id}>
            <Link
              to={invoicePath(invoice)}
              className="flex min-h-16 items-center gap-3 py-3 text-sm focus-visible:outline-offset-0"
            >
              <div className="min-w-0 flex-1 space-y-1">
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
                  <span className="font-medium tabular-nums">
                    {formatUsd(invoice.balanceCents)}
                  </span>
                  <span className="text-muted-foreground">
                    {' '}
                    due of {formatUsd(invoice.totalCents)}
                  </span>
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
