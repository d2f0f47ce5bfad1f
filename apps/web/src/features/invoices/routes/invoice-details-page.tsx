import { useQueryClient } from '@tanstack/react-query';
import { INVOICE_MESSAGES, type InvoiceDetail, type InvoiceInputBody } from '@crewdesk/domain';
import {
  Ban,
  CreditCard,
  Download,
  FileQuestion,
  Link2,
  Pencil,
  RefreshCw,
  Send,
} from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { PageLoading } from '@/components/ui/page-loading';
import { errorMessage, isApiError } from '@/lib/api-client';
import { getInvoice, invoicePdfUrl, useInvoice } from '../api/get-invoice';
import { invoiceQueryKey } from '../api/keys';
import { useUpdateInvoice } from '../api/update-invoice';
import { useVoidInvoice } from '../api/void-invoice';
import { InvoiceForm } from '../components/invoice-form';
import {
  DatesAndTerms,
  Detail,
  detailListClass,
  EventList,
  InvoiceTotals,
  LineItemsTable,
  PaymentsList,
  Section,
} from '../components/invoice-sections';
import { InvoiceStatusBadge } from '@/entities/invoice/ui/invoice-status-badge';
import {
  PaymentUndoDialog,
  paymentUndo,
  type PaymentUndo,
} from '../components/payment-undo-dialog';
import { RecordPaymentDialog } from '../components/record-payment-dialog';
import { SendInvoiceDialog } from '../components/send-invoice-dialog';
import { invoiceFormValues } from '../lib/invoice-form';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { copyWithToast } from '@/lib/clipboard';
import { BackLink } from '@/components/back-link';
import { formatAmount } from '@/lib/money';

/** Paid and void invoices are not edited: void it or refund a payment instead. */
export function isLocked(invoice: Pick<InvoiceDetail, 'storedStatus'>): boolean {
  return invoice.storedStatus === 'paid' || invoice.storedStatus === 'void';
}

function copyLink(link: string) {
  return copyWithToast(link, {
    copied: {
      title: 'Link copied',
      description: 'Anyone with this link can view and pay the invoice.',
    },
    failed: { title: 'Could not copy the link', description: link },
  });
}

/**
 * Editing a saved invoice: the save carries the version the editor started from. When someone
 * else saved first (or the invoice got paid or voided), the server answers 409: its message shows,
 * what was typed stays, and Reload starts again from the invoice as it now is.
 */
function InvoiceEditor({ invoice, onClose }: { invoice: InvoiceDetail; onClose: () => void }) {
  const queryClient = useQueryClient();
  const update = useUpdateInvoice();
  const [base, setBase] = useState(invoice);
  const [generation, setGeneration] = useState(0);
  const [conflict, setConflict] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);

  function save(input: InvoiceInputBody) {
    setConflict(null);
    update.mutate(
      { id: base.id, version: base.version, invoice: input },
      {
        onSuccess: () => {
          toast.success('Invoice saved');
          onClose();
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 409)
            setConflict(errorMessage(error, INVOICE_MESSAGES.changedBySomeoneElse));
        },
      },
    );
  }

  async function reload() {
    setReloading(true);
    try {
      const fresh = await queryClient.fetchQuery({
        queryKey: invoiceQueryKey(base.id),
        queryFn: ({ signal }) => getInvoice(base.id, signal),
        staleTime: 0,
      });
      update.reset();
      setConflict(null);
      if (isLocked(fresh)) {
        toast.info(INVOICE_MESSAGES.lockedPaidOrVoid);
        onClose();
        return;
      }
      setBase(fresh);
      setGeneration((g) => g + 1);
    } catch (error) {
      toast.error('Error', { description: errorMessage(error, 'Could not reload the invoice.') });
    } finally {
      setReloading(false);
    }
  }

  const banner = conflict ? (
    <Alert
      tone="error"
      className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between"
    >
      <span>{conflict}</span>
      <Button variant="outline" size="sm" onClick={() => void reload()} disabled={reloading}>
        <RefreshCw aria-hidden="true" />
        {reloading ? 'Reloading...' : 'Reload'}
      </Button>
    </Alert>
  ) : update.isError ? (
    <Alert tone="error">
      {errorMessage(update.error, 'Could not save the invoice. Try again.')}
    </Alert>
  ) : null;

  return (
    <>
      <div className="mb-4">
        <h1 className="text-2xl font-semibold tracking-tight">Edit invoice {base.number}</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          Changes are saved when you press Save changes.
        </p>
      </div>
      <InvoiceForm
        key={generation}
        label={`Edit invoice ${base.number}`}
        initial={invoiceFormValues(base)}
        submitLabel="Save changes"
        pendingLabel="Saving..."
        pending={update.isPending}
        onSubmit={save}
        onCancel={onClose}
        banner={banner}
      />
    </>
  );
}

type OpenDialog = 'send' | 'payment' | 'void' | null;

function InvoiceView({ invoice, onEdit }: { invoice: InvoiceDetail; onEdit: () => void }) {
  const hintId = useId();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [undo, setUndo] = useState<PaymentUndo | null>(null);
  const voidInvoice = useVoidInvoice();
  const locked = isLocked(invoice);
  const isVoid = invoice.storedStatus === 'void';
  const canPay = !isVoid && invoice.balanceCents > 0;

  return (
    <>
      <BackLink to="/invoices">Back to invoices</BackLink>
      <div className="mb-4">
        <h1 className="break-words text-2xl font-semibold tracking-tight">
          Invoice {invoice.number}
        </h1>
        <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
          <InvoiceStatusBadge status={invoice.status} />
          <span className="font-medium text-foreground">{invoice.clientName}</span>
          <span className="tabular-nums">
            {formatAmount(invoice.balanceCents)} due of {formatAmount(invoice.totalCents)}
          </span>
        </div>
      </div>

      <div
        role="toolbar"
        aria-label="Actions"
        className="mb-2 grid grid-cols-2 gap-2 sm:flex sm:flex-wrap"
      >
        <Button
          variant="outline"
          onClick={onEdit}
          disabled={locked}
          aria-describedby={locked ? hintId : undefined}
        >
          <Pencil aria-hidden="true" />
          Edit
        </Button>
        <Button variant="outline" onClick={() => setDialog('send')} disabled={isVoid}>
          <Send aria-hidden="true" />
          Send
        </Button>
        <Button
          className="col-span-2 sm:col-span-1"
          onClick={() => setDialog('payment')}
          disabled={!canPay}
        >
          <CreditCard aria-hidden="true" />
          Record payment
        </Button>
        <Button variant="outline" asChild>
          <a href={invoicePdfUrl(invoice.id)} download>
            <Download aria-hidden="true" />
            Download PDF
          </a>
        </Button>
        <Button variant="outline" onClick={() => void copyLink(invoice.publicUrl)}>
          <Link2 aria-hidden="true" />
          Copy client link
        </Button>
        {isVoid ? null : (
          <Button
            variant="outline"
            className="text-destructive"
            onClick={() => setDialog('void')}
            disabled={voidInvoice.isPending}
          >
            <Ban aria-hidden="true" />
            Void
          </Button>
        )}
      </div>
      {locked ? (
        <p id={hintId} className="mb-2 text-xs text-muted-foreground">
          {INVOICE_MESSAGES.lockedPaidOrVoid}
        </p>
      ) : null}

      <div className="mt-4 grid gap-4 lg:grid-cols-[3fr_2fr]">
        <div className="min-w-0 space-y-4">
          <Section title="Bill to">
            <p className="font-medium">{invoice.clientName}</p>
            {invoice.clientEmail ? (
              <a
                href={`mailto:${invoice.clientEmail}`}
                className="text-sm text-primary underline-offset-2 hover:underline"
              >
                {invoice.clientEmail}
              </a>
            ) : (
              <p className="text-sm text-muted-foreground">No e-mail address.</p>
            )}
            {invoice.billingAddress ? (
              <p className="mt-1 whitespace-pre-line text-sm">{invoice.billingAddress}</p>
            ) : null}
            {invoice.customerId ? (
              <Link
                to={`/customers/${invoice.customerId}`}
                data-print-hidden
                className="mt-2 inline-block text-sm text-primary underline-offset-2 hover:underline"
              >
                Open contact
              </Link>
            ) : null}
          </Section>
          <Section title="Line items">
            <LineItemsTable lines={invoice.lineItems} />
            <InvoiceTotals invoice={invoice} className="mt-4 border-t pt-3" />
          </Section>
          {invoice.notes || invoice.terms ? (
            <Section title="Notes and terms">
              <dl className={detailListClass}>
                {invoice.notes ? (
                  <Detail label="Notes">
                    <span className="whitespace-pre-line">{invoice.notes}</span>
                  </Detail>
                ) : null}
                {invoice.terms ? (
                  <Detail label="Terms">
                    <span className="whitespace-pre-line">{invoice.terms}</span>
                  </Detail>
                ) : null}
              </dl>
            </Section>
          ) : null}
          <Section
            title="Payments"
            actions={
              canPay ? (
                <Button variant="link" className="h-auto p-0" onClick={() => setDialog('payment')}>
                  Record payment
                </Button>
              ) : null
            }
          >
            <PaymentsList
              payments={invoice.payments}
              onRefund={(payment) => setUndo(paymentUndo('refund', payment))}
              onRemove={(payment) => setUndo(paymentUndo('remove', payment))}
            />
          </Section>
        </div>
        <div className="min-w-0 space-y-4">
          <Section title="Dates and terms">
            <DatesAndTerms invoice={invoice} />
          </Section>
          {invoice.jobs.length > 0 || invoice.requestId ? (
            <Section title="Billed work">
              <ul className="space-y-1.5 text-sm" aria-label="Billed work">
                {invoice.jobs.map((job) => (
                  <li key={job.id}>
                    Job:{' '}
                    <Link
                      to={`/jobs/${job.id}`}
                      className="text-primary underline-offset-2 hover:underline"
                    >
                      {job.title}
                    </Link>
                  </li>
                ))}
                {invoice.requestId ? (
                  <li>
                    <Link
                      to={`/quotes/${invoice.requestId}`}
                      className="text-primary underline-offset-2 hover:underline"
                    >
                      The estimate or quote it came from
                    </Link>
                  </li>
                ) : null}
              </ul>
            </Section>
          ) : null}
          <Section title="History">
            {invoice.events.length === 0 ? (
              <p className="text-sm text-muted-foreground">Nothing has happened yet.</p>
            ) : (
              <EventList events={invoice.events} />
            )}
          </Section>
        </div>
      </div>

      <SendInvoiceDialog
        invoice={invoice}
        open={dialog === 'send'}
        onOpenChange={(open) => setDialog(open ? 'send' : null)}
      />
      <RecordPaymentDialog
        invoice={invoice}
        open={dialog === 'payment'}
        onOpenChange={(open) => setDialog(open ? 'payment' : null)}
      />
      <ConfirmDialog
        open={dialog === 'void'}
        onOpenChange={(open) => {
          if (!open && !voidInvoice.isPending) setDialog(null);
        }}
        title={`Void invoice ${invoice.number}?`}
        description="The client no longer owes it and it can no longer be edited or paid. The number is kept, and billed jobs can be invoiced again."
        cancelLabel="Keep invoice"
        confirmLabel={voidInvoice.isPending ? 'Voiding...' : 'Void invoice'}
        destructive
        pending={voidInvoice.isPending}
        onConfirm={() =>
          voidInvoice.mutate(invoice.id, {
            onSuccess: () => {
              toast.success('Invoice voided');
              setDialog(null);
            },
            onError: (error) =>
              toast.error('Error', {
                description: errorMessage(error, 'Could not void the invoice.'),
              }),
          })
        }
      />
      <PaymentUndoDialog undo={undo} onClose={() => setUndo(null)} />
    </>
  );
}

function InvoiceDetails({ invoice }: { invoice: InvoiceDetail }) {
  const [editing, setEditing] = useState(false);
  // The editor stays up whatever happens meanwhile: a 409 must not throw away what was typed.
  if (editing) return <InvoiceEditor invoice={invoice} onClose={() => setEditing(false)} />;
  return <InvoiceView invoice={invoice} onEdit={() => setEditing(true)} />;
}

/** /invoices/{id}: the invoice, its payments and history, and what can be done with it. */
export function InvoiceDetailsPage() {
  const { id = '' } = useParams();
  const invoice = useInvoice(id);

  if (invoice.isPending) return <PageLoading />;
  if (invoice.isError) {
    const status = isApiError(invoice.error) ? invoice.error.status : 0;
    if (status === 404 || status === 400) {
      return (
        <>
          <h1 className="sr-only">Invoice Details</h1>
          <EmptyState
            icon={FileQuestion}
            title="Invoice not found"
            actions={
              <Button asChild>
                <Link to="/invoices">Back to invoices</Link>
              </Button>
            }
          >
            This invoice does not exist in this business account.
          </EmptyState>
        </>
      );
    }
    return (
      <>
        <h1 className="sr-only">Invoice Details</h1>
        <LoadErrorAlert
          title="Could not load this invoice"
          error={invoice.error}
          onRetry={() => void invoice.refetch()}
        />
      </>
    );
  }
  return <InvoiceDetails invoice={invoice.data} />;
}
