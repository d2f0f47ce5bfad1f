import {
  categoryInputSchema,
  FIELD_LIMITS,
  ITEM_FIELD_HEADERS,
  ITEM_IMPORT_MAX_BYTES,
  ITEM_IMPORT_MAX_ROWS,
  LOCATION_KINDS,
  type InventoryCategory,
  type InventoryItem,
  type InventoryLocation,
  type ItemImportField,
  type ItemImportResult,
  type LocationKind,
} from '@crewdesk/domain';
import { Pencil, Trash2 } from 'lucide-react';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { CsvImportDialog, type CsvImporter } from '@/components/csv-import-dialog';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import {
  type ControlledDialogProps,
  DialogFooter,
  DialogSubmitFooter,
  FormDialog,
} from '@/components/ui/dialog';
import { fieldClassName, Input, Label } from '@/components/ui/input';
import { RequestErrorAlert } from '@/components/ui/request-error-alert';
import { SelectOptions } from '@/components/ui/select-options';
import { SubmitButton } from '@/components/ui/submit-button';
import {
  checkItemImport,
  previewItemImport,
  runItemImport,
  useRefreshInventory,
  useSaveCategory,
  useDeleteLocation,
  useSaveLocation,
} from '@/entities/inventory/api/inventory-api';
import { LOCATION_KIND_LABELS } from '@/entities/inventory/model/inventory-text';
import { useTeamMemberNames } from '@/entities/team-member/api/team-member-options';
import { cn } from '@/lib/cn';
import { MovementDialog, MOVEMENT_ACTIONS, type MovementAction } from './movement-dialog';

const selectClass = cn(fieldClassName, 'h-10 py-2');

// ---- Add category ----

export function CategoryDialog({
  open,
  onOpenChange,
  category = null,
  onSaved,
}: ControlledDialogProps & {
  /** The category to rename; a new one without it. */
  category?: InventoryCategory | null;
  onSaved?: (category: InventoryCategory) => void;
}) {
  const title = category ? 'Rename category' : 'Add category';
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title={title}>
      {(close) => (
        <CategoryForm
          category={category}
          title={title}
          onDone={(saved) => {
            onSaved?.(saved);
            close();
          }}
        />
      )}
    </FormDialog>
  );
}

function CategoryForm({
  category,
  title,
  onDone,
}: {
  category: InventoryCategory | null;
  title: string;
  onDone: (category: InventoryCategory) => void;
}) {
  const id = useId();
  const create = useSaveCategory();
  const [name, setName] = useState(category?.name ?? '');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = categoryInputSchema.safeParse({ name });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter a name.');
      return;
    }
    setError(null);
    create.mutate(
      { id: category?.id ?? null, name: parsed.data.name },
      {
        onSuccess: (saved) => {
          toast.success(category ? 'Category renamed' : 'Category added', {
            description: saved.name,
          });
          onDone(saved);
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={submit} aria-label={title} className="space-y-4">
      <RequestErrorAlert request={create} fallback="Could not save the category. Try again." />
      <div className="space-y-1.5">
        <Label htmlFor={id}>Name</Label>
        <Input
          id={id}
          autoFocus
          value={name}
          maxLength={FIELD_LIMITS.text.label}
          onChange={(e) => setName(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error ? (
          <p id={`${id}-error`} className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
      </div>
      <DialogSubmitFooter
        pending={create.isPending}
        label={category ? 'Rename' : 'Add category'}
        pendingLabel="Saving..."
      />
    </form>
  );
}

// ---- Locations: warehouses, vans (with their team member), sites ----

export function LocationsDialog({
  open,
  onOpenChange,
  locations,
}: ControlledDialogProps & { locations: readonly InventoryLocation[] }) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Locations"
      description="Where stock is kept: a warehouse, each team member’s van, a client’s site."
      className="max-w-xl"
    >
      {() => <LocationsBody locations={locations} />}
    </FormDialog>
  );
}

function LocationsBody({ locations }: { locations: readonly InventoryLocation[] }) {
  const [editing, setEditing] = useState<InventoryLocation | 'new' | null>(null);
  const [deleting, setDeleting] = useState<InventoryLocation | null>(null);
  const remove = useDeleteLocation();
  if (editing) {
    return (
      <LocationForm location={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
    );
  }
  return (
    <div className="space-y-4">
      <RequestErrorAlert request={remove} fallback="Could not delete the location." />
      <ul className="divide-y rounded-md border" aria-label="Locations">
        {locations.map((location) => (
          <li key={location.id} className="flex items-center gap-2 px-3 py-2 text-sm">
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium">{location.name}</p>
              <p className="text-xs text-muted-foreground">
                {LOCATION_KIND_LABELS[location.kind]}
                {location.employeeName ? ` · ${location.employeeName}` : ''}
              </p>
            </div>
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Edit ${location.name}`}
              onClick={() => setEditing(location)}
            >
              <Pencil aria-hidden="true" />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Delete ${location.name}`}
              disabled={remove.isPending}
              onClick={() => setDeleting(location)}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ul>
      <DialogFooter>
        <Button onClick={() => setEditing('new')}>Add location</Button>
      </DialogFooter>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={`Delete ${deleting?.name ?? 'this location'}?`}
        description="Only a location no stock has moved through can be deleted; otherwise rename it."
        cancelLabel="Keep it"
        confirmLabel="Delete"
        destructive
        pending={remove.isPending}
        onConfirm={() => {
          const location = deleting;
          if (!location) return;
          remove.mutate(location.id, {
            onSuccess: () => toast.success('Location deleted', { description: location.name }),
            onSettled: () => setDeleting(null),
          });
        }}
      />
    </div>
  );
}

function LocationForm({
  location,
  onDone,
}: {
  location: InventoryLocation | null;
  onDone: () => void;
}) {
  const ids = useId();
  const save = useSaveLocation();
  const { members } = useTeamMemberNames();
  const [name, setName] = useState(location?.name ?? '');
  const [kind, setKind] = useState<LocationKind>(location?.kind ?? 'van');
  const [employeeId, setEmployeeId] = useState(location?.employeeId ?? '');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (name.trim() === '') {
      setError('Location name is required.');
      return;
    }
    setError(null);
    save.mutate(
      {
        id: location?.id ?? null,
        input: { name, kind, employeeId: kind === 'van' && employeeId ? employeeId : null },
      },
      {
        onSuccess: (saved) => {
          toast.success(location ? 'Location saved' : 'Location added', {
            description: saved.name,
          });
          onDone();
        },
      },
    );
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={location ? 'Edit location' : 'Add location'}
      className="space-y-4"
    >
      <RequestErrorAlert request={save} fallback="Could not save the location. Try again." />
      <div className="space-y-1.5">
        <Label htmlFor={`${ids}-name`}>Name</Label>
        <Input
          id={`${ids}-name`}
          autoFocus
          value={name}
          maxLength={FIELD_LIMITS.text.label}
          onChange={(e) => setName(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${ids}-error` : undefined}
        />
        {error ? (
          <p id={`${ids}-error`} className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${ids}-kind`}>Kind</Label>
        <select
          id={`${ids}-kind`}
          className={selectClass}
          value={kind}
          onChange={(e) => setKind(e.target.value as LocationKind)}
        >
          <SelectOptions values={LOCATION_KINDS} label={(k) => LOCATION_KIND_LABELS[k]} />
        </select>
      </div>
      {kind === 'van' ? (
        <div className="space-y-1.5">
          <Label htmlFor={`${ids}-employee`}>
            Team member<span className="ml-1 font-normal text-muted-foreground">(optional)</span>
          </Label>
          <select
            id={`${ids}-employee`}
            className={selectClass}
            value={employeeId}
            onChange={(e) => setEmployeeId(e.target.value)}
          >
            <option value="">Nobody yet</option>
            {members.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={save.isPending}>
          Back
        </Button>
        <SubmitButton pending={save.isPending} pendingLabel="Saving...">
          {location ? 'Save location' : 'Add location'}
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}

// ---- Receive or transfer from the list: choose the item first ----

export function ChooseItemMovementDialog({
  action,
  items,
  locations,
  onOpenChange,
}: {
  action: MovementAction | null;
  items: readonly InventoryItem[];
  locations: readonly InventoryLocation[];
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const [itemId, setItemId] = useState('');
  const [chosen, setChosen] = useState<InventoryItem | null>(null);
  const close = (open: boolean) => {
    if (!open) {
      setChosen(null);
      setItemId('');
    }
    onOpenChange(open);
  };
  if (chosen && action)
    return (
      <MovementDialog action={action} item={chosen} locations={locations} onOpenChange={close} />
    );
  return (
    <FormDialog
      open={action !== null}
      onOpenChange={close}
      title={action ? MOVEMENT_ACTIONS[action].title : ''}
    >
      {() => (
        <form
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            setChosen(items.find((i) => i.id === itemId) ?? null);
          }}
        >
          <div className="space-y-1.5">
            <Label htmlFor={id}>Item</Label>
            <select
              id={id}
              className={selectClass}
              value={itemId}
              onChange={(e) => setItemId(e.target.value)}
            >
              <option value="" disabled>
                Choose an item
              </option>
              {items.map((item) => (
                <option key={item.id} value={item.id}>
                  {item.name}
                  {item.sku ? ` · ${item.sku}` : ''}
                </option>
              ))}
            </select>
          </div>
          <DialogSubmitFooter pending={false} label="Next" pendingLabel="Next" disabled={!itemId} />
        </form>
      )}
    </FormDialog>
  );
}

// ---- Count: choose the location, then the stock-take screen ----

export function ChooseCountLocationDialog({
  open,
  onOpenChange,
  locations,
}: ControlledDialogProps & { locations: readonly InventoryLocation[] }) {
  const id = useId();
  const navigate = useNavigate();
  const [locationId, setLocationId] = useState('');
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title="Count stock">
      {() => (
        <form
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (locationId) void navigate(`/inventory/counts/${locationId}`);
          }}
        >
          <div className="space-y-1.5">
            <Label htmlFor={id}>Location to count</Label>
            <select
              id={id}
              className={selectClass}
              value={locationId}
              onChange={(e) => setLocationId(e.target.value)}
            >
              <option value="" disabled>
                Choose a location
              </option>
              {locations.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name} · {LOCATION_KIND_LABELS[l.kind]}
                </option>
              ))}
            </select>
          </div>
          <DialogSubmitFooter
            pending={false}
            label="Start count"
            pendingLabel="Start count"
            disabled={!locationId}
          />
        </form>
      )}
    </FormDialog>
  );
}

// ---- Import items from CSV: the contacts import's steps, for items ----

const itemsImported = (result: ItemImportResult) => {
  const parts = [`${result.created} new`, `${result.updated} updated`];
  if (result.categoriesCreated > 0)
    parts.push(
      `${result.categoriesCreated} new ${result.categoriesCreated === 1 ? 'category' : 'categories'}`,
    );
  return `${result.imported} ${result.imported === 1 ? 'item' : 'items'} imported (${parts.join(', ')}).`;
};

export function ImportItemsDialog({ open, onOpenChange }: ControlledDialogProps) {
  const refresh = useRefreshInventory();
  const importer = useMemo<CsvImporter<ItemImportResult>>(
    () => ({
      noun: { one: 'item', other: 'items' },
      fieldHeading: 'Item field',
      fieldLabel: (field) => ITEM_FIELD_HEADERS[field as ItemImportField] ?? field,
      requiredFields: ['name'],
      intro: `Choose a CSV file with a header row (up to ${ITEM_IMPORT_MAX_ROWS.toLocaleString('en-US')} items), such as the items export. A row with the SKU of an item (or, without a SKU, its exact name) updates that item; the others are added. Stock is not imported: it arrives by receiving it.`,
      maxFileBytes: ITEM_IMPORT_MAX_BYTES,
      tooLargeMessage: 'The file is too large: an import can be at most 2 MB.',
      preview: previewItemImport,
      check: checkItemImport,
      run: runItemImport,
      onImported: (result) => {
        refresh();
        toast.success('Items imported', { description: itemsImported(result) });
      },
      summary: itemsImported,
    }),
    [refresh],
  );
  return (
    <CsvImportDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Import items"
      description="From a CSV file, such as an export from Crewdesk or a spreadsheet."
      importer={importer}
    />
  );
}
