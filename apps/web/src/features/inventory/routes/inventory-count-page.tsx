import {
  FIELD_LIMITS,
  formatQuantity,
  INVENTORY_MESSAGES,
  quantityFitsUnit,
  type InventoryItem,
} from '@crewdesk/domain';
import { ClipboardList, FileQuestion } from 'lucide-react';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { BackLink } from '@/components/back-link';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Input, Label, Textarea } from '@/components/ui/input';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { PageHeader } from '@/components/ui/page-header';
import { PageLoading } from '@/components/ui/page-loading';
import { RequestErrorAlert } from '@/components/ui/request-error-alert';
import { SubmitButton } from '@/components/ui/submit-button';
import {
  INVENTORY_WHOLE_LIST,
  useInventoryItems,
  useInventoryLocations,
  useRecordCount,
} from '@/entities/inventory/api/inventory-api';
import {
  LOCATION_KIND_LABELS,
  newClientId,
  parseQuantityInput,
  quantityWithUnit,
} from '@/entities/inventory/model/inventory-text';
import { cn } from '@/lib/cn';

interface CountLine {
  item: InventoryItem;
  expected: number;
}

function lineError(line: CountLine, text: string): string | null {
  if (text.trim() === '') return null;
  const counted = parseQuantityInput(text);
  if (Number.isNaN(counted)) return 'Enter a number.';
  if (counted < 0) return 'Counted quantity cannot be negative.';
  if (!quantityFitsUnit(counted, line.item.unit))
    return INVENTORY_MESSAGES.decimalsNotAllowed(line.item.unit);
  if (Math.abs(counted * 1000 - Math.round(counted * 1000)) > 1e-6)
    return 'At most three decimal places.';
  return null;
}

function Difference({ line, text }: { line: CountLine; text: string }) {
  if (text.trim() === '' || lineError(line, text))
    return <span className="text-muted-foreground">—</span>;
  const diff = Math.round((parseQuantityInput(text) - line.expected) * 1000) / 1000;
  if (diff === 0) return <span className="text-muted-foreground">Matches</span>;
  return (
    <span className={cn('font-medium', diff < 0 ? 'text-destructive' : 'text-success')}>
      {diff > 0 ? '+' : '−'}
      {formatQuantity(Math.abs(diff))}
    </span>
  );
}

function CountForm({ locationId, lines }: { locationId: string; lines: CountLine[] }) {
  const ids = useId();
  const [clientId, setClientId] = useState(newClientId);
  const record = useRecordCount();
  const [counted, setCounted] = useState<Record<string, string>>({});
  const [reason, setReason] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [done, setDone] = useState<number | null>(null);

  const entered = lines.filter((l) => (counted[l.item.id] ?? '').trim() !== '');
  const errors = Object.fromEntries(
    lines.map((l) => [l.item.id, lineError(l, counted[l.item.id] ?? '')]),
  );
  const hasLineErrors = entered.some((l) => errors[l.item.id]);
  const differences = entered.filter(
    (l) => !errors[l.item.id] && parseQuantityInput(counted[l.item.id]!) !== l.expected,
  ).length;
  const reasonError = submitted && reason.trim() === '' ? INVENTORY_MESSAGES.reasonRequired : null;
  const nothingError = submitted && entered.length === 0 ? 'Count at least one item.' : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (record.isPending) return;
    setSubmitted(true);
    if (entered.length === 0 || hasLineErrors || reason.trim() === '') return;
    record.mutate(
      {
        clientId,
        locationId,
        reason: reason.trim(),
        lines: entered.map((l) => ({
          itemId: l.item.id,
          counted: parseQuantityInput(counted[l.item.id]!),
        })),
      },
      {
        onSuccess: (result) => {
          const n = result.adjustments.length;
          toast.success('Count recorded', {
            description:
              n === 0
                ? 'Everything matched.'
                : `${n} ${n === 1 ? 'adjustment' : 'adjustments'} recorded.`,
          });
          setDone(n);
          setCounted({});
          setReason('');
          setSubmitted(false);
          setClientId(newClientId());
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={submit} aria-label="Stock take" className="space-y-4">
      {done !== null ? (
        <Alert tone="success">
          Count recorded:{' '}
          {done === 0
            ? 'everything matched.'
            : `${done} ${done === 1 ? 'adjustment' : 'adjustments'} recorded.`}
        </Alert>
      ) : null}
      <RequestErrorAlert request={record} fallback="Could not record the count. Try again." />
      <Card className="p-4 sm:p-5">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Items to count</caption>
          <thead className="border-b text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">
                Item
              </th>
              <th scope="col" className="hidden py-2 pr-3 text-right font-medium sm:table-cell">
                Expected
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Counted
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Difference
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {lines.map((line) => {
              const id = `${ids}-${line.item.id}`;
              const text = counted[line.item.id] ?? '';
              const error = errors[line.item.id];
              return (
                <tr key={line.item.id} className="align-top">
                  <td className="py-2.5 pr-3">
                    <label htmlFor={id} className="font-medium">
                      {line.item.name}
                    </label>
                    <p className="text-xs text-muted-foreground sm:hidden">
                      Expected {quantityWithUnit(line.expected, line.item.unit)}
                    </p>
                  </td>
                  <td className="hidden py-2.5 pr-3 text-right sm:table-cell">
                    {quantityWithUnit(line.expected, line.item.unit)}
                  </td>
                  <td className="py-2 pr-3">
                    <Input
                      id={id}
                      inputMode="decimal"
                      className="w-24"
                      value={text}
                      placeholder={formatQuantity(line.expected)}
                      onChange={(e) =>
                        setCounted((c) => ({ ...c, [line.item.id]: e.target.value }))
                      }
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `${id}-error` : undefined}
                    />
                    {error ? (
                      <p id={`${id}-error`} className="mt-1 text-xs text-destructive">
                        {error}
                      </p>
                    ) : null}
                  </td>
                  <td className="py-2.5 text-right" aria-live="polite">
                    <Difference line={line} text={text} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </Card>
      <p className="text-sm" aria-live="polite">
        {entered.length} of {lines.length} counted · {differences}{' '}
        {differences === 1 ? 'difference' : 'differences'}
      </p>
      {nothingError ? <p className="text-sm text-destructive">{nothingError}</p> : null}
      <div className="space-y-1.5">
        <Label htmlFor={`${ids}-reason`}>Reason</Label>
        <Textarea
          id={`${ids}-reason`}
          className="min-h-16"
          value={reason}
          maxLength={FIELD_LIMITS.text.longText}
          placeholder="Monthly count on the shelf"
          onChange={(e) => setReason(e.target.value)}
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={reasonError ? `${ids}-reason-error` : undefined}
        />
        {reasonError ? (
          <p id={`${ids}-reason-error`} className="text-sm text-destructive">
            {reasonError}
          </p>
        ) : null}
      </div>
      <div className="flex justify-end">
        <SubmitButton
          pending={record.isPending}
          pendingLabel="Recording..."
          className="h-11 w-full sm:h-10 sm:w-auto"
        >
          Confirm count
        </SubmitButton>
      </div>
    </form>
  );
}

const ALL = { q: '', category: '', locationId: '', low: false };

/** /inventory/counts/:id: a location's stock-take; each difference becomes an adjustment. */
export function InventoryCountPage() {
  const { id = '' } = useParams();
  const locations = useInventoryLocations();
  const known = locations.data?.some((l) => l.id === id) ?? false;
  // Asked for once the location is known: a stale link says so without a failed request.
  const held = useInventoryItems(
    { ...ALL, locationId: id },
    { limit: INVENTORY_WHOLE_LIST, enabled: known },
  );
  const [everything, setEverything] = useState(false);
  const all = useInventoryItems(ALL, { limit: INVENTORY_WHOLE_LIST, enabled: everything });
  const location = locations.data?.find((l) => l.id === id) ?? null;

  const lines = useMemo(() => {
    const expected = new Map(
      (held.data?.pages.flatMap((p) => p.items) ?? []).map((i) => [i.id, i.onHand]),
    );
    const pool = everything
      ? (all.data?.pages.flatMap((p) => p.items) ?? [])
      : (held.data?.pages.flatMap((p) => p.items) ?? []);
    return pool.map((item) => ({ item, expected: expected.get(item.id) ?? 0 }));
  }, [held.data, all.data, everything]);

  if (locations.isPending || (known && held.isPending)) return <PageLoading />;
  const failed = locations.isError ? locations : held.isError ? held : null;
  if (failed)
    return (
      <>
        <h1 className="sr-only">Stock take</h1>
        <LoadErrorAlert
          title="Could not load the stock of this location"
          error={failed.error}
          onRetry={() => void failed.refetch()}
        />
      </>
    );
  if (!location)
    return (
      <>
        <h1 className="sr-only">Stock take</h1>
        <EmptyState
          icon={FileQuestion}
          title="Location not found"
          actions={
            <Button asChild>
              <Link to="/inventory">Back to inventory</Link>
            </Button>
          }
        >
          This location does not exist in this business account. It may have been deleted.
        </EmptyState>
      </>
    );

  return (
    <>
      <BackLink to="/inventory">Back to inventory</BackLink>
      <PageHeader
        title={`Count: ${location.name}`}
        description={`${LOCATION_KIND_LABELS[location.kind]}. Enter what is on the shelf; leave an item blank to skip it. Each difference is recorded as an adjustment with your reason.`}
      />
      <label className="mb-4 flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4"
          checked={everything}
          onChange={(e) => setEverything(e.target.checked)}
        />
        Show every item (also those the books say are not here)
      </label>
      {lines.length === 0 ? (
        <EmptyState icon={ClipboardList} title="Nothing here to count">
          The books hold no stock at this location. Show every item to count what you find.
        </EmptyState>
      ) : (
        <CountForm key={everything ? 'all' : 'held'} locationId={location.id} lines={lines} />
      )}
    </>
  );
}
