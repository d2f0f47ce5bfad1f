import { useQuery } from '@tanstack/react-query';
import {
  FIELD_LIMITS,
  addressLine,
  lineTotalCents,
  PAYMENT_TERMS,
  PAYMENT_TERMS_LABELS,
  type InvoiceInputBody,
  type PaymentTerms,
} from '@crewdesk/domain';
import { Plus, Trash2 } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { ContactDialog } from '@/entities/customer/ui/contact-dialog';
import { CustomerSearchBox } from '@/entities/customer/ui/customer-search-box';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { fieldClassName, Input, Label, Textarea } from '@/components/ui/input';
import { useRevalidateAfterSubmit } from '@/components/ui/use-revalidate-after-submit';
import { cn } from '@/lib/cn';
import { customerQueryKey, getCustomer } from '@/entities/customer/api/customer-api';
import { customerChoiceOf, type Customer } from '@/entities/customer/model/customer';
import {
  blankLine,
  errorMessages,
  invoiceFormResolver,
  invoiceInputOf,
  liveFigures,
  shownDueDate,
  type FormErrors,
  type InvoiceFormValues,
  type LineValues,
} from '../lib/invoice-form';
import { formatDay } from '@/lib/format';
import { parseMoneyToCents, parseQuantity } from '../lib/invoice-text';
import { TotalLine } from './invoice-sections';
import { SubmitButton } from '@/components/ui/submit-button';
import { SelectOptions } from '@/components/ui/select-options';
import { formatAmount, moneySymbol } from '@/lib/money';

const selectClass = cn(fieldClassName, 'h-10 py-2');

/** A picked contact's name as the invoice bills it (as the server does for a job's client). */
export function billedNameOf(
  customer: Pick<Customer, 'firstName' | 'lastName' | 'company'>,
): string {
  const name = [customer.firstName.trim(), customer.lastName.trim()].filter(Boolean).join(' ');
  return name || customer.company?.trim() || '';
}

/** What picking a contact fills in: the name stays editable afterwards. */
export function clientFieldsOf(customer: Customer): Partial<InvoiceFormValues> {
  return {
    customerId: customer.id,
    clientName: billedNameOf(customer),
    clientEmail: customer.email ?? '',
    billingAddress: addressLine(customer),
  };
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm text-destructive">
      {message}
    </p>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="space-y-4 p-4 sm:p-5">
      <h2 className="text-base font-semibold">{title}</h2>
      {children}
    </Card>
  );
}

export interface InvoiceFormProps {
  initial: InvoiceFormValues;
  /** The contact the client fields came from, when the caller has it already. */
  initialCustomer?: Customer | null;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  onSubmit: (input: InvoiceInputBody) => void;
  onCancel: () => void;
  /** Above the fields: what the server said of the last save. */
  banner?: ReactNode;
  /** The accessible name of the form. */
  label: string;
}

/**
 * The invoice editor (spec: Invoices): client, dates and terms, lines, discount and tax, notes
 * and terms, with live totals from the domain's invoiceFigures. Checked with the domain schema
 * the server also applies; messages show next to their fields once Save was pressed.
 */
export function InvoiceForm({
  initial,
  initialCustomer = null,
  submitLabel,
  pendingLabel,
  pending,
  onSubmit,
  onCancel,
  banner,
  label,
}: InvoiceFormProps) {
  const ids = useId();
  const form = useForm<InvoiceFormValues>({
    resolver: invoiceFormResolver,
    defaultValues: initial,
    // Focus goes to the first field in error by its id; most fields are not registered inputs.
    shouldFocusError: false,
  });
  useRevalidateAfterSubmit(form);
  const values = useWatch({ control: form.control }) as InvoiceFormValues;
  const [picked, setPicked] = useState<Customer | null>(initialCustomer);
  const [addingContact, setAddingContact] = useState(false);
  const errors: FormErrors = errorMessages(form.formState.errors);
  const figures = liveFigures(values);
  const dueDate = shownDueDate(values);

  // A saved invoice names its contact by id: show it in the picker once it is loaded.
  const linked = useQuery({
    queryKey: customerQueryKey(values.customerId ?? ''),
    queryFn: ({ signal }) => getCustomer(values.customerId ?? '', signal),
    enabled: values.customerId !== null && picked?.id !== values.customerId,
  });
  const shownCustomer =
    picked?.id === values.customerId
      ? picked
      : linked.data?.id === values.customerId
        ? (linked.data ?? null)
        : null;

  const setMany = (changes: Partial<InvoiceFormValues>) =>
    Object.entries(changes).forEach(([key, value]) =>
      form.setValue(key as keyof InvoiceFormValues, value as never),
    );
  const set = <K extends keyof InvoiceFormValues>(key: K, value: InvoiceFormValues[K]) =>
    setMany({ [key]: value });
  const setLines = (change: (lines: LineValues[]) => LineValues[]) =>
    set('lines', change(form.getValues('lines')));
  const setLine = (key: string, patch: Partial<LineValues>) =>
    setLines((lines) => lines.map((line) => (line.key === key ? { ...line, ...patch } : line)));

  function pickCustomer(customer: Customer | null) {
    setPicked(customer);
    if (customer === null) {
      // Clearing unlinks the contact; what was filled in stays, to edit or replace.
      set('customerId', null);
      return;
    }
    setMany(clientFieldsOf(customer));
  }

  function changeTerms(terms: PaymentTerms) {
    const v = form.getValues();
    setMany({
      paymentTerms: terms,
      // Custom starts from the date the old terms gave, so only a change is needed.
      dueDate: terms === 'custom' ? v.dueDate || shownDueDate(v) : v.dueDate,
    });
  }

  const submit = form.handleSubmit(
    (valid) => onSubmit(invoiceInputOf(valid)),
    (found) => {
      const first = Object.keys(errorMessages(found))[0];
      if (!first) return;
      const target =
        document.getElementById(`${ids}-${first}`) ??
        document.getElementById(`${ids}-${first.split('.')[0]}`);
      target?.focus();
    },
  );

  const fieldId = (path: string) => `${ids}-${path}`;
  const errorId = (path: string) => `${ids}-${path}-error`;
  const invalid = (path: string) =>
    errors[path]
      ? { 'aria-invalid': true as const, 'aria-describedby': errorId(path) }
      : { 'aria-invalid': undefined };

  return (
    <form noValidate onSubmit={submit} aria-label={label} className="space-y-4">
      {banner}
      <fieldset disabled={pending} className="min-w-0 space-y-4">
        <div className="grid gap-4 lg:grid-cols-2">
          <Section title="Client">
            <div className="space-y-1.5">
              <Label htmlFor={fieldId('customer')}>
                Client
                <span className="ml-1 font-normal text-muted-foreground">(optional)</span>
              </Label>
              <CustomerSearchBox
                id={fieldId('customer')}
                value={shownCustomer && customerChoiceOf(shownCustomer)}
                onChange={pickCustomer}
                onAddNew={() => setAddingContact(true)}
                disabled={pending}
              />
              <p className="text-xs text-muted-foreground">
                Pick a contact to fill in the name, e-mail and billing address.
              </p>
            </div>
            <div className="space-y-1.5">
              <Label htmlFor={fieldId('clientName')}>Client name</Label>
              <Input
                id={fieldId('clientName')}
                value={values.clientName}
                onChange={(e) => set('clientName', e.target.value)}
                autoComplete="off"
                maxLength={FIELD_LIMITS.text.fullName}
                {...invalid('clientName')}
              />
              <FieldError id={errorId('clientName')} message={errors.clientName} />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor={fieldId('clientEmail')}>
                Client e-mail
                <span className="ml-1 font-normal text-muted-foreground">(optional)</span>
              </Label>
              <Input
                id={fieldId('clientEmail')}
                type="email"
                value={values.clientEmail}
                onChange={(e) => set('clientEmail', e.target.value)}
                autoComplete="off"
                {...invalid('clientEmail')}
              />
              <FieldError id={errorId('clientEmail')} message={errors.clientEmail} />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor={fieldId('billingAddress')}>
                Billing address
                <span className="ml-1 font-normal text-muted-foreground">(optional)</span>
              </Label>
              <Textarea
                id={fieldId('billingAddress')}
                value={values.billingAddress}
                maxLength={FIELD_LIMITS.text.multilineAddress}
                onChange={(e) => set('billingAddress', e.target.value)}
                className="min-h-20"
                {...invalid('billingAddress')}
              />
              <FieldError id={errorId('billingAddress')} message={errors.billingAddress} />
            </div>
          </Section>

          <Section title="Dates and terms">
            <div className="space-y-1.5">
              <Label htmlFor={fieldId('issueDate')}>Issue date</Label>
              <Input
                id={fieldId('issueDate')}
                type="date"
                value={values.issueDate}
                onChange={(e) => set('issueDate', e.target.value)}
                {...invalid('issueDate')}
              />
              <FieldError id={errorId('issueDate')} message={errors.issueDate} />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor={fieldId('paymentTerms')}>Payment terms</Label>
              <select
                id={fieldId('paymentTerms')}
                value={values.paymentTerms}
                onChange={(e) => changeTerms(e.target.value as PaymentTerms)}
                className={selectClass}
              >
                <SelectOptions
                  values={PAYMENT_TERMS}
                  label={(terms) => PAYMENT_TERMS_LABELS[terms]}
                />
              </select>
            </div>
            {values.paymentTerms === 'custom' ? (
              <div className="space-y-1.5">
                <Label htmlFor={fieldId('dueDate')}>Due date</Label>
                <Input
                  id={fieldId('dueDate')}
                  type="date"
                  value={values.dueDate}
                  min={values.issueDate || undefined}
                  onChange={(e) => set('dueDate', e.target.value)}
                  {...invalid('dueDate')}
                />
                <FieldError id={errorId('dueDate')} message={errors.dueDate} />
              </div>
            ) : (
              <div className="space-y-1.5">
                <p className="text-sm font-medium leading-none">Due date</p>
                <p className="text-sm" aria-label="Due date">
                  {dueDate ? formatDay(dueDate) : '—'}
                </p>
                <p className="text-xs text-muted-foreground">
                  Set by the payment terms; choose Custom to pick a date.
                </p>
              </div>
            )}
          </Section>
        </div>

        <Section title="Line items">
          <ol className="space-y-3" aria-label="Line items">
            {values.lines.map((line, i) => (
              <LineRow
                key={line.key}
                line={line}
                index={i}
                fieldId={fieldId}
                errorId={errorId}
                errors={errors}
                canRemove={values.lines.length > 1}
                onChange={(patch) => setLine(line.key, patch)}
                onRemove={() => setLines((lines) => lines.filter((l) => l.key !== line.key))}
              />
            ))}
          </ol>
          <FieldError id={errorId('lineItems')} message={errors.lineItems} />
          <Button
            variant="outline"
            id={fieldId('lineItems')}
            onClick={() => setLines((lines) => [...lines, blankLine()])}
            disabled={values.lines.length >= 100}
          >
            <Plus aria-hidden="true" />
            Add line item
          </Button>
        </Section>

        <div className="grid gap-4 lg:grid-cols-2">
          <Section title="Discount and tax">
            <fieldset className="space-y-1.5">
              <legend className="mb-1.5 text-sm font-medium leading-none">Discount</legend>
              <div className="flex gap-2">
                <select
                  aria-label="Discount type"
                  value={values.discountKind}
                  onChange={(e) =>
                    set('discountKind', e.target.value as InvoiceFormValues['discountKind'])
                  }
                  className={cn(selectClass, 'w-36 shrink-0')}
                >
                  <option value="amount">{moneySymbol()} amount</option>
                  <option value="percent">% percent</option>
                </select>
                <Input
                  id={fieldId('discountValue')}
                  aria-label={values.discountKind === 'percent' ? 'Discount %' : 'Discount $'}
                  inputMode="decimal"
                  placeholder={values.discountKind === 'percent' ? '0' : '0.00'}
                  value={values.discount}
                  onChange={(e) => set('discount', e.target.value)}
                  {...invalid('discountValue')}
                />
              </div>
              <FieldError id={errorId('discountValue')} message={errors.discountValue} />
            </fieldset>
            <div className="space-y-1.5">
              <Label htmlFor={fieldId('taxRateBasisPoints')}>Tax rate %</Label>
              <Input
                id={fieldId('taxRateBasisPoints')}
                inputMode="decimal"
                placeholder="0"
                value={values.taxRate}
                onChange={(e) => set('taxRate', e.target.value)}
                className="block sm:w-40"
                {...invalid('taxRateBasisPoints')}
              />
              <FieldError id={errorId('taxRateBasisPoints')} message={errors.taxRateBasisPoints} />
              <p className="text-xs text-muted-foreground">Applies to the taxable lines.</p>
            </div>
          </Section>

          <Card className="p-4 sm:p-5">
            <h2 className="text-base font-semibold">Totals</h2>
            <dl className="mt-3 space-y-2 text-sm" aria-live="polite" aria-label="Totals">
              <TotalRow label="Subtotal" cents={figures.subtotalCents} />
              <TotalRow label="Discount" cents={-figures.discountCents} />
              <TotalRow label="Tax" cents={figures.taxCents} />
              <TotalRow label="Total" cents={figures.totalCents} strong />
            </dl>
          </Card>
        </div>

        <Section title="Notes and terms">
          <div className="space-y-1.5">
            <Label htmlFor={fieldId('notes')}>
              Notes
              <span className="ml-1 font-normal text-muted-foreground">(optional)</span>
            </Label>
            <Textarea
              id={fieldId('notes')}
              value={values.notes}
              maxLength={FIELD_LIMITS.text.notes}
              onChange={(e) => set('notes', e.target.value)}
              className="min-h-20"
              {...invalid('notes')}
            />
            <FieldError id={errorId('notes')} message={errors.notes} />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={fieldId('terms')}>
              Terms
              <span className="ml-1 font-normal text-muted-foreground">(optional)</span>
            </Label>
            <Textarea
              id={fieldId('terms')}
              value={values.terms}
              maxLength={FIELD_LIMITS.text.terms}
              onChange={(e) => set('terms', e.target.value)}
              className="min-h-20"
              {...invalid('terms')}
            />
            <FieldError id={errorId('terms')} message={errors.terms} />
          </div>
        </Section>
      </fieldset>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <SubmitButton pending={pending} pendingLabel={pendingLabel}>
          {submitLabel}
        </SubmitButton>
      </div>

      <ContactDialog
        open={addingContact}
        onOpenChange={setAddingContact}
        onSaved={(customer) => pickCustomer(customer)}
      />
    </form>
  );
}

function TotalRow({
  label,
  cents,
  strong = false,
}: {
  label: string;
  cents: number;
  strong?: boolean;
}) {
  return (
    <TotalLine
      label={label}
      value={cents < 0 ? `−${formatAmount(-cents)}` : formatAmount(Math.abs(cents))}
      strong={strong}
      labelledValue
    />
  );
}

function LineRow({
  line,
  index,
  fieldId,
  errorId,
  errors,
  canRemove,
  onChange,
  onRemove,
}: {
  line: LineValues;
  index: number;
  fieldId: (path: string) => string;
  errorId: (path: string) => string;
  errors: FormErrors;
  canRemove: boolean;
  onChange: (patch: Partial<LineValues>) => void;
  onRemove: () => void;
}) {
  const path = (field: string) => `lineItems.${index}.${field}`;
  const quantity = parseQuantity(line.quantity);
  const price = parseMoneyToCents(line.unitPrice);
  const total =
    Number.isFinite(quantity) && Number.isFinite(price)
      ? lineTotalCents({ quantity, unitPriceCents: price })
      : 0;
  const field = (name: string) => {
    const p = path(name);
    return {
      id: fieldId(p),
      'aria-invalid': errors[p] ? (true as const) : undefined,
      'aria-describedby': errors[p] ? errorId(p) : undefined,
    };
  };
  return (
    <li>
      {/* A list holds list items only; the line's fields are a named group inside its item. */}
      <div
        role="group"
        aria-label={`Line ${index + 1}`}
        className="grid grid-cols-2 gap-3 rounded-md border p-3 lg:grid-cols-[minmax(0,1fr)_6rem_8rem_auto] lg:items-start"
      >
        <div className="col-span-2 space-y-1.5 lg:col-span-1">
          <Label htmlFor={fieldId(path('description'))} className="text-xs text-muted-foreground">
            Description
          </Label>
          <Input
            value={line.description}
            onChange={(e) => onChange({ description: e.target.value })}
            maxLength={FIELD_LIMITS.text.lineItemDescription}
            {...field('description')}
          />
          <FieldError id={errorId(path('description'))} message={errors[path('description')]} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={fieldId(path('quantity'))} className="text-xs text-muted-foreground">
            Qty
          </Label>
          <Input
            inputMode="decimal"
            value={line.quantity}
            onChange={(e) => onChange({ quantity: e.target.value })}
            {...field('quantity')}
          />
          <FieldError id={errorId(path('quantity'))} message={errors[path('quantity')]} />
        </div>
        <div className="space-y-1.5">
          <Label
            htmlFor={fieldId(path('unitPriceCents'))}
            className="text-xs text-muted-foreground"
          >
            Unit price $
          </Label>
          <Input
            inputMode="decimal"
            placeholder="0.00"
            value={line.unitPrice}
            onChange={(e) => onChange({ unitPrice: e.target.value })}
            {...field('unitPriceCents')}
          />
          <FieldError
            id={errorId(path('unitPriceCents'))}
            message={errors[path('unitPriceCents')]}
          />
        </div>
        <div className="col-span-2 flex items-center gap-3 lg:col-span-1 lg:mt-6">
          <label className="flex min-h-10 items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={line.taxable}
              onChange={(e) => onChange({ taxable: e.target.checked })}
            />
            Taxable
          </label>
          <p className="ml-auto flex min-h-10 items-center text-sm tabular-nums lg:w-24 lg:justify-end">
            <span className="mr-1 text-muted-foreground lg:sr-only">Line total</span>
            <span aria-label={`Line ${index + 1} total`}>{formatAmount(total)}</span>
          </p>
          <Button
            variant="ghost"
            size="icon"
            onClick={onRemove}
            disabled={!canRemove}
            aria-label={`Remove line ${index + 1}`}
            className="text-muted-foreground"
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      </div>
    </li>
  );
}
