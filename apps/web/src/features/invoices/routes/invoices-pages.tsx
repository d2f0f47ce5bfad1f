import { BadgeCheck, CreditCard, History, Receipt, ReceiptText } from 'lucide-react';
import { NavLink, Outlet } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { cn } from '@/lib/cn';

const TABS = [
  { label: 'Invoices', path: '/invoices', end: true },
  { label: 'Payments', path: '/invoices/payments', end: false },
  { label: 'History', path: '/invoices/history', end: false },
] as const;

/** Spec section 2: /invoices with the list, payments and history. */
export function InvoicesLayout() {
  return (
    <>
      <PageHeader title="Invoices" description="What you have billed, and what has been paid." />
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
    </>
  );
}

export function InvoiceListPage() {
  return (
    <EmptyState
      icon={Receipt}
      title="No invoices yet"
      upcoming={[
        'Numbered invoices from a finished job or an accepted quote, one by one or in a batch',
        'Line items, tax and discounts',
        'Reminders for overdue invoices, and a PDF for every invoice',
      ]}
    >
      Your invoices will live here — they arrive with the Invoices &amp; Payments module.
    </EmptyState>
  );
}

export function PaymentsPage() {
  return (
    <EmptyState icon={CreditCard} title="No payments yet">
      Payments will live here — full and partial payments and tips, recorded by hand or paid online
      when a payment provider is configured. They arrive with the Invoices &amp; Payments module.
    </EmptyState>
  );
}

export function InvoiceHistoryPage() {
  return (
    <EmptyState icon={History} title="No history yet">
      Every change to an invoice — sent, viewed, paid, reminded — will be listed here. It arrives
      with the Invoices &amp; Payments module.
    </EmptyState>
  );
}

export function InvoiceDetailsPage() {
  return (
    <>
      <PageHeader title="Invoice Details" />
      <EmptyState
        icon={ReceiptText}
        title="Invoice details arrive with the Invoices & Payments module"
      >
        This page will show the invoice’s lines, totals, payments and history. There are no invoices
        in this version yet.
      </EmptyState>
    </>
  );
}

export function PaymentDetailsPage() {
  return (
    <>
      <PageHeader title="Payment Details" />
      <EmptyState
        icon={CreditCard}
        title="Payment details arrive with the Invoices & Payments module"
      >
        This page will show the payment, the invoice it paid and how it was made. There are no
        payments in this version yet.
      </EmptyState>
    </>
  );
}

export function PaymentSuccessPage() {
  return (
    <>
      <PageHeader title="Payment" />
      <EmptyState icon={BadgeCheck} title="Online payments are not switched on">
        After a client pays online, the payment provider sends them back to this page to confirm the
        payment. Online payment arrives with the Invoices &amp; Payments module, so no payment has
        been made here.
      </EmptyState>
    </>
  );
}

export function NewInvoicePage() {
  return (
    <>
      <PageHeader title="New invoice" />
      <EmptyState
        icon={Receipt}
        title="Creating invoices arrives with the Invoices & Payments module"
      >
        Invoices cannot be created in this version yet. When the module lands, this shortcut opens a
        new invoice directly, and a finished job or accepted quote becomes an invoice in one click.
      </EmptyState>
    </>
  );
}
