import { FIELD_LIMITS, sendInvoiceSchema, type InvoiceDetail } from '@crewdesk/domain';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { type ControlledDialogProps, DialogSubmitFooter, FormDialog } from '@/components/ui/dialog';
import { Input, Label, Textarea } from '@/components/ui/input';
import { useSendInvoice, type SendInvoiceAnswer } from '../api/send-invoice';
import { RequestErrorAlert } from '@/components/ui/request-error-alert';

/** The toast for each way a send can end (the server says which). */
export function toastDelivery(delivery: SendInvoiceAnswer['delivery']): void {
  if (delivery === 'sent') toast.success('Invoice sent');
  else if (delivery === 'kept')
    toast.success('Invoice saved to the outbox (no mail server is set up)');
  else toast.error('Email Not Sent');
}

/** 'Send': e-mails the invoice and the link to its page to the client. */
export function SendInvoiceDialog({
  invoice,
  open,
  onOpenChange,
}: {
  invoice: InvoiceDetail;
} & ControlledDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Send invoice ${invoice.number}`}
      description="The client gets an e-mail with a link to view the invoice, download it as a PDF and pay it."
    >
      {(close) => <SendForm invoice={invoice} onDone={close} />}
    </FormDialog>
  );
}

function SendForm({ invoice, onDone }: { invoice: InvoiceDetail; onDone: () => void }) {
  const ids = useId();
  const send = useSendInvoice();
  const [to, setTo] = useState(invoice.clientEmail);
  const [message, setMessage] = useState('');
  const [toError, setToError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = sendInvoiceSchema.safeParse({ to: to.trim(), message });
    if (!parsed.success) {
      setToError(parsed.error.issues[0]?.message ?? 'Enter a valid e-mail address');
      document.getElementById(`${ids}-to`)?.focus();
      return;
    }
    setToError(null);
    send.mutate(
      { id: invoice.id, body: { to: parsed.data.to, message: parsed.data.message } },
      {
        onSuccess: ({ delivery }) => {
          toastDelivery(delivery);
          // A refused mail leaves the dialog open to try again or fix the address.
          if (delivery !== 'failed') onDone();
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={submit} aria-label="Send invoice" className="space-y-4">
      <RequestErrorAlert request={send} fallback="Could not send the invoice. Try again." />
      <div className="space-y-1.5">
        <Label htmlFor={`${ids}-to`}>To</Label>
        <Input
          id={`${ids}-to`}
          type="email"
          value={to}
          onChange={(e) => setTo(e.target.value)}
          aria-invalid={toError ? true : undefined}
          aria-describedby={toError ? `${ids}-to-error` : undefined}
          autoComplete="off"
        />
        {toError ? (
          <p id={`${ids}-to-error`} className="text-sm text-destructive">
            {toError}
          </p>
        ) : null}
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${ids}-message`}>
          Message
          <span className="ml-1 font-normal text-muted-foreground">(optional)</span>
        </Label>
        <Textarea
          id={`${ids}-message`}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          maxLength={FIELD_LIMITS.text.longText}
        />
      </div>
      <DialogSubmitFooter pending={send.isPending} label="Send" pendingLabel="Sending..." />
    </form>
  );
}
