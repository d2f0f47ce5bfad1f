import { hasBusinessManagerRights, type InspectionDetail } from '@crewdesk/domain';
import { FileDown, Link2, Mail, ReceiptText } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { CopyLinkField } from '@/components/copy-link-field';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import {
  inspectionPdfUrl,
  useQuoteInspectionFindings,
  useRevokeInspectionShare,
  useSendInspectionReport,
  useShareInspection,
} from '@/entities/inspection/api/inspection-api';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session/session-context';
import { formatAmount } from '@/lib/money';

function ShareLink({ inspection }: { inspection: InspectionDetail }) {
  const share = useShareInspection(inspection.id);
  const revoke = useRevokeInspectionShare(inspection.id);
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="space-y-2">
      <h3 className="flex items-center gap-2 text-sm font-semibold">
        <Link2 aria-hidden="true" className="size-4" /> Share link
      </h3>
      {inspection.share ? (
        <>
          <CopyLinkField url={inspection.share.url} label="Report link" />
          <Button
            variant="ghost"
            className="text-destructive"
            onClick={() => setConfirming(true)}
            disabled={revoke.isPending}
          >
            Revoke link
          </Button>
        </>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            The client opens the report without signing in, and can pick findings to have fixed.
          </p>
          <Button
            variant="outline"
            disabled={share.isPending}
            onClick={() =>
              share.mutate(undefined, {
                onError: (error) =>
                  toast.error('Error', {
                    description: errorMessage(error, 'Could not create the link.'),
                  }),
              })
            }
          >
            {share.isPending ? 'Creating...' : 'Create share link'}
          </Button>
        </>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Revoke this link?"
        description="Whoever has it will no longer open the report. A new link can be made later."
        cancelLabel="Keep link"
        confirmLabel="Revoke"
        destructive
        pending={revoke.isPending}
        onConfirm={() =>
          revoke.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              toast.success('Link revoked');
            },
            onError: (error) =>
              toast.error('Error', {
                description: errorMessage(error, 'Could not revoke the link.'),
              }),
          })
        }
      />
    </div>
  );
}

function SendReport({ inspection }: { inspection: InspectionDetail }) {
  const send = useSendInspectionReport(inspection.id);
  // The contact's address to start with: changed here for this sending only.
  const [email, setEmail] = useState(inspection.contactEmail ?? '');
  const [message, setMessage] = useState('');
  function submit(event: FormEvent) {
    event.preventDefault();
    send.mutate(
      { recipientEmail: email.trim(), message },
      {
        onSuccess: (result) => {
          if (result.sent) toast.success('Report sent', { description: email.trim() });
        },
      },
    );
  }
  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <h3 className="flex items-center gap-2 text-sm font-semibold">
        <Mail aria-hidden="true" className="size-4" /> Send by e-mail
      </h3>
      <FormField label="Client’s e-mail">
        <Input type="email" value={email} onChange={(e) => setEmail(e.target.value)} required />
      </FormField>
      <FormField label="Message" optional>
        <Textarea rows={2} value={message} onChange={(e) => setMessage(e.target.value)} />
      </FormField>
      {send.isError ? (
        <Alert tone="error">{errorMessage(send.error, 'Could not send the report.')}</Alert>
      ) : null}
      {send.data && !send.data.sent ? (
        <Alert tone="warning">{send.data.message ?? 'The e-mail was not sent.'}</Alert>
      ) : null}
      <SubmitButton pending={send.isPending} pendingLabel="Sending..." disabled={!email.trim()}>
        Send report
      </SubmitButton>
    </form>
  );
}

function FindingsToQuote({ inspection }: { inspection: InspectionDetail }) {
  const quote = useQuoteInspectionFindings(inspection.id);
  const [ticked, setTicked] = useState<string[]>([]);
  const total = inspection.findings
    .filter((f) => ticked.includes(f.id))
    .reduce((sum, f) => sum + f.priceCents, 0);
  return (
    <div className="space-y-2">
      <h3 className="flex items-center gap-2 text-sm font-semibold">
        <ReceiptText aria-hidden="true" className="size-4" /> Findings to a draft quote
      </h3>
      <fieldset className="space-y-1">
        <legend className="sr-only">Findings to quote</legend>
        {inspection.findings.map((finding) => (
          <label key={finding.id} className="flex min-h-11 items-center gap-3 text-sm">
            <input
              type="checkbox"
              className="size-5"
              checked={ticked.includes(finding.id)}
              onChange={(e) =>
                setTicked((current) =>
                  e.target.checked
                    ? [...current, finding.id]
                    : current.filter((id) => id !== finding.id),
                )
              }
            />
            <span className="min-w-0 flex-1">
              {finding.description}
              <span className="block text-xs text-muted-foreground">
                {finding.sectionTitle} · {finding.itemLabel}
              </span>
            </span>
            <span className="tabular-nums">{formatAmount(finding.priceCents)}</span>
          </label>
        ))}
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          disabled={ticked.length === 0 || quote.isPending}
          onClick={() => quote.mutate(ticked, { onSuccess: () => setTicked([]) })}
        >
          {quote.isPending ? 'Creating...' : `Create draft quote (${formatAmount(total)})`}
        </Button>
        {quote.data ? (
          <Link
            className="text-sm font-medium text-primary underline"
            to={`/quotes/${quote.data.requestId}`}
          >
            Open the draft quote
          </Link>
        ) : null}
      </div>
      {quote.isError ? (
        <Alert tone="error">{errorMessage(quote.error, 'Could not create the quote.')}</Alert>
      ) : null}
    </div>
  );
}

/** A finished inspection's report: the PDF for anyone who may open it; sharing and quoting for managers. */
export function ReportActions({ inspection }: { inspection: InspectionDetail }) {
  const { role } = useSession();
  const manages = hasBusinessManagerRights(role);
  return (
    <Card className="space-y-5 p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">Report</h2>
        <Button asChild variant="outline">
          <a href={inspectionPdfUrl(inspection.id)} download>
            <FileDown aria-hidden="true" />
            Download PDF
          </a>
        </Button>
      </div>
      {manages ? (
        <>
          <ShareLink inspection={inspection} />
          <SendReport inspection={inspection} />
          {inspection.findings.length > 0 ? <FindingsToQuote inspection={inspection} /> : null}
        </>
      ) : null}
      {inspection.quoteRequestIds.length > 0 ? (
        <div className="space-y-1">
          <h3 className="text-sm font-semibold">Quotes from this inspection</h3>
          <ul className="list-inside list-disc text-sm">
            {inspection.quoteRequestIds.map((id, index) => (
              <li key={id}>
                <Link className="text-primary underline" to={`/quotes/${id}`}>
                  Quote {index + 1}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </Card>
  );
}
