import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  FIELD_LIMITS,
  basisPointsToPercent,
  hasBusinessManagerRights,
  INVOICES_ROUTE_ROLES,
  invoiceNumberText,
  invoiceSettingsSchema,
  isRoleAllowed,
  PAYMENT_TERMS,
  PAYMENT_TERMS_LABELS,
  percentToBasisPoints,
  type InvoiceSettings,
  type InvoiceSettingsInput,
  type PaymentTerms,
} from '@crewdesk/domain';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { fieldClassName, Input, Label, Textarea } from '@/components/ui/input';
import { PageLoading } from '@/components/ui/page-loading';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import {
  invoiceSettingsQueryKey,
  invoiceSettingsQueryOptions,
  updateInvoiceSettings,
} from '@/entities/invoice/api/invoice-api';
import { useSession } from '@/lib/session/session-context';
import { RequestErrorAlert } from '@/components/ui/request-error-alert';
import { SubmitButton } from '@/components/ui/submit-button';
import { SelectOptions } from '@/components/ui/select-options';

interface SettingsValues {
  prefix: string;
  defaultPaymentTerms: PaymentTerms;
  taxRate: string;
  defaultTerms: string;
  paymentInstructions: string;
  remindersEnabled: boolean;
  /** '3, 7, -2' as typed. */
  reminderDays: string;
}

function valuesOf(settings: InvoiceSettings): SettingsValues {
  return {
    prefix: settings.prefix,
    defaultPaymentTerms: settings.defaultPaymentTerms,
    taxRate:
      settings.defaultTaxRateBasisPoints === 0
        ? ''
        : basisPointsToPercent(settings.defaultTaxRateBasisPoints),
    defaultTerms: settings.defaultTerms,
    paymentInstructions: settings.paymentInstructions,
    remindersEnabled: settings.remindersEnabled,
    reminderDays: settings.reminderOffsets.join(', '),
  };
}

/** The typed days as whole numbers; null when one of them is not. */
function parseDays(text: string): number[] | null {
  const parts = text
    .split(/[,\s]+/)
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.some((part) => !/^[-+]?\d+$/.test(part))) return null;
  return parts.map(Number);
}

function inputOf(values: SettingsValues): {
  input: InvoiceSettingsInput | null;
  errors: Record<string, string>;
} {
  const errors: Record<string, string> = {};
  const taxRate =
    values.taxRate.trim() === '' ? 0 : percentToBasisPoints(values.taxRate.replace('%', ''));
  const days = parseDays(values.reminderDays);
  if (taxRate === null) errors.defaultTaxRateBasisPoints = 'Tax rate must be a number';
  if (days === null) errors.reminderOffsets = 'Use whole numbers of days, separated by commas';
  const result = invoiceSettingsSchema.safeParse({
    prefix: values.prefix,
    defaultPaymentTerms: values.defaultPaymentTerms,
    defaultTaxRateBasisPoints: taxRate ?? 0,
    defaultTerms: values.defaultTerms,
    paymentInstructions: values.paymentInstructions,
    remindersEnabled: values.remindersEnabled,
    reminderOffsets: days ?? [],
  });
  if (!result.success)
    for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return { input: result.success && Object.keys(errors).length === 0 ? result.data : null, errors };
}

function SettingsForm({ settings, canEdit }: { settings: InvoiceSettings; canEdit: boolean }) {
  const ids = useId();
  const queryClient = useQueryClient();
  const [values, setValues] = useState(() => valuesOf(settings));
  const [submitted, setSubmitted] = useState(false);
  const { errors } = submitted ? inputOf(values) : { errors: {} as Record<string, string> };
  const save = useMutation({
    mutationFn: updateInvoiceSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(invoiceSettingsQueryKey, saved);
      setValues(valuesOf(saved));
      setSubmitted(false);
      toast.success('Invoice settings saved');
    },
  });
  const set = <K extends keyof SettingsValues>(key: K, value: SettingsValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    const { input, errors: found } = inputOf(values);
    if (!input) {
      const first = Object.keys(found)[0];
      if (first) document.getElementById(`${ids}-${first}`)?.focus();
      return;
    }
    save.mutate(input);
  }

  const field = (name: string, hinted = true) => ({
    id: `${ids}-${name}`,
    'aria-invalid': errors[name] ? (true as const) : undefined,
    'aria-describedby':
      [errors[name] ? `${ids}-${name}-error` : null, hinted ? `${ids}-${name}-hint` : null]
        .filter(Boolean)
        .join(' ') || undefined,
  });
  const error = (name: string) =>
    errors[name] ? (
      <p id={`${ids}-${name}-error`} className="text-sm text-destructive">
        {errors[name]}
      </p>
    ) : null;
  const nextNumber = invoiceNumberText(values.prefix.trim(), settings.nextNumber);

  return (
    <form noValidate onSubmit={submit} aria-label="Invoice settings" className="space-y-6">
      {canEdit ? null : (
        <Alert>Only the business owner, an admin or a manager can change these settings.</Alert>
      )}
      <RequestErrorAlert
        request={save}
        fallback="Could not save the invoice settings. Please try again."
      />
      <fieldset disabled={!canEdit || save.isPending} className="min-w-0 space-y-6">
        <Card className="space-y-4 p-5 sm:p-6">
          <h3 className="text-base font-semibold">Numbering</h3>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-1.5">
              <Label htmlFor={`${ids}-prefix`}>Number prefix</Label>
              <Input
                {...field('prefix')}
                value={values.prefix}
                maxLength={FIELD_LIMITS.text.invoicePrefix}
                onChange={(e) => set('prefix', e.target.value)}
              />
              <p id={`${ids}-prefix-hint`} className="text-xs text-muted-foreground">
                A new prefix applies from the next invoice.
              </p>
              {error('prefix')}
            </div>
            <div className="space-y-1.5">
              <Label htmlFor={`${ids}-next`}>Next number</Label>
              <Input
                id={`${ids}-next`}
                value={nextNumber}
                readOnly
                aria-readonly="true"
                tabIndex={-1}
              />
            </div>
          </div>
        </Card>

        <Card className="space-y-4 p-5 sm:p-6">
          <h3 className="text-base font-semibold">New invoices</h3>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-1.5">
              <Label htmlFor={`${ids}-defaultPaymentTerms`}>Default payment terms</Label>
              <select
                {...field('defaultPaymentTerms', false)}
                value={values.defaultPaymentTerms}
                onChange={(e) => set('defaultPaymentTerms', e.target.value as PaymentTerms)}
                className={cn(fieldClassName, 'h-10 py-2')}
              >
                <SelectOptions
                  values={PAYMENT_TERMS.filter((t) => t !== 'custom')}
                  label={(terms) => PAYMENT_TERMS_LABELS[terms]}
                />
              </select>
              {error('defaultPaymentTerms')}
            </div>
            <div className="space-y-1.5">
              <Label htmlFor={`${ids}-defaultTaxRateBasisPoints`}>Default tax rate %</Label>
              <Input
                {...field('defaultTaxRateBasisPoints')}
                inputMode="decimal"
                placeholder="0"
                value={values.taxRate}
                onChange={(e) => set('taxRate', e.target.value)}
              />
              <p
                id={`${ids}-defaultTaxRateBasisPoints-hint`}
                className="text-xs text-muted-foreground"
              >
                For example 8.25. Each invoice can change it.
              </p>
              {error('defaultTaxRateBasisPoints')}
            </div>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={`${ids}-defaultTerms`}>
              Default terms
              <span className="ml-1 font-normal text-muted-foreground">(optional)</span>
            </Label>
            <Textarea
              maxLength={FIELD_LIMITS.text.terms}
              {...field('defaultTerms')}
              value={values.defaultTerms}
              onChange={(e) => set('defaultTerms', e.target.value)}
              className="min-h-20"
            />
            <p id={`${ids}-defaultTerms-hint`} className="text-xs text-muted-foreground">
              Printed at the bottom of every new invoice.
            </p>
            {error('defaultTerms')}
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={`${ids}-paymentInstructions`}>
              Payment instructions
              <span className="ml-1 font-normal text-muted-foreground">(optional)</span>
            </Label>
            <Textarea
              maxLength={FIELD_LIMITS.text.longText}
              {...field('paymentInstructions')}
              value={values.paymentInstructions}
              onChange={(e) => set('paymentInstructions', e.target.value)}
              className="min-h-20"
            />
            <p id={`${ids}-paymentInstructions-hint`} className="text-xs text-muted-foreground">
              Shown to clients under “How to pay”: checks payable to, bank details...
            </p>
            {error('paymentInstructions')}
          </div>
        </Card>

        <Card className="space-y-4 p-5 sm:p-6">
          <h3 className="text-base font-semibold">Reminders</h3>
          <label className="flex min-h-10 items-center gap-3 text-sm font-medium">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={values.remindersEnabled}
              onChange={(e) => set('remindersEnabled', e.target.checked)}
            />
            E-mail reminders for unpaid invoices
          </label>
          <div className="space-y-1.5">
            <Label htmlFor={`${ids}-reminderOffsets`}>Reminder days</Label>
            <Input
              {...field('reminderOffsets')}
              value={values.reminderDays}
              placeholder="3, 7"
              onChange={(e) => set('reminderDays', e.target.value)}
              disabled={!values.remindersEnabled}
              className="block sm:w-64"
            />
            <p id={`${ids}-reminderOffsets-hint`} className="text-xs text-muted-foreground">
              Days after the due date; use a negative number for a reminder before it. Separate days
              with commas, at most 5.
            </p>
            {error('reminderOffsets')}
          </div>
        </Card>

        <Card className="space-y-2 p-5 sm:p-6">
          <h3 className="text-base font-semibold">Online payments</h3>
          <p className="text-sm">
            Online payments: <strong>{settings.onlinePaymentsEnabled ? 'on' : 'off'}</strong>
          </p>
          <p className="text-xs text-muted-foreground">
            {settings.onlinePaymentsEnabled
              ? 'Clients can pay by card from the invoice page.'
              : 'To let clients pay by card from the invoice page, set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET on the server.'}
          </p>
        </Card>
      </fieldset>
      {canEdit ? (
        <div className="flex justify-end">
          <SubmitButton pending={save.isPending} pendingLabel="Saving...">
            Save invoice settings
          </SubmitButton>
        </div>
      ) : null}
    </form>
  );
}

function InvoiceSettingsCard({ canEdit }: { canEdit: boolean }) {
  const settings = useQuery(invoiceSettingsQueryOptions());
  if (settings.isPending) return <PageLoading />;
  if (settings.isError) {
    return (
      <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
        <span>
          {errorMessage(settings.error, 'Could not load the invoice settings. Please try again.')}
        </span>
        <Button variant="outline" size="sm" onClick={() => void settings.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  return <SettingsForm settings={settings.data} canEdit={canEdit} />;
}

/** Settings → Invoices: numbering, defaults of a new invoice, reminders and online payment. */
export function InvoiceSettingsSection() {
  const { role, activeAccountId } = useSession();
  if (!isRoleAllowed(role, activeAccountId, INVOICES_ROUTE_ROLES)) {
    return <Alert>Invoices are not part of your role in this business.</Alert>;
  }
  return <InvoiceSettingsCard canEdit={hasBusinessManagerRights(role)} />;
}
