import {
  FIELD_LIMITS,
  MANUAL_PAYMENT_METHODS,
  PAYMENT_METHOD_LABELS,
  paymentInputSchema,
  type InvoiceDetail,
  type PaymentInputBody,
} from '@crewdesk/domain';
import { useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { type ControlledDialogProps, DialogSubmitFooter, FormDialog } from '@/components/ui/dialog';
import { fieldClassName, Input, Label, Textarea } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { newIdempotencyKey } from '../lib/idempotency-key';
import { useRecordPayment } from '../api/record-payment';
import { centsToInput, parseMoneyToCents, todayDate } from '../lib/invoice-text';
import { RequestErrorAlert } from '@/components/ui/request-error-alert';
import { SelectOptions } from '@/components/ui/select-options';

/** 'Record payment': cash, check, card, bank transfer or other, taken by the office. */
export function RecordPaymentDialog({
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
      title="Record payment"
      description={`For invoice ${invoice.number} · ${invoice.clientName}`}
    >
      {/* Mounted on each opening: one Idempotency-Key per opened dialog. */}
      {(close) => <PaymentForm invoice={invoice} onDone={close} />}
    </FormDialog>
  );
}

interface PaymentValues {
  method: string;
  amount: string;
  tip: string;
  paidOn: string;
  reference: string;
  notes: string;
}

function paymentBodyOf(values: PaymentValues): PaymentInputBody {
  return {
    method: values.method as PaymentInputBody['method'],
    amountCents: parseMoneyToCents(values.amount),
    tipCents: parseMoneyToCents(values.tip, 0),
    paidOn: values.paidOn,
    reference: values.reference,
    notes: values.notes,
  };
}

function validatePayment(values: PaymentValues): Record<string, string> {
  const body = paymentBodyOf(values);
  const errors: Record<string, string> = {};
  const result = paymentInputSchema.safeParse(body);
  if (!result.success)
    for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  if (Number.isNaN(body.amountCents)) errors.amountCents = 'Amount must be a number';
  if (Number.isNaN(body.tipCents)) errors.tipCents = 'Tip must be a number';
  if (!values.paidOn) errors.paidOn = 'Pick the date of the payment';
  return errors;
}

function PaymentForm({ invoice, onDone }: { invoice: InvoiceDetail; onDone: () => void }) {
  const ids = useId();
  // Made once, when the dialog opens; every retry or double click of this dialog reuses it.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const sending = useRef(false);
  const record = useRecordPayment();
  const [values, setValues] = useState<PaymentValues>({
    method: '',
    amount: invoice.balanceCents > 0 ? centsToInput(invoice.balanceCents) : '',
    tip: '',
    paidOn: todayDate(),
    reference: '',
    notes: '',
  });
  const [submitted, setSubmitted] = useState(false);
  const errors = submitted ? validatePayment(values) : {};
  const set = (key: keyof PaymentValues, value: string) =>
    setValues((v) => ({ ...v, [key]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (sending.current) return;
    setSubmitted(true);
    const found = validatePayment(values);
    const first = Object.keys(found)[0];
    if (first) {
      document.getElementById(`${ids}-${first}`)?.focus();
      return;
    }
    sending.current = true;
    record.mutate(
      { invoiceId: invoice.id, payment: paymentBodyOf(values), idempotencyKey },
      {
        onSuccess: () => {
          toast.success('Payment recorded');
          onDone();
        },
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  }

  const invalid = (path: string) =>
    errors[path]
      ? { 'aria-invalid': true as const, 'aria-describedby': `${ids}-${path}-error` }
      : {};
  const error = (path: string) =>
    errors[path] ? (
      <p id={`${ids}-${path}-error`} className="text-sm text-destructive">
        {errors[path]}
      </p>
    ) : null;

  return (
    <form noValidate onSubmit={submit} aria-label="Record payment" className="space-y-4">
      <RequestErrorAlert request={record} fallback="Could not record the payment. Try again." />
      <div className="space-y-1.5">
        <Label htmlFor={`${ids}-method`}>Method</Label>
        <select
          id={`${ids}-method`}
          value={values.method}
          onChange={(e) => set('method', e.target.value)}
          className={cn(fieldClassName, 'h-10 py-2')}
          {...invalid('method')}
        >
          <option value="" disabled>
            Choose how the client paid
          </option>
          <SelectOptions
            values={MANUAL_PAYMENT_METHODS}
            label={(method) => PAYMENT_METHOD_LABELS[method]}
          />
        </select>
        {error('method')}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor={`${ids}-amountCents`}>Amount $</Label>
          <Input
            id={`${ids}-amountCents`}
            inputMode="decimal"
            value={values.amount}
            onChange={(e) => set('amount', e.target.value)}
            {...invalid('amountCents')}
          />
          {error('amountCents')}
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${ids}-tipCents`}>
            Tip $<span className="ml-1 font-normal text-muted-foreground">(optional)</span>
          </Label>
          <Input
            id={`${ids}-tipCents`}
            inputMode="decimal"
            placeholder="0.00"
            value={values.tip}
            onChange={(e) => set('tip', e.target.value)}
            {...invalid('tipCents')}
          />
          {error('tipCents')}
        </div>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${ids}-paidOn`}>Date</Label>
        <Input
          id={`${ids}-paidOn`}
          type="date"
          value={values.paidOn}
          onChange={(e) => set('paidOn', e.target.value)}
          {...invalid('paidOn')}
        />
        {error('paidOn')}
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${ids}-reference`}>
          Reference<span className="ml-1 font-normal text-muted-foreground">(optional)</span>
        </Label>
        <Input
          id={`${ids}-reference`}
          value={values.reference}
          onChange={(e) => set('reference', e.target.value)}
          placeholder="Check number, transaction id..."
          maxLength={FIELD_LIMITS.text.paymentReference}
          {...invalid('reference')}
        />
        {error('reference')}
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${ids}-notes`}>
          Notes<span className="ml-1 font-normal text-muted-foreground">(optional)</span>
        </Label>
        <Textarea
          id={`${ids}-notes`}
          value={values.notes}
          onChange={(e) => set('notes', e.target.value)}
          className="min-h-20"
          maxLength={FIELD_LIMITS.text.paymentNotes}
          {...invalid('notes')}
        />
        {error('notes')}
      </div>
      <DialogSubmitFooter
        pending={record.isPending}
        label="Record payment"
        pendingLabel="Recording..."
      />
    </form>
  );
}
