import {
  FIELD_LIMITS,
  JOB_PRICE_MAX_CENTS,
  lineTotalCents,
  REQUIRED_MESSAGE,
  tooLongMessage,
  type JobDetail,
  type JobLineItem,
} from '@crewdesk/domain';
import { Plus, X } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { useUpdateJobFields } from '../api/update-job';
import { Section } from './job-sections';
import { SubmitButton } from '@/components/ui/submit-button';
import { amountText, formatAmount, moneySymbol, toMinor } from '@/lib/money';

/** The server's limits on a visit's lines (jobInputSchema, jobLineItemSchema). */
const MAX_LINES = 100;
const MAX_QUANTITY = 100_000;

export const QUANTITY_MESSAGE = 'Quantity must be more than 0';
export const UNIT_PRICE_MESSAGE = 'Enter a price of $0 or more.';

/** One line as typed: quantity and unit price (dollars) stay text until saved. */
interface LineDraft {
  key: number;
  description: string;
  quantity: string;
  unitPrice: string;
}

type LineField = 'description' | 'quantity' | 'unitPrice';
type LineErrors = Partial<Record<LineField, string>>;

let nextKey = 0;

function draftOf(item: JobLineItem): LineDraft {
  return {
    key: nextKey++,
    description: item.description,
    quantity: String(item.quantity),
    unitPrice: amountText(item.unitPriceCents),
  };
}

function emptyLine(): LineDraft {
  return { key: nextKey++, description: '', quantity: '1', unitPrice: '' };
}

/** The line as the API takes it, or what is wrong with it. */
export function parseLine(line: LineDraft): { item: JobLineItem } | { errors: LineErrors } {
  const errors: LineErrors = {};
  const description = line.description.trim();
  const quantity = line.quantity.trim() === '' ? Number.NaN : Number(line.quantity);
  const dollars = line.unitPrice.trim() === '' ? Number.NaN : Number(line.unitPrice);
  if (description === '') errors.description = REQUIRED_MESSAGE;
  else if (description.length > FIELD_LIMITS.text.label)
    errors.description = tooLongMessage('Description', FIELD_LIMITS.text.label);
  if (!(quantity > 0)) errors.quantity = QUANTITY_MESSAGE;
  else if (quantity > MAX_QUANTITY) errors.quantity = `Quantity can be at most ${MAX_QUANTITY}`;
  const unitPriceCents = dollars >= 0 ? toMinor(dollars) : Number.NaN;
  if (!(unitPriceCents >= 0)) errors.unitPrice = UNIT_PRICE_MESSAGE;
  else if (unitPriceCents > JOB_PRICE_MAX_CENTS)
    errors.unitPrice = `Enter a price of at most ${formatAmount(JOB_PRICE_MAX_CENTS)}.`;
  if (Object.keys(errors).length > 0) return { errors };
  return { item: { description, quantity, unitPriceCents } };
}

/**
 * A dispatcher's editor of the visit's line items. The lines are a draft until saved; the saved
 * visit's price is then their total (the server sets it).
 */
export function LineItemsSection({ job }: { job: JobDetail }) {
  const update = useUpdateJobFields();
  const ids = useId();
  const [saved, setSaved] = useState(job.lineItems);
  const [lines, setLines] = useState<LineDraft[]>(() => job.lineItems.map(draftOf));
  const [submitted, setSubmitted] = useState(false);

  // The visit changed elsewhere (a save here, another tab): start again from its lines.
  if (saved !== job.lineItems) {
    setSaved(job.lineItems);
    if (JSON.stringify(saved) !== JSON.stringify(job.lineItems)) {
      setLines(job.lineItems.map(draftOf));
      setSubmitted(false);
    }
  }

  const parsed = lines.map(parseLine);
  const subtotal = parsed.reduce((sum, p) => sum + ('item' in p ? lineTotalCents(p.item) : 0), 0);
  const items = parsed.flatMap((p) => ('item' in p ? [p.item] : []));
  const dirty =
    items.length !== parsed.length || JSON.stringify(items) !== JSON.stringify(job.lineItems);
  const busy = update.isPending;

  const set = (key: number, field: LineField, value: string) =>
    setLines((all) => all.map((l) => (l.key === key ? { ...l, [field]: value } : l)));

  function addLine() {
    const line = emptyLine();
    setLines((all) => [...all, line]);
    // Focus the new line's description once it is drawn.
    requestAnimationFrame(() => document.getElementById(`${ids}-${line.key}-description`)?.focus());
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    const first = parsed.findIndex((p) => 'errors' in p);
    const wrong = parsed[first];
    if (wrong && 'errors' in wrong) {
      const field = (['description', 'quantity', 'unitPrice'] as const).find(
        (f) => wrong.errors[f],
      );
      document.getElementById(`${ids}-${lines[first]?.key}-${field}`)?.focus();
      return;
    }
    update.mutate(
      {
        job,
        // With lines the server prices the visit at their total; without, the price stays.
        changes: { lineItems: items, priceCents: items.length > 0 ? subtotal : job.priceCents },
      },
      {
        onSuccess: (answer) =>
          toast.success('Line items saved', {
            description:
              answer.lineItems.length > 0 ? `Price: ${formatAmount(answer.priceCents)}` : undefined,
          }),
        onError: (error) =>
          toast.error('Error', {
            description: errorMessage(error, 'Could not save the line items.'),
          }),
      },
    );
  }

  function discard() {
    setLines(job.lineItems.map(draftOf));
    setSubmitted(false);
  }

  const fieldId = (line: LineDraft, field: LineField) => `${ids}-${line.key}-${field}`;

  return (
    <Section title="Line items">
      <form onSubmit={submit} noValidate className="@container">
        {lines.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No line items. Without lines the price is set in Edit.
          </p>
        ) : (
          <div>
            <div
              aria-hidden="true"
              className="hidden gap-2 border-b pb-1.5 text-xs font-medium text-muted-foreground @lg:grid @lg:grid-cols-[minmax(0,1fr)_5rem_7rem_6rem_2.25rem]"
            >
              <span>Description</span>
              <span>Qty</span>
              <span>Unit price ({moneySymbol()})</span>
              <span className="text-right">Amount</span>
              <span />
            </div>
            <ul className="divide-y">
              {lines.map((line, i) => {
                const p = parsed[i];
                const errors = submitted && p && 'errors' in p ? p.errors : {};
                const amount = p && 'item' in p ? formatAmount(lineTotalCents(p.item)) : '—';
                const field = (name: LineField, label: string, input: ReactNode) => (
                  <div className="min-w-0 space-y-1">
                    <label
                      htmlFor={fieldId(line, name)}
                      className="text-xs font-medium text-muted-foreground @lg:sr-only"
                    >
                      {label}
                    </label>
                    {input}
                    {errors[name] ? (
                      <p id={`${fieldId(line, name)}-error`} className="text-xs text-destructive">
                        {errors[name]}
                      </p>
                    ) : null}
                  </div>
                );
                const invalid = (name: LineField) =>
                  errors[name]
                    ? { 'aria-invalid': true, 'aria-describedby': `${fieldId(line, name)}-error` }
                    : {};
                return (
                  <li key={line.key}>
                    <fieldset
                      className="grid min-w-0 grid-cols-2 gap-2 py-3 @lg:grid-cols-[minmax(0,1fr)_5rem_7rem_6rem_2.25rem] @lg:items-start @lg:py-2"
                      disabled={busy}
                    >
                      <legend className="sr-only">Line {i + 1}</legend>
                      <div className="col-span-2 @lg:col-span-1">
                        {field(
                          'description',
                          'Description',
                          <Input
                            id={fieldId(line, 'description')}
                            value={line.description}
                            onChange={(e) => set(line.key, 'description', e.target.value)}
                            maxLength={FIELD_LIMITS.text.label}
                            autoComplete="off"
                            className="h-11 @lg:h-9"
                            {...invalid('description')}
                          />,
                        )}
                      </div>
                      {field(
                        'quantity',
                        'Quantity',
                        <Input
                          id={fieldId(line, 'quantity')}
                          type="number"
                          inputMode="decimal"
                          min={0}
                          step="any"
                          value={line.quantity}
                          onChange={(e) => set(line.key, 'quantity', e.target.value)}
                          className="h-11 @lg:h-9"
                          {...invalid('quantity')}
                        />,
                      )}
                      {field(
                        'unitPrice',
                        `Unit price (${moneySymbol()})`,
                        <Input
                          id={fieldId(line, 'unitPrice')}
                          type="number"
                          inputMode="decimal"
                          min={0}
                          step="0.01"
                          placeholder="0.00"
                          value={line.unitPrice}
                          onChange={(e) => set(line.key, 'unitPrice', e.target.value)}
                          className="h-11 @lg:h-9"
                          {...invalid('unitPrice')}
                        />,
                      )}
                      <p className="col-span-1 flex items-center text-sm tabular-nums @lg:h-9 @lg:justify-end">
                        <span className="mr-1 text-muted-foreground @lg:sr-only">Amount</span>
                        {amount}
                      </p>
                      <div className="flex justify-end">
                        <Button
                          variant="ghost"
                          size="icon"
                          className="size-11 text-muted-foreground @lg:size-9"
                          aria-label={`Remove line ${i + 1}`}
                          onClick={() => setLines((all) => all.filter((l) => l.key !== line.key))}
                        >
                          <X aria-hidden="true" />
                        </Button>
                      </div>
                    </fieldset>
                  </li>
                );
              })}
            </ul>
          </div>
        )}

        {lines.length > 0 ? (
          <div className="mt-2 border-t pt-2 text-sm">
            <p className="flex items-baseline justify-between">
              <span className="text-muted-foreground">Subtotal</span>
              <span className="font-semibold tabular-nums" data-testid="line-items-subtotal">
                {formatAmount(subtotal)}
              </span>
            </p>
            <p className="mt-1 text-xs text-muted-foreground">
              Once saved, the job&apos;s price is the total of its lines.
            </p>
          </div>
        ) : null}

        <div className="mt-3 grid gap-2 @sm:flex @sm:flex-wrap">
          <Button
            variant="outline"
            className="h-11 @lg:h-9"
            onClick={addLine}
            disabled={busy || lines.length >= MAX_LINES}
          >
            <Plus aria-hidden="true" />
            Add line
          </Button>
          {dirty ? (
            <>
              <Button
                variant="ghost"
                className="h-11 @sm:ml-auto @lg:h-9"
                disabled={busy}
                onClick={discard}
              >
                Discard changes
              </Button>
              <SubmitButton pending={busy} pendingLabel="Saving..." className="h-11 @lg:h-9">
                Save line items
              </SubmitButton>
            </>
          ) : null}
        </div>
      </form>
    </Section>
  );
}
