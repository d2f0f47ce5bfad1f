import {
  calculatorSchema,
  canAccessRoute,
  canDispatchJobs,
  INVOICES_ROUTE_ROLES,
  isRoleAllowed,
  type CalculatorFormValues,
  type RequestDetail,
} from '@crewdesk/domain';
import {
  ArrowLeft,
  CalendarCheck,
  CalendarPlus,
  CopyPlus,
  Download,
  FileQuestion,
  Link2,
  Mail,
  Pencil,
  Trash2,
} from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { CreateInvoiceButton, ViewInvoiceLink } from '@/entities/invoice/ui/create-invoice-button';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { PageLoading } from '@/components/ui/page-loading';
import { isApiError } from '@/lib/api-client';
import { useSession } from '@/lib/session/session-context';
import { formatDay } from '@/lib/format';
import { useDeleteRequest } from '../api/delete-request';
import { useDuplicateRequest } from '../api/duplicate-request';
import { useRequest } from '../api/get-request';
import { useResendRequestEmail } from '../api/resend-request-email';
import { useScheduleJobFromRequest } from '../api/schedule-job';
import { BusinessSummaryCard } from '../components/business-summary-card';
import { CalculatorDialog } from '../components/calculator-dialog';
import {
  Detail,
  CalculatorDetails,
  ClientAnswer,
  History,
  RequestJobs,
  ShareLinkCard,
  hasCalculatorDetails,
} from '../components/request-detail-cards';
import { ProposalOptionsList } from '../components/proposal-options-list';
import { Badge } from '@/components/ui/badge';
import { StatusBadge } from '@/entities/request/ui/request-status-badge';
import { MODE_TEXT, modeOfCategory } from '../lib/calculator-form';
import { CATEGORY_LABELS, formatMoment } from '../lib/request-text';
import { requestsFailureText, toastEmailOutcome } from '../lib/save-feedback';
import { copyWithToast } from '@/lib/clipboard';
import { formatAmount } from '@/lib/money';
/** The link a client opens without signing in. */

export function shareLinkOf(shareToken: string): string {
  return `${window.location.origin}/shared/${shareToken}`;
}

function copyToClipboard(link: string) {
  return copyWithToast(link, {
    copied: { title: 'Link copied' },
    failed: { title: 'Could not copy the link', description: link },
  });
}

function RequestDetails({ request }: { request: RequestDetail }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { role, activeAccountId } = useSession();
  const hintId = useId();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteRequest();
  const duplicate = useDuplicateRequest();
  const resend = useResendRequestEmail();
  const scheduleJob = useScheduleJobFromRequest();
  const canSchedule = request.status === 'accepted' && canDispatchJobs(role);
  // A request schedules one job; once it has, the button opens that job instead.
  const scheduledJob = request.jobs?.[0];
  const canInvoice =
    request.status === 'accepted' && isRoleAllowed(role, activeAccountId, INVOICES_ROUTE_ROLES);

  const mode = modeOfCategory(request.category);
  const noun = CATEGORY_LABELS[request.category];
  const isQuote = mode !== 'estimate';
  const listPath = MODE_TEXT[mode].listPath;
  const basePath = pathname.startsWith('/invoices/estimates/') ? '/invoices/estimates' : '/quotes';
  const parsed = calculatorSchema.safeParse(request.details);
  const details: CalculatorFormValues = parsed.success ? parsed.data : {};
  const link = shareLinkOf(request.shareToken);
  const contactLink =
    request.customerId &&
    canAccessRoute(role, activeAccountId, `/customers/${request.customerId}`) === 'allowed'
      ? `/customers/${request.customerId}`
      : null;

  const onDuplicate = () =>
    duplicate.mutate(request.id, {
      onSuccess: (copy) => {
        toast.success('Duplicated', { description: `You are now looking at the copy.` });
        void navigate(`${basePath}/${copy.id}`);
      },
      onError: (error) => toast.error('Error', { description: requestsFailureText(error) }),
    });

  const onScheduleJob = () =>
    scheduleJob.mutate(request.id, {
      onSuccess: (job) => {
        toast.success('Job created', { description: job.title });
        void navigate(`/jobs/${job.id}`);
      },
      onError: (error) => toast.error('Error', { description: requestsFailureText(error) }),
    });

  const onResend = () => {
    if (!request.clientEmail) return;
    resend.mutate(
      { request, recipientEmail: request.clientEmail },
      { onSuccess: (outcome) => toastEmailOutcome(outcome, isQuote) },
    );
  };

  return (
    <>
      <Link
        to={listPath}
        className="mb-3 inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to {noun.toLowerCase()}s
      </Link>
      <div className="mb-4">
        <h1 className="break-words text-2xl font-semibold tracking-tight">{request.title}</h1>
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <Badge className="border-border bg-background text-foreground">{noun}</Badge>
          <StatusBadge status={request.status} />
          <span className="text-sm text-muted-foreground">
            {formatAmount(request.amountCents)} · expires {formatDay(request.expiresAt)}
          </span>
        </div>
        {request.description ? (
          <p className="mt-2 whitespace-pre-line text-sm text-muted-foreground">
            {request.description}
          </p>
        ) : null}
      </div>
      <div
        role="toolbar"
        aria-label="Actions"
        className="mb-2 grid grid-cols-2 gap-2 sm:flex sm:flex-wrap"
      >
        {canSchedule && scheduledJob ? (
          <Button className="col-span-2 sm:col-span-1" asChild>
            <Link to={`/jobs/${scheduledJob.id}`}>
              <CalendarCheck aria-hidden="true" />
              View job
            </Link>
          </Button>
        ) : canSchedule ? (
          <Button
            className="col-span-2 sm:col-span-1"
            onClick={onScheduleJob}
            disabled={scheduleJob.isPending}
          >
            <CalendarPlus aria-hidden="true" />
            {scheduleJob.isPending ? 'Scheduling...' : 'Schedule job'}
          </Button>
        ) : null}
        {canInvoice && request.invoiceId ? (
          <ViewInvoiceLink invoiceId={request.invoiceId} className="col-span-2 sm:col-span-1" />
        ) : canInvoice ? (
          <CreateInvoiceButton
            source={{ kind: 'request', id: request.id }}
            variant={canSchedule ? 'outline' : 'default'}
            className="col-span-2 sm:col-span-1"
          />
        ) : null}
        <Button variant="outline" onClick={() => setEditing(true)}>
          <Pencil aria-hidden="true" />
          Edit
        </Button>
        <Button variant="outline" onClick={onDuplicate} disabled={duplicate.isPending}>
          <CopyPlus aria-hidden="true" />
          {duplicate.isPending ? 'Duplicating...' : 'Duplicate'}
        </Button>
        <Button
          variant="outline"
          onClick={onResend}
          disabled={!request.clientEmail || resend.isPending}
          aria-describedby={request.clientEmail ? undefined : hintId}
        >
          <Mail aria-hidden="true" />
          {resend.isPending ? 'Sending...' : 'Resend'}
        </Button>
        <Button variant="outline" onClick={() => void copyToClipboard(link)}>
          <Link2 aria-hidden="true" />
          Copy link
        </Button>
        <Button variant="outline" asChild>
          <a href={`/api/requests/${encodeURIComponent(request.id)}/pdf`} download>
            <Download aria-hidden="true" />
            Download PDF
          </a>
        </Button>
        <Button variant="outline" onClick={() => setDeleting(true)}>
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      </div>
      {request.clientEmail ? null : (
        <p id={hintId} className="mb-2 text-xs text-muted-foreground">
          There is no e-mail for this client: edit the {noun.toLowerCase()} to add one, then send
          it.
        </p>
      )}
      <div className="mt-4 grid gap-4 lg:grid-cols-[3fr_2fr]">
        <div className="min-w-0 space-y-4">
          <Card className="p-5">
            <h2 className="text-base font-semibold">Overview</h2>
            <dl className="mt-3 grid grid-cols-[minmax(0,7.5rem)_1fr] gap-x-4 gap-y-2 text-sm sm:grid-cols-[11rem_1fr]">
              <Detail label="Client">
                {contactLink ? (
                  <Link
                    to={contactLink}
                    className="text-primary underline-offset-2 hover:underline"
                  >
                    {request.client}
                  </Link>
                ) : (
                  request.client
                )}
              </Detail>
              <Detail label="Email">
                {request.clientEmail ? (
                  <a
                    className="text-primary underline-offset-2 hover:underline"
                    href={`mailto:${request.clientEmail}`}
                  >
                    {request.clientEmail}
                  </a>
                ) : null}
              </Detail>
              <Detail label="Phone">
                {request.clientPhone ? (
                  <a
                    className="text-primary underline-offset-2 hover:underline"
                    href={`tel:${request.clientPhone}`}
                  >
                    {request.clientPhone}
                  </a>
                ) : null}
              </Detail>
              <Detail label="Amount">{formatAmount(request.amountCents)}</Detail>
              <Detail label="Date">{formatDay(request.date)}</Detail>
              <Detail label="Expires">{formatDay(request.expiresAt)}</Detail>
              <Detail label="E-mailed">
                {request.emailSent
                  ? request.sharedAt
                    ? formatMoment(request.sharedAt)
                    : 'Yes'
                  : 'Not yet'}
              </Detail>
              <Detail label="Opened by the client">
                {request.viewedAt ? formatMoment(request.viewedAt) : 'Not yet'}
              </Detail>
            </dl>
          </Card>
          <ClientAnswer request={request} />
          {request.options && request.options.length > 0 ? (
            <Card className="p-5">
              <h2 className="mb-3 text-base font-semibold">Proposal options</h2>
              <ProposalOptionsList
                options={request.options}
                acceptedId={request.acceptance?.optionId ?? null}
              />
            </Card>
          ) : null}
          {/* A quote made from findings (or typed in) has no calculator form to show. */}
          {hasCalculatorDetails(details) ? <CalculatorDetails details={details} /> : null}
        </div>
        <div className="min-w-0 space-y-4">
          {request.businessSummary ? (
            <BusinessSummaryCard
              summary={request.businessSummary}
              headingLevel={2}
              className="bg-background p-5 shadow-sm"
            />
          ) : null}
          <RequestJobs jobs={request.jobs ?? []} />
          <ShareLinkCard link={link} onCopy={() => void copyToClipboard(link)} />
          <History request={request} />
        </div>
      </div>
      {/* A newer version of the request (saved here or elsewhere) starts the form again. */}
      <CalculatorDialog
        key={`${request.id}@${request.updatedAt}`}
        open={editing}
        onOpenChange={setEditing}
        mode={mode}
        request={request}
      />
      <ConfirmDialog
        open={deleting}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setDeleting(false);
        }}
        title={`Delete this ${noun.toLowerCase()}?`}
        description="It is removed with its history, and its share link stops working."
        cancelLabel={`Keep ${noun.toLowerCase()}`}
        confirmLabel={remove.isPending ? 'Deleting...' : 'Delete'}
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(request.id, {
            onSuccess: () => {
              toast.success(`${noun} deleted`, { description: `${request.title} was deleted.` });
              setDeleting(false);
              void navigate(listPath, { replace: true });
            },
            onError: (error) => toast.error('Error', { description: requestsFailureText(error) }),
          })
        }
      />
    </>
  );
}

/** Spec section 2: /quotes/{id}, and /invoices/estimates/{id} (the same page). */
export function QuoteDetailsPage() {
  const { id = '' } = useParams();
  const request = useRequest(id);

  if (request.isPending) return <PageLoading />;
  if (request.isError) {
    const status = isApiError(request.error) ? request.error.status : 0;
    // A malformed id is answered 400: it cannot name a request either.
    if (status === 404 || status === 400) {
      return (
        <>
          <h1 className="sr-only">Request Details</h1>
          <EmptyState
            icon={FileQuestion}
            title="Request not found"
            actions={
              <Button asChild>
                <Link to="/quotes">Back to requests</Link>
              </Button>
            }
          >
            This estimate, quote or proposal does not exist in this business account. It may have
            been deleted.
          </EmptyState>
        </>
      );
    }
    return (
      <Alert tone="error">
        <p className="font-semibold">Error</p>
        <p className="mt-1">
          {requestsFailureText(request.error)}{' '}
          <Button variant="link" className="h-auto p-0" onClick={() => void request.refetch()}>
            Try again
          </Button>
        </p>
      </Alert>
    );
  }
  return <RequestDetails request={request.data} />;
}
