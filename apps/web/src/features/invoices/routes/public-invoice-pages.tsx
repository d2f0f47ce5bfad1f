import { useQuery } from '@tanstack/react-query';
import { type PublicInvoice, type PublicPaymentStatus } from '@crewdesk/domain';
import { BadgeCheck, CreditCard, FileQuestion, LoaderCircle } from 'lucide-react';
import { useEffect, useRef, useState, lazy, Suspense } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageLoading } from '@/components/ui/page-loading';
import { errorMessage, isApiError } from '@/lib/api-client';
import { publicInvoicePdfUrl, usePublicInvoice } from '../api/get-public-invoice';
import { getPaymentStatus } from '../api/get-payment-status';
import { paymentStatusQueryKey } from '../api/keys';
import { useStartCheckout } from '../api/start-checkout';
import { BusinessHeader } from '@/components/business-header';
import { InvoiceTotals, LineItemsTable } from '../components/invoice-sections';
import { InvoiceStatusBadge } from '@/entities/invoice/ui/invoice-status-badge';
import { formatDay } from '@/lib/format';
import { methodLabel } from '../lib/invoice-text';
import { DownloadPdfLink } from '@/components/public-links';
import { RequestErrorAlert } from '@/components/ui/request-error-alert';
import { formatAmount, showAmountsIn } from '@/lib/money';
import { showTimesIn } from '@/lib/time-zone';

// Fetched after the document: the way to the hub is not what the client opened the link for.
const HubEntryLink = lazy(() =>
  import('@/entities/client-hub/client-hub').then((module) => ({ default: module.HubEntryLink })),
);

/** Leaves for the payment provider's page (a seam for tests: jsdom cannot navigate). */
export const browser = {
  assign(url: string) {
    window.location.assign(url);
  },
};

function PayOnline({ token, balanceCents }: { token: string; balanceCents: number }) {
  const checkout = useStartCheckout();
  const leaving = checkout.isPending || checkout.isSuccess;
  return (
    <Button
      size="lg"
      className="w-full sm:w-auto"
      disabled={leaving}
      onClick={() =>
        checkout.mutate(token, {
          onSuccess: ({ url }) => browser.assign(url),
          onError: (error) =>
            toast.error('Error', {
              description: errorMessage(error, 'Online payment could not be started. Try again.'),
            }),
        })
      }
    >
      <CreditCard aria-hidden="true" />
      {leaving ? 'Opening the payment page...' : `Pay ${formatAmount(balanceCents)} online`}
    </Button>
  );
}

function HowToPay({ invoice, token }: { invoice: PublicInvoice; token: string }) {
  if (invoice.status === 'void') {
    return (
      <Alert>This invoice was voided by {invoice.business.name}. There is nothing to pay.</Alert>
    );
  }
  if (invoice.status === 'paid' || invoice.balanceCents <= 0) {
    return (
      <Alert tone="success" className="flex items-center gap-2 text-base">
        <BadgeCheck aria-hidden="true" className="size-5 shrink-0" />
        <span className="font-semibold">Paid — thank you</span>
      </Alert>
    );
  }
  return (
    <Card className="space-y-3 p-5">
      <div className="flex items-baseline justify-between gap-4">
        <h2 className="text-base font-semibold">Balance due</h2>
        <span className="text-2xl font-semibold tabular-nums" aria-label="Balance due">
          {formatAmount(invoice.balanceCents)}
        </span>
      </div>
      <p className="text-sm text-muted-foreground">Due {formatDay(invoice.dueDate)}</p>
      {invoice.canPayOnline ? (
        <PayOnline token={token} balanceCents={invoice.balanceCents} />
      ) : null}
      {!invoice.canPayOnline || invoice.paymentInstructions ? (
        <div>
          <h3 className="text-sm font-semibold">
            {invoice.canPayOnline ? 'Other ways to pay' : 'How to pay'}
          </h3>
          <p className="mt-1 whitespace-pre-line text-sm">
            {invoice.paymentInstructions || `Contact ${invoice.business.name} to arrange payment.`}
          </p>
        </div>
      ) : null}
    </Card>
  );
}

/**
 * /pay/{token}: the client's invoice, opened from the e-mail without signing in. Only what the
 * client may see reaches it; paying online leaves for the payment provider and comes back to
 * /invoices/payment-success.
 */
export function PublicInvoicePage() {
  const { token = '' } = useParams();
  const query = usePublicInvoice(token);

  if (query.isPending) return <PageLoading />;
  if (query.isError) {
    const status = isApiError(query.error) ? query.error.status : 0;
    if (status === 404 || status === 400) {
      return (
        <EmptyState icon={FileQuestion} title="Invoice not found">
          This invoice link is not valid.
        </EmptyState>
      );
    }
    return (
      <Alert tone="error">
        {errorMessage(query.error, 'This invoice could not be loaded. Please try again.')}{' '}
        <Button variant="link" className="h-auto p-0" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }

  const invoice = query.data;
  showAmountsIn(invoice.business.currency, invoice.business.locale);
  showTimesIn(invoice.business.timeZone);
  return (
    <article
      className="mx-auto max-w-3xl space-y-5"
      aria-label={`Invoice ${invoice.number} from ${invoice.business.name}`}
    >
      <BusinessHeader business={invoice.business} />
      <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="text-sm font-medium text-primary">Invoice</p>
          <h1 className="flex flex-wrap items-center gap-2 text-2xl font-semibold">
            {invoice.number}
            <InvoiceStatusBadge status={invoice.status} />
          </h1>
          <p className="text-sm text-muted-foreground">
            Issued {formatDay(invoice.issueDate)} · Due {formatDay(invoice.dueDate)}
          </p>
        </div>
        <DownloadPdfLink href={publicInvoicePdfUrl(token)} />
      </header>

      <HowToPay invoice={invoice} token={token} />

      <Card className="space-y-4 p-5">
        <div>
          <h2 className="text-sm font-medium text-muted-foreground">Bill to</h2>
          <p className="font-medium">{invoice.clientName}</p>
          {invoice.billingAddress ? (
            <p className="whitespace-pre-line text-sm">{invoice.billingAddress}</p>
          ) : null}
        </div>
        <LineItemsTable lines={invoice.lineItems} />
        <InvoiceTotals invoice={invoice} className="border-t pt-3" />
      </Card>

      {invoice.payments.length > 0 ? (
        <Card className="p-5">
          <h2 className="text-base font-semibold">Payments</h2>
          <ul className="mt-2 divide-y text-sm" aria-label="Payments">
            {invoice.payments.map((payment, i) => (
              <li key={i} className="flex justify-between gap-3 py-2">
                <span>
                  {formatDay(payment.paidOn)} · {methodLabel(payment.method)}
                </span>
                <span className="tabular-nums">{formatAmount(payment.amountCents)}</span>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}

      {invoice.notes || invoice.terms ? (
        <Card className="space-y-3 p-5 text-sm">
          {invoice.notes ? (
            <div>
              <h2 className="font-semibold">Notes</h2>
              <p className="mt-1 whitespace-pre-line">{invoice.notes}</p>
            </div>
          ) : null}
          {invoice.terms ? (
            <div>
              <h2 className="font-semibold">Terms</h2>
              <p className="mt-1 whitespace-pre-line">{invoice.terms}</p>
            </div>
          ) : null}
        </Card>
      ) : null}
      <Suspense fallback={null}>
        <HubEntryLink token={token} />
      </Suspense>
    </article>
  );
}

/** The payment-success page asks every 2 seconds, for at most 30 seconds. */
export const PAYMENT_POLL_MS = 2000;
export const PAYMENT_POLL_LIMIT_MS = 30_000;

interface PolledStatus extends PublicPaymentStatus {
  /** Paid in full, or more was paid than when the page first asked. */
  confirmed: boolean;
}

function NotFound() {
  return (
    <EmptyState icon={FileQuestion} title="Invoice not found">
      We could not find this invoice.
    </EmptyState>
  );
}

/**
 * /invoices/payment-success?invoice={token}: where the payment provider sends the client back.
 * The provider tells the server by webhook, which can take a moment: the page asks until the
 * payment shows, then thanks the client.
 */
export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const token = params.get('invoice')?.trim() ?? '';
  if (!token) return <NotFound />;
  return <PaymentConfirmation token={token} />;
}

function PaymentConfirmation({ token }: { token: string }) {
  const firstPaid = useRef<number | null>(null);
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setTimedOut(true), PAYMENT_POLL_LIMIT_MS);
    return () => clearTimeout(timer);
  }, []);

  const status = useQuery({
    queryKey: paymentStatusQueryKey(token),
    queryFn: async ({ signal }): Promise<PolledStatus> => {
      const answer = await getPaymentStatus(token, signal);
      firstPaid.current ??= answer.amountPaidCents;
      return {
        ...answer,
        confirmed: answer.status === 'paid' || answer.amountPaidCents > firstPaid.current,
      };
    },
    retry: false,
    staleTime: 0,
    gcTime: 0,
    refetchInterval: (query) => {
      if (timedOut || query.state.data?.confirmed) return false;
      if (isApiError(query.state.error) && query.state.error.status === 404) return false;
      return PAYMENT_POLL_MS;
    },
  });

  const backLink = (
    <Link
      to={`/pay/${encodeURIComponent(token)}`}
      className={buttonVariants({ variant: 'outline' })}
    >
      View your invoice
    </Link>
  );

  if (status.isError && isApiError(status.error) && status.error.status === 404)
    return <NotFound />;

  const data = status.data;
  if (data) showAmountsIn(data.currency, data.locale);
  if (data?.confirmed) {
    return (
      <Card className="mx-auto max-w-lg space-y-4 p-6 text-center" role="status">
        <BadgeCheck aria-hidden="true" className="mx-auto size-12 text-success" />
        <h1 className="text-2xl font-semibold">Thank you! Your payment was received.</h1>
        <p className="text-sm text-muted-foreground">
          Invoice {data.number} from {data.businessName}
        </p>
        <p className="text-lg">
          Balance due:{' '}
          <span className="font-semibold tabular-nums">{formatAmount(data.balanceCents)}</span>
        </p>
        {backLink}
      </Card>
    );
  }

  if (timedOut) {
    return (
      <Card className="mx-auto max-w-lg space-y-4 p-6 text-center">
        <h1 className="text-2xl font-semibold">Your payment is still being confirmed</h1>
        <p className="text-sm text-muted-foreground">
          {data
            ? `${data.businessName} has not received the confirmation for invoice ${data.number} yet. `
            : ''}
          This can take a few minutes. Please check the invoice again later before paying a second
          time.
        </p>
        <RequestErrorAlert request={status} fallback="The invoice could not be checked." />
        {backLink}
      </Card>
    );
  }

  return (
    <Card className="mx-auto max-w-lg space-y-4 p-6 text-center">
      <p role="status" className="flex items-center justify-center gap-2 text-lg font-medium">
        <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
        We're confirming your payment…
      </p>
      {data ? (
        <p className="text-sm text-muted-foreground">
          Invoice {data.number} from {data.businessName}
        </p>
      ) : null}
      {backLink}
    </Card>
  );
}
