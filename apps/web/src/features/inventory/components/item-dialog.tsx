import {
  CALCULATOR_TOOL_NAMES,
  FIELD_LIMITS,
  INVENTORY_MESSAGES,
  INVENTORY_UNIT_VALUES,
  ITEM_KINDS,
  itemInputSchema,
  quantityFitsUnit,
  type InventoryCategory,
  type InventoryItem,
  type InventoryUnit,
  type ItemInput,
  type ItemKind,
} from '@crewdesk/domain';
import { useState, type FormEvent, type ReactElement } from 'react';
import { toast } from 'sonner';
import { type ControlledDialogProps, DialogSubmitFooter, FormDialog } from '@/components/ui/dialog';
import { fieldClassName, Input } from '@/components/ui/input';
import { FormField } from '@/components/ui/form-field';
import { RequestErrorAlert } from '@/components/ui/request-error-alert';
import { SelectOptions } from '@/components/ui/select-options';
import { useSaveItem } from '@/entities/inventory/api/inventory-api';
import {
  centsToInput,
  ITEM_KIND_LABELS,
  parseMoneyInput,
  parseQuantityInput,
} from '@/entities/inventory/model/inventory-text';
import { cn } from '@/lib/cn';

const selectClass = cn(fieldClassName, 'h-10 py-2');

interface ItemValues {
  name: string;
  sku: string;
  categoryId: string;
  unit: InventoryUnit;
  kind: ItemKind;
  cost: string;
  salePrice: string;
  reorderPoint: string;
  reorderQuantity: string;
  supplier: string;
  calculatorTool: string;
}

function valuesOf(item: InventoryItem | null, categoryId: string | null): ItemValues {
  return {
    name: item?.name ?? '',
    sku: item?.sku ?? '',
    categoryId: item ? (item.categoryId ?? '') : (categoryId ?? ''),
    unit: item?.unit ?? 'each',
    kind: item?.kind ?? 'consumable',
    cost: item ? centsToInput(item.costCents) : '',
    salePrice: item ? centsToInput(item.salePriceCents) : '',
    reorderPoint: item ? String(item.reorderPoint) : '0',
    reorderQuantity: item ? String(item.reorderQuantity) : '0',
    supplier: item?.supplier ?? '',
    calculatorTool: item?.calculatorTool ?? '',
  };
}

/** The body the dialog sends: every field of itemInputSchema. */
export function itemBodyOf(values: ItemValues): ItemInput {
  const salePrice = parseMoneyInput(values.salePrice, -1);
  return {
    name: values.name,
    sku: values.sku,
    categoryId: values.categoryId || null,
    unit: values.unit,
    kind: values.kind,
    costCents: parseMoneyInput(values.cost, 0),
    salePriceCents: salePrice === -1 ? null : salePrice,
    reorderPoint: parseQuantityInput(values.reorderPoint, 0),
    reorderQuantity: parseQuantityInput(values.reorderQuantity, 0),
    supplier: values.supplier,
    calculatorTool: (values.calculatorTool || null) as ItemInput['calculatorTool'],
  };
}

function validateItem(values: ItemValues): Record<string, string> {
  const body = itemBodyOf(values);
  const errors: Record<string, string> = {};
  if (Number.isNaN(body.costCents)) errors.costCents = 'Cost must be an amount, like 12.50.';
  if (Number.isNaN(body.salePriceCents))
    errors.salePriceCents = 'Sale price must be an amount, like 19.99.';
  for (const key of ['reorderPoint', 'reorderQuantity'] as const) {
    const value = body[key] ?? 0;
    if (Number.isNaN(value)) errors[key] = 'Enter a number.';
    else if (!quantityFitsUnit(value, values.unit))
      errors[key] = INVENTORY_MESSAGES.decimalsNotAllowed(values.unit);
  }
  const result = itemInputSchema.safeParse(body);
  if (!result.success)
    for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

/** Add or edit an item: every field of the catalogue, and the calculator tool it stands for. */
export function ItemDialog({
  item,
  categories,
  categoryId = null,
  open,
  onOpenChange,
  onSaved,
}: {
  item: InventoryItem | null;
  categories: readonly InventoryCategory[];
  /** The category a new item starts in (the category page's). */
  categoryId?: string | null;
  onSaved?: (item: InventoryItem) => void;
} & ControlledDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={item ? 'Edit item' : 'Add item'}
      className="max-w-xl"
    >
      {(close) => (
        <ItemForm
          item={item}
          categories={categories}
          categoryId={categoryId}
          onDone={(saved) => {
            onSaved?.(saved);
            close();
          }}
        />
      )}
    </FormDialog>
  );
}

function ItemForm({
  item,
  categories,
  categoryId,
  onDone,
}: {
  item: InventoryItem | null;
  categories: readonly InventoryCategory[];
  categoryId: string | null;
  onDone: (item: InventoryItem) => void;
}) {
  const save = useSaveItem();
  const [values, setValues] = useState(() => valuesOf(item, categoryId));
  const [submitted, setSubmitted] = useState(false);
  const errors = submitted ? validateItem(values) : {};
  const set = <K extends keyof ItemValues>(key: K, value: ItemValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    setSubmitted(true);
    const found = validateItem(values);
    const first = Object.keys(found)[0];
    if (first) {
      // The first field the check refused: each control is named by its value's key.
      const control = (event.currentTarget as HTMLFormElement).elements.namedItem(first);
      if (control instanceof HTMLElement) control.focus();
      return;
    }
    save.mutate(
      { id: item?.id ?? null, input: itemBodyOf(values) },
      {
        onSuccess: (saved) => {
          toast.success(item ? 'Item saved' : 'Item added', { description: saved.name });
          onDone(saved);
        },
      },
    );
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

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={item ? 'Edit item' : 'Add item'}
      className="space-y-4"
    >
      <RequestErrorAlert request={save} fallback="Could not save the item. Try again." />
      {field(
        'name',
        'Name',
        <Input
          name="name"
          value={values.name}
          maxLength={FIELD_LIMITS.text.label}
          onChange={(e) => set('name', e.target.value)}
        />,
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        {field(
          'sku',
          'SKU',
          <Input
            name="sku"
            value={values.sku}
            maxLength={FIELD_LIMITS.text.reference}
            onChange={(e) => set('sku', e.target.value)}
          />,
          true,
        )}
        {field(
          'categoryId',
          'Category',
          <select
            name="categoryId"
            className={selectClass}
            value={values.categoryId}
            onChange={(e) => set('categoryId', e.target.value)}
          >
            <option value="">No category</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>,
          true,
        )}
        {field(
          'unit',
          'Unit',
          <select
            name="unit"
            className={selectClass}
            value={values.unit}
            onChange={(e) => set('unit', e.target.value as InventoryUnit)}
          >
            <SelectOptions values={INVENTORY_UNIT_VALUES} />
          </select>,
        )}
        {field(
          'kind',
          'Kind',
          <select
            name="kind"
            className={selectClass}
            value={values.kind}
            onChange={(e) => set('kind', e.target.value as ItemKind)}
          >
            <SelectOptions values={ITEM_KINDS} label={(k) => ITEM_KIND_LABELS[k]} />
          </select>,
        )}
        {field(
          'costCents',
          'Cost $',
          <Input
            name="costCents"
            inputMode="decimal"
            placeholder="0.00"
            value={values.cost}
            onChange={(e) => set('cost', e.target.value)}
          />,
        )}
        {field(
          'salePriceCents',
          'Sale price $',
          <Input
            name="salePriceCents"
            inputMode="decimal"
            value={values.salePrice}
            onChange={(e) => set('salePrice', e.target.value)}
          />,
          true,
        )}
        {field(
          'reorderPoint',
          'Reorder point',
          <Input
            name="reorderPoint"
            inputMode="decimal"
            value={values.reorderPoint}
            onChange={(e) => set('reorderPoint', e.target.value)}
          />,
        )}
        {field(
          'reorderQuantity',
          'Reorder quantity',
          <Input
            name="reorderQuantity"
            inputMode="decimal"
            value={values.reorderQuantity}
            onChange={(e) => set('reorderQuantity', e.target.value)}
          />,
        )}
      </div>
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
      {field(
        'calculatorTool',
        'Calculator tool',
        <select
          name="calculatorTool"
          className={selectClass}
          value={values.calculatorTool}
          onChange={(e) => set('calculatorTool', e.target.value)}
        >
          <option value="">Not linked</option>
          <SelectOptions values={CALCULATOR_TOOL_NAMES} />
        </select>,
        true,
      )}
      <p className="text-xs text-muted-foreground">
        A linked item is suggested in a visit’s materials from the quote’s calculator. Stock arrives
        by receiving it, never by editing the item.
      </p>
      <DialogSubmitFooter
        pending={save.isPending}
        label={item ? 'Save item' : 'Add item'}
        pendingLabel="Saving..."
      />
    </form>
  );
}
