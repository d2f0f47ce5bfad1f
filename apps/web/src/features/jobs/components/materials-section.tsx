import { useQueryClient } from '@tanstack/react-query';
import {
  formatQuantity,
  hasTeamManagementRights,
  INVENTORY_MESSAGES,
  quantityFitsUnit,
  type InventoryUnit,
  type ItemKind,
  type JobDetail,
  type VisitMaterials,
} from '@crewdesk/domain';
import { Minus, Plus, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { fieldClassName, Input } from '@/components/ui/input';
import { Button } from '@/components/ui/button';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { RequestErrorAlert } from '@/components/ui/request-error-alert';
import { SubmitButton } from '@/components/ui/submit-button';
import { useConfirmMaterials, useVisitMaterials } from '@/entities/inventory/api/inventory-api';
import {
  newClientId,
  parseQuantityInput,
  quantityWithUnit,
} from '@/entities/inventory/model/inventory-text';
import { jobQueryKey } from '@/entities/job/api/job-keys';
import { cn } from '@/lib/cn';
import { formatInstant } from '@/lib/format';
import { useSession } from '@/lib/session/session-context';
import { Section } from './job-sections';
import { formatAmount } from '@/lib/money';

interface Line {
  key: string;
  itemId: string;
  itemName: string;
  unit: InventoryUnit;
  kind: ItemKind;
  quantity: string;
  fromLocationId: string;
  fromLocationName: string | null;
}

/** What the form starts from: what was recorded, else the calculator's suggestion. */
function startingLines(materials: VisitMaterials): Line[] {
  if (materials.recorded.length > 0)
    return materials.recorded.map((r, i) => ({
      key: `r${i}`,
      itemId: r.itemId,
      itemName: r.itemName,
      unit: r.unit,
      kind: r.kind,
      quantity: String(r.quantity),
      fromLocationId: r.fromLocationId,
      fromLocationName: r.fromLocationName,
    }));
  return materials.suggested.flatMap((s, i) =>
    s.itemId && s.itemName && s.unit && s.kind
      ? [
          {
            key: `s${i}`,
            itemId: s.itemId,
            itemName: s.itemName,
            unit: s.unit,
            kind: s.kind,
            quantity: String(s.quantity),
            fromLocationId: s.fromLocationId ?? materials.defaultLocationId ?? '',
            fromLocationName: s.fromLocationName,
          },
        ]
      : [],
  );
}

function lineError(line: Line): string | null {
  const quantity = parseQuantityInput(line.quantity);
  if (Number.isNaN(quantity)) return 'Enter a number.';
  if (quantity < 0) return INVENTORY_MESSAGES.quantityPositive;
  if (!quantityFitsUnit(quantity, line.unit))
    return INVENTORY_MESSAGES.decimalsNotAllowed(line.unit);
  if (!line.fromLocationId) return 'Choose where it comes from.';
  return null;
}

function step(text: string, by: number, unit: InventoryUnit): string {
  const current = parseQuantityInput(text, 0);
  const base = Number.isNaN(current) ? 0 : current;
  const next = Math.max(0, Math.round((base + by) * 1000) / 1000);
  return String(quantityFitsUnit(next, unit) ? next : Math.round(next));
}

function MaterialsForm({ job, materials }: { job: JobDetail; materials: VisitMaterials }) {
  const ids = useId();
  const queryClient = useQueryClient();
  const [lines, setLines] = useState(() => startingLines(materials));
  // The answer carries what this person may use: the visit team's vans and the warehouses (every
  // location for those who manage stock), and the items with their stock there.
  const sources = materials.sources;
  const addable = materials.items.filter((i) => !lines.some((l) => l.itemId === i.id));
  const onHandAt = (itemId: string, locationId: string) =>
    materials.items.find((i) => i.id === itemId)?.stock.find((s) => s.locationId === locationId)
      ?.onHand ?? 0;
  const confirm = useConfirmMaterials(job.id);
  const [clientId, setClientId] = useState(newClientId);
  const [submitted, setSubmitted] = useState(false);
  const unmatched = materials.suggested.filter((s) => !s.itemId);
  const recorded = materials.recordedAt !== null;

  const setLine = (key: string, change: Partial<Line>) =>
    setLines((all) => all.map((l) => (l.key === key ? { ...l, ...change } : l)));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (confirm.isPending) return;
    setSubmitted(true);
    if (lines.some((l) => lineError(l))) return;
    confirm.mutate(
      {
        clientId,
        lines: lines
          .map((l) => ({
            itemId: l.itemId,
            fromLocationId: l.fromLocationId,
            quantity: parseQuantityInput(l.quantity),
          }))
          .filter((l) => l.quantity > 0),
      },
      {
        onSuccess: (answer) => {
          toast.success('Materials recorded');
          setLines(startingLines(answer));
          setSubmitted(false);
          // A new confirmation is a new change: the next one gets its own id.
          setClientId(newClientId());
          void queryClient.invalidateQueries({ queryKey: jobQueryKey(job.id) });
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={submit} aria-label="Materials used" className="space-y-3">
      {recorded ? (
        <p className="text-sm text-muted-foreground">
          Recorded {formatInstant(materials.recordedAt)}
          {materials.materialCostCents !== undefined
            ? ` · material cost ${formatAmount(materials.materialCostCents)}`
            : ''}
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">
          Suggested from the quote’s calculator. Change what you used, then confirm.
        </p>
      )}
      <RequestErrorAlert request={confirm} fallback="Could not record the materials. Try again." />
      {lines.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No materials to record: link the calculator’s tools to items in Inventory to have them
          suggested here.
        </p>
      ) : (
        <ul className="divide-y" aria-label="Materials">
          {lines.map((line) => {
            const id = `${ids}-${line.key}`;
            const error = submitted ? lineError(line) : null;
            return (
              <li key={line.key} className="space-y-2 py-3">
                <div className="flex items-start justify-between gap-2">
                  <label htmlFor={id} className="text-sm font-medium">
                    {line.itemName}
                    <span className="block text-xs font-normal text-muted-foreground">
                      {line.kind === 'equipment' ? 'Equipment: checked out to the van' : line.unit}
                    </span>
                  </label>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove ${line.itemName}`}
                    onClick={() => setLines((all) => all.filter((l) => l.key !== line.key))}
                  >
                    <X aria-hidden="true" />
                  </Button>
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  <Button
                    type="button"
                    variant="outline"
                    size="icon"
                    className="size-11"
                    aria-label={`One less ${line.itemName}`}
                    onClick={() =>
                      setLine(line.key, { quantity: step(line.quantity, -1, line.unit) })
                    }
                  >
                    <Minus aria-hidden="true" />
                  </Button>
                  <Input
                    id={id}
                    inputMode="decimal"
                    className="h-11 w-24 text-center"
                    value={line.quantity}
                    onChange={(e) => setLine(line.key, { quantity: e.target.value })}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${id}-error` : undefined}
                  />
                  <Button
                    type="button"
                    variant="outline"
                    size="icon"
                    className="size-11"
                    aria-label={`One more ${line.itemName}`}
                    onClick={() =>
                      setLine(line.key, { quantity: step(line.quantity, 1, line.unit) })
                    }
                  >
                    <Plus aria-hidden="true" />
                  </Button>
                  {sources.length > 0 ? (
                    <select
                      aria-label={`Where ${line.itemName} comes from`}
                      // A row of its own: beside the stepper, the option's "(12 bottles on hand)"
                      // was cut off in the visit page's narrow column.
                      className={cn(fieldClassName, 'h-11 w-full py-2 sm:h-10')}
                      value={line.fromLocationId}
                      onChange={(e) => setLine(line.key, { fromLocationId: e.target.value })}
                    >
                      <option value="" disabled>
                        Choose a location
                      </option>
                      {/* A recorded line may name a location this person no longer chooses. */}
                      {line.fromLocationId && !sources.some((l) => l.id === line.fromLocationId) ? (
                        <option value={line.fromLocationId}>
                          {line.fromLocationName ?? 'Another location'}
                        </option>
                      ) : null}
                      {sources.map((l) => (
                        <option key={l.id} value={l.id}>
                          {l.name} ({quantityWithUnit(onHandAt(line.itemId, l.id), line.unit)} on
                          hand)
                        </option>
                      ))}
                    </select>
                  ) : (
                    <span className="text-xs text-muted-foreground">
                      {line.fromLocationName
                        ? `From ${line.fromLocationName}`
                        : 'From the warehouse'}
                    </span>
                  )}
                </div>
                {error ? (
                  <p id={`${id}-error`} className="text-sm text-destructive">
                    {error}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {addable.length > 0 ? (
        <select
          aria-label="Add a material"
          className={cn(fieldClassName, 'h-11 py-2 sm:h-10')}
          value=""
          onChange={(e) => {
            const item = addable.find((i) => i.id === e.target.value);
            if (!item) return;
            setLines((all) => [
              ...all,
              {
                key: `a${item.id}`,
                itemId: item.id,
                itemName: item.name,
                unit: item.unit,
                kind: item.kind,
                quantity: '1',
                fromLocationId: materials.defaultLocationId ?? '',
                fromLocationName:
                  sources.find((l) => l.id === materials.defaultLocationId)?.name ?? null,
              },
            ]);
          }}
        >
          <option value="">Add a material…</option>
          {addable.map((i) => (
            <option key={i.id} value={i.id}>
              {i.name}
            </option>
          ))}
        </select>
      ) : null}
      {unmatched.length > 0 ? (
        <p className="text-xs text-muted-foreground">
          Not linked to an item:{' '}
          {unmatched.map((s) => `${s.toolName} (${formatQuantity(s.quantity)})`).join(', ')}
        </p>
      ) : null}
      {recorded && materials.recorded.length > 0 ? (
        <details className="text-sm">
          <summary className="cursor-pointer text-muted-foreground">What was recorded</summary>
          <ul className="mt-2 space-y-1" aria-label="Recorded materials">
            {materials.recorded.map((r) => (
              <li key={`${r.itemId}-${r.fromLocationId}`}>
                {quantityWithUnit(r.quantity, r.unit)} {r.itemName} · {r.fromLocationName}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {lines.length > 0 || recorded ? (
        <SubmitButton
          pending={confirm.isPending}
          pendingLabel="Recording..."
          className="h-12 w-full sm:h-10 sm:w-auto"
        >
          {recorded ? 'Record again' : 'Confirm materials'}
        </SubmitButton>
      ) : null}
    </form>
  );
}

/**
 * "Materials used" (issue 21): for the visit's assignees, team leaders and managers. Starts from
 * the quote's calculator, records from the assignee's van or the warehouse.
 */
export function MaterialsSection({ job }: { job: JobDetail }) {
  const { role } = useSession();
  const allowed = job.kind === 'job' && (job.canWork || hasTeamManagementRights(role));
  const materials = useVisitMaterials(job.id, allowed);
  if (!allowed) return null;
  return (
    <Section title="Materials used">
      {materials.isPending ? (
        <p className="text-sm text-muted-foreground">Loading...</p>
      ) : materials.isError ? (
        <LoadErrorAlert
          title="Could not load the materials"
          error={materials.error}
          onRetry={() => void materials.refetch()}
        />
      ) : (
        <MaterialsForm
          key={materials.data.recordedAt ?? 'new'}
          job={job}
          materials={materials.data}
        />
      )}
    </Section>
  );
}
