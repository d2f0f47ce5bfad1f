import {
  FIELD_LIMITS,
  INVENTORY_MESSAGES,
  movementInputSchema,
  quantityFitsUnit,
  type InventoryItem,
  type InventoryLocation,
  type MovementInputBody,
} from '@crewdesk/domain';
import { useState, type FormEvent, type ReactElement } from 'react';
import { toast } from 'sonner';
import { type ControlledDialogProps, DialogSubmitFooter, FormDialog } from '@/components/ui/dialog';
import { fieldClassName, Input, Textarea } from '@/components/ui/input';
import { FormField } from '@/components/ui/form-field';
import { RequestErrorAlert } from '@/components/ui/request-error-alert';
import { useRecordMovement } from '@/entities/inventory/api/inventory-api';
import {
  centsToInput,
  LOCATION_KIND_LABELS,
  newClientId,
  parseMoneyInput,
  parseQuantityInput,
  quantityWithUnit,
} from '@/entities/inventory/model/inventory-text';
import { cn } from '@/lib/cn';

const selectClass = cn(fieldClassName, 'h-10 py-2');

export type MovementAction =
  'received' | 'used' | 'transferred' | 'returned' | 'checked_out' | 'checked_in';

export const MOVEMENT_ACTIONS: Readonly<
  Record<
    MovementAction,
    { title: string; submit: string; done: string; from: boolean; to: boolean }
  >
> = {
  received: {
    title: 'Receive stock',
    submit: 'Receive',
    done: 'Stock received',
    from: false,
    to: true,
  },
  used: { title: 'Use stock', submit: 'Record use', done: 'Use recorded', from: true, to: false },
  transferred: {
    title: 'Transfer stock',
    submit: 'Transfer',
    done: 'Stock transferred',
    from: true,
    to: true,
  },
  returned: {
    title: 'Return to supplier',
    submit: 'Record return',
    done: 'Return recorded',
    from: true,
    to: false,
  },
  checked_out: {
    title: 'Check out',
    submit: 'Check out',
    done: 'Checked out',
    from: true,
    to: true,
  },
  checked_in: { title: 'Check in', submit: 'Check in', done: 'Checked in', from: true, to: true },
};

interface MovementValues {
  quantity: string;
  fromLocationId: string;
  toLocationId: string;
  unitCost: string;
  supplier: string;
  note: string;
}

function bodyOf(
  action: MovementAction,
  item: InventoryItem,
  values: MovementValues,
  clientId: string,
): MovementInputBody {
  const base = {
    clientId,
    itemId: item.id,
    note: values.note,
    quantity: parseQuantityInput(values.quantity),
  };
  switch (action) {
    case 'received': {
      const cost = parseMoneyInput(values.unitCost, -1);
      return {
        ...base,
        kind: 'received',
        toLocationId: values.toLocationId,
        unitCostCents: cost === -1 ? null : cost,
        supplier: values.supplier,
      };
    }
    case 'used':
      return { ...base, kind: 'used', fromLocationId: values.fromLocationId };
    case 'returned':
      return { ...base, kind: 'returned', fromLocationId: values.fromLocationId };
    default:
      return {
        ...base,
        kind: action,
        fromLocationId: values.fromLocationId,
        toLocationId: values.toLocationId,
      };
  }
}

function validate(
  action: MovementAction,
  item: InventoryItem,
  values: MovementValues,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const quantity = parseQuantityInput(values.quantity);
  const shape = MOVEMENT_ACTIONS[action];
  if (Number.isNaN(quantity)) errors.quantity = 'Enter a quantity, like 2 or 1.5.';
  else if (quantity > 0 && !quantityFitsUnit(quantity, item.unit))
    errors.quantity = INVENTORY_MESSAGES.decimalsNotAllowed(item.unit);
  if (shape.from && !values.fromLocationId) errors.fromLocationId = 'Choose where it comes from.';
  if (shape.to && !values.toLocationId) errors.toLocationId = 'Choose where it goes.';
  if (
    shape.from &&
    shape.to &&
    values.fromLocationId &&
    values.fromLocationId === values.toLocationId
  )
    errors.toLocationId = INVENTORY_MESSAGES.sameLocation;
  if (action === 'received' && Number.isNaN(parseMoneyInput(values.unitCost, 0)))
    errors.unitCostCents = 'Unit cost must be an amount, like 12.50.';
  const result = movementInputSchema.safeParse(bodyOf(action, item, values, newClientId()));
  if (!result.success)
    for (const issue of result.error.issues) errors[String(issue.path.at(-1))] ??= issue.message;
  return errors;
}

/**
 * One change of stock of an item: receive, use, transfer, return, check out or in. The server
 * refuses what would take a location below zero (409, "Only N left there") and says so here.
 */
export function MovementDialog({
  action,
  item,
  locations,
  stock,
  defaultFromLocationId,
  onOpenChange,
}: {
  action: MovementAction | null;
  item: InventoryItem;
  locations: readonly InventoryLocation[];
  /** On hand per location, shown beside each. */
  stock?: ReadonlyMap<string, number>;
  defaultFromLocationId?: string;
  onOpenChange: ControlledDialogProps['onOpenChange'];
}) {
  const shape = action ? MOVEMENT_ACTIONS[action] : null;
  return (
    <FormDialog
      open={action !== null}
      onOpenChange={onOpenChange}
      title={shape ? `${shape.title}: ${item.name}` : ''}
    >
      {(close) =>
        action ? (
          <MovementForm
            action={action}
            item={item}
            locations={locations}
            stock={stock}
            defaultFromLocationId={defaultFromLocationId}
            onDone={close}
          />
        ) : null
      }
    </FormDialog>
  );
}

function MovementForm({
  action,
  item,
  locations,
  stock,
  defaultFromLocationId,
  onDone,
}: {
  action: MovementAction;
  item: InventoryItem;
  locations: readonly InventoryLocation[];
  stock?: ReadonlyMap<string, number>;
  defaultFromLocationId?: string;
  onDone: () => void;
}) {
  const shape = MOVEMENT_ACTIONS[action];
  // Made once per opened dialog: a double click or a retry records the movement once.
  const [clientId] = useState(newClientId);
  const record = useRecordMovement();
  const warehouse = locations.find((l) => l.kind === 'warehouse')?.id ?? locations[0]?.id ?? '';
  const held = (id: string) => (stock?.get(id) ?? 0) > 0;
  // Equipment comes back from a van that holds it; anything else leaves where it is held.
  const from = !shape.from
    ? ''
    : action === 'checked_in'
      ? (locations.find((l) => l.id !== warehouse && held(l.id))?.id ?? '')
      : (defaultFromLocationId ?? warehouse);
  const to = !shape.to
    ? ''
    : action === 'received' || action === 'checked_in'
      ? warehouse
      : action === 'checked_out'
        ? (locations.find((l) => l.kind === 'van' && l.id !== from)?.id ?? '')
        : '';
  const [values, setValues] = useState<MovementValues>({
    quantity: '',
    fromLocationId: from,
    toLocationId: to,
    unitCost: action === 'received' ? centsToInput(item.costCents) : '',
    supplier: action === 'received' ? (item.supplier ?? '') : '',
    note: '',
  });
  const [submitted, setSubmitted] = useState(false);
  const errors = submitted ? validate(action, item, values) : {};
  const set = (key: keyof MovementValues, value: string) =>
    setValues((v) => ({ ...v, [key]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (record.isPending) return;
    setSubmitted(true);
    const found = validate(action, item, values);
    const first = Object.keys(found)[0];
    if (first) {
      // The first field the check refused: each control is named by its value's key.
      const control = (event.currentTarget as HTMLFormElement).elements.namedItem(first);
      if (control instanceof HTMLElement) control.focus();
      return;
    }
    record.mutate(bodyOf(action, item, values, clientId), {
      onSuccess: (movement) => {
        toast.success(shape.done, {
          description: `${quantityWithUnit(movement.quantity, item.unit)} of ${item.name}`,
        });
        onDone();
      },
    });
  }

  const field = (
    path: string,
    label: string,
    control: ReactElement<Record<string, unknown>>,
    optional = false,
  ) => (
    <FormField label={label} error={errors[path]} optional={optional}>
      {control}
    </FormField>
  );
  const locationSelect = (path: 'fromLocationId' | 'toLocationId') => (
    <select
      name={path}
      className={selectClass}
      value={values[path]}
      onChange={(e) => set(path, e.target.value)}
    >
      <option value="" disabled>
        Choose a location
      </option>
      {locations.map((l) => (
        <option key={l.id} value={l.id}>
          {l.name} · {LOCATION_KIND_LABELS[l.kind]}
          {stock ? ` · ${quantityWithUnit(stock.get(l.id) ?? 0, item.unit)}` : ''}
        </option>
      ))}
    </select>
  );

  return (
    <form noValidate onSubmit={submit} aria-label={shape.title} className="space-y-4">
      <RequestErrorAlert request={record} fallback="Could not record the movement. Try again." />
      {field(
        'quantity',
        `Quantity (${item.unit})`,
        <Input
          name="quantity"
          inputMode="decimal"
          autoFocus
          value={values.quantity}
          onChange={(e) => set('quantity', e.target.value)}
        />,
      )}
      {shape.from ? field('fromLocationId', 'From', locationSelect('fromLocationId')) : null}
      {shape.to
        ? field('toLocationId', shape.from ? 'To' : 'Into', locationSelect('toLocationId'))
        : null}
      {action === 'received' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          {field(
            'unitCostCents',
            'Unit cost $',
            <Input
              name="unitCostCents"
              inputMode="decimal"
              value={values.unitCost}
              onChange={(e) => set('unitCost', e.target.value)}
            />,
            true,
          )}
          {field(
            'supplier',
            'Supplier',
            <Input
              name="supplier"
              value={values.supplier}
              maxLength={FIELD_LIMITS.text.company}
              onChange={(e) => set('supplier', e.target.value)}
            />,
            true,
          )}
        </div>
      ) : null}
      {field(
        'note',
        'Note',
        <Textarea
          name="note"
          className="min-h-16"
          value={values.note}
          maxLength={FIELD_LIMITS.text.longText}
          onChange={(e) => set('note', e.target.value)}
        />,
        true,
      )}
      <DialogSubmitFooter
        pending={record.isPending}
        label={shape.submit}
        pendingLabel="Saving..."
      />
    </form>
  );
}
