import { type InventoryItemDetail, type Movement } from '@crewdesk/domain';
import { useQueryClient } from '@tanstack/react-query';
import { FileQuestion, Pencil, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { BackLink } from '@/components/back-link';
import { ListFooter } from '@/components/list-footer';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { PageLoading } from '@/components/ui/page-loading';
import { ImageUpload, type ImageUploadText } from '@/components/image-upload';
import {
  fetchMovementPage,
  inventoryItemQueryKey,
  removeItemPhoto,
  uploadItemPhoto,
  useDeleteItem,
  useInventoryCategories,
  useInventoryItem,
  useInventoryLocations,
} from '@/entities/inventory/api/inventory-api';
import {
  forecastText,
  ITEM_KIND_LABELS,
  LOCATION_KIND_LABELS,
  MOVEMENT_KIND_LABELS,
  quantityWithUnit,
} from '@/entities/inventory/model/inventory-text';
import { errorMessage, isApiError } from '@/lib/api-client';
import { formatInstant } from '@/lib/format';
import { ItemDialog } from '../components/item-dialog';
import {
  MovementDialog,
  MOVEMENT_ACTIONS,
  type MovementAction,
} from '../components/movement-dialog';
import { LowBadge } from './inventory-pages';
import { formatAmount } from '@/lib/money';

const PHOTO_TEXT: ImageUploadText = {
  upload: 'Add photo',
  change: 'Change photo',
  remove: 'Remove photo',
  uploaded: 'Photo saved',
  removed: 'Photo removed',
  failed: 'Could not save the photo. Please try again.',
  hint: 'PNG, JPEG or WebP, up to 2 MB. Saved as soon as you choose it.',
};

function ItemPhoto({ item }: { item: InventoryItemDetail['item'] }) {
  const queryClient = useQueryClient();
  return (
    <Card className="p-4 sm:p-5" role="region" aria-labelledby="photo-title">
      <h2 id="photo-title" className="mb-3 text-base font-semibold">
        Photo
      </h2>
      <ImageUpload
        imageUrl={item.photoUrl}
        preview={
          item.photoUrl ? (
            <img
              src={item.photoUrl}
              alt={item.name}
              className="size-24 rounded-md border object-cover"
            />
          ) : (
            <span className="flex size-24 items-center justify-center rounded-md border bg-muted text-xs text-muted-foreground">
              No photo
            </span>
          )
        }
        upload={(file) => uploadItemPhoto(item.id, file)}
        remove={() => removeItemPhoto(item.id)}
        onChanged={() =>
          queryClient.invalidateQueries({ queryKey: inventoryItemQueryKey(item.id) })
        }
        text={PHOTO_TEXT}
        inputTestId="item-photo-file"
      />
    </Card>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-3 py-1.5 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-right font-medium">{children}</dd>
    </div>
  );
}

function movementPlaces(m: Movement): string {
  if (m.fromLocationName && m.toLocationName) return `${m.fromLocationName} → ${m.toLocationName}`;
  if (m.toLocationName) return `into ${m.toLocationName}`;
  if (m.fromLocationName) return `from ${m.fromLocationName}`;
  return '';
}

function History({ detail }: { detail: InventoryItemDetail }) {
  const { item } = detail;
  const [more, setMore] = useState<Movement[]>([]);
  const [cursor, setCursor] = useState(detail.movements.nextCursor);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const rows = useMemo(() => [...detail.movements.items, ...more], [detail.movements.items, more]);

  async function loadMore() {
    if (!cursor) return;
    setLoading(true);
    setError(null);
    try {
      const page = await fetchMovementPage(item.id, cursor);
      setMore((m) => [...m, ...page.items]);
      setCursor(page.nextCursor);
    } catch (e) {
      setError(errorMessage(e, 'Could not load more movements.'));
    } finally {
      setLoading(false);
    }
  }

  return (
    <Card className="p-4 sm:p-5" role="region" aria-labelledby="movements-title">
      <h2 id="movements-title" className="mb-3 text-base font-semibold">
        Movements
      </h2>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No movement yet: receive stock to start its history.
        </p>
      ) : (
        <ol className="divide-y" aria-label="Movement history">
          {rows.map((m) => {
            const out = m.kind === 'used' || m.kind === 'returned';
            const sign = m.kind === 'adjusted' ? (m.quantity >= 0 ? '+' : '') : out ? '−' : '';
            return (
              <li key={m.id} className="flex flex-col gap-0.5 py-2.5 text-sm sm:flex-row sm:gap-3">
                <div className="min-w-0 flex-1">
                  <p>
                    <span className="font-medium">{MOVEMENT_KIND_LABELS[m.kind]}</span> {sign}
                    {quantityWithUnit(m.quantity, item.unit)} {movementPlaces(m)}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {[
                      m.jobId ? null : m.jobTitle,
                      m.supplier,
                      m.unitCostCents !== null ? `${formatAmount(m.unitCostCents)} each` : null,
                      m.note,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                    {m.jobId ? (
                      <>
                        {m.supplier || m.unitCostCents !== null || m.note ? ' · ' : null}
                        <Link className="underline" to={`/jobs/${m.jobId}`}>
                          {m.jobTitle ?? 'The visit'}
                        </Link>
                      </>
                    ) : null}
                  </p>
                </div>
                <p className="shrink-0 text-xs text-muted-foreground sm:text-right">
                  <time dateTime={m.at}>{formatInstant(m.at)}</time>
                  {m.byName ? <span className="block">{m.byName}</span> : null}
                </p>
              </li>
            );
          })}
        </ol>
      )}
      {error ? <p className="mt-2 text-sm text-destructive">{error}</p> : null}
      <ListFooter
        summary={`${rows.length} ${rows.length === 1 ? 'movement' : 'movements'} shown`}
        hasMore={cursor !== null}
        loadingMore={loading}
        onLoadMore={() => void loadMore()}
      />
    </Card>
  );
}

function ItemDetails({ detail }: { detail: InventoryItemDetail }) {
  const { item, stock, forecast } = detail;
  const navigate = useNavigate();
  const locations = useInventoryLocations();
  const categories = useInventoryCategories();
  const remove = useDeleteItem();
  const [action, setAction] = useState<MovementAction | null>(null);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const stockBy = useMemo(() => new Map(stock.map((s) => [s.locationId, s.onHand])), [stock]);
  const heldAt = stock.find((s) => s.onHand > 0)?.locationId;
  const actions: MovementAction[] =
    item.kind === 'equipment'
      ? ['received', 'checked_out', 'checked_in', 'transferred', 'returned']
      : ['received', 'used', 'transferred', 'returned'];

  return (
    <>
      <BackLink to="/inventory">Back to inventory</BackLink>
      <div className="mb-4">
        <h1 className="break-words text-2xl font-semibold tracking-tight">{item.name}</h1>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          {[
            item.sku,
            item.categoryName,
            item.categoryName === ITEM_KIND_LABELS[item.kind] ? null : ITEM_KIND_LABELS[item.kind],
          ]
            .filter(Boolean)
            .join(' · ')}
          {item.low ? <LowBadge /> : null}
        </p>
      </div>
      <div
        role="toolbar"
        aria-label="Stock actions"
        className="mb-4 grid grid-cols-2 gap-2 sm:flex sm:flex-wrap"
      >
        {actions.map((a) => (
          <Button
            key={a}
            variant={a === 'received' ? 'default' : 'outline'}
            className="h-11 sm:h-10"
            onClick={() => setAction(a)}
          >
            {MOVEMENT_ACTIONS[a].title}
          </Button>
        ))}
        <Button variant="outline" className="h-11 sm:h-10" onClick={() => setEditing(true)}>
          <Pencil aria-hidden="true" />
          Edit
        </Button>
        <Button
          variant="outline"
          className="h-11 text-destructive sm:h-10"
          onClick={() => setDeleting(true)}
        >
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      </div>
      {locations.isError ? (
        <div className="mb-4">
          <LoadErrorAlert
            title="Could not load the locations"
            error={locations.error}
            onRetry={() => void locations.refetch()}
          />
        </div>
      ) : null}

      <div className="grid gap-4 lg:grid-cols-[3fr_2fr]">
        <div className="min-w-0 space-y-4">
          <Card className="p-4 sm:p-5" role="region" aria-labelledby="stock-title">
            <div className="mb-3 flex items-baseline justify-between gap-2">
              <h2 id="stock-title" className="text-base font-semibold">
                Stock per location
              </h2>
              <p className="text-sm">
                Total <strong>{quantityWithUnit(item.onHand, item.unit)}</strong>
              </p>
            </div>
            {stock.length === 0 ? (
              <p className="text-sm text-muted-foreground">None in stock anywhere.</p>
            ) : (
              <ul className="divide-y" aria-label="Stock per location">
                {stock.map((s) => (
                  <li key={s.locationId} className="flex justify-between gap-3 py-2 text-sm">
                    <span>
                      {s.locationName}{' '}
                      <span className="text-muted-foreground">
                        · {LOCATION_KIND_LABELS[s.kind]}
                      </span>
                    </span>
                    <span className={s.onHand < 0 ? 'font-medium text-destructive' : 'font-medium'}>
                      {quantityWithUnit(s.onHand, item.unit)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <History key={detail.movements.items[0]?.id ?? 'none'} detail={detail} />
        </div>
        <div className="min-w-0 space-y-4">
          <Card className="p-4 sm:p-5" role="region" aria-labelledby="forecast-title">
            <h2 id="forecast-title" className="mb-2 text-base font-semibold">
              Forecast
            </h2>
            <p className="text-sm font-medium">{forecastText(forecast, item.unit)}</p>
            <p className="mt-1 text-xs text-muted-foreground">
              {forecast.plannedUse > 0
                ? `The scheduled visits of the next four weeks use about ${quantityWithUnit(forecast.plannedUse, item.unit)}.`
                : 'No scheduled visit of the next four weeks uses it.'}
            </p>
          </Card>
          <ItemPhoto item={item} />
          <Card className="p-4 sm:p-5" role="region" aria-labelledby="details-title">
            <h2 id="details-title" className="mb-2 text-base font-semibold">
              Details
            </h2>
            <dl className="divide-y">
              <Fact label="Unit">{item.unit}</Fact>
              <Fact label="Cost">{formatAmount(item.costCents)}</Fact>
              <Fact label="Sale price">
                {item.salePriceCents === null ? '—' : formatAmount(item.salePriceCents)}
              </Fact>
              <Fact label="Reorder point">{quantityWithUnit(item.reorderPoint, item.unit)}</Fact>
              <Fact label="Reorder quantity">
                {quantityWithUnit(item.reorderQuantity, item.unit)}
              </Fact>
              <Fact label="Supplier">{item.supplier ?? '—'}</Fact>
              <Fact label="Calculator tool">{item.calculatorTool ?? 'Not linked'}</Fact>
              <Fact label="Value at cost">
                {formatAmount(Math.round(Math.max(0, item.onHand) * item.costCents))}
              </Fact>
            </dl>
          </Card>
        </div>
      </div>

      <MovementDialog
        action={action}
        item={item}
        locations={locations.data ?? []}
        stock={stockBy}
        defaultFromLocationId={heldAt}
        onOpenChange={(open) => {
          if (!open) setAction(null);
        }}
      />
      <ItemDialog
        item={item}
        categories={categories.data ?? []}
        open={editing}
        onOpenChange={setEditing}
      />
      <ConfirmDialog
        open={deleting}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setDeleting(false);
        }}
        title="Delete this item?"
        description="It is removed with its history. An item still in stock somewhere cannot be deleted: count it out first."
        cancelLabel="Keep item"
        confirmLabel={remove.isPending ? 'Deleting...' : 'Delete'}
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(item.id, {
            onSuccess: () => {
              toast.success('Item deleted', { description: item.name });
              void navigate('/inventory', { replace: true });
            },
            onError: (error) => {
              setDeleting(false);
              toast.error('Could not delete the item', {
                description: errorMessage(error, 'Try again in a moment.'),
              });
            },
          })
        }
      />
    </>
  );
}

/** /inventory/items/:id: stock per location, the movement history, the forecast, the actions. */
export function InventoryItemPage() {
  const { id = '' } = useParams();
  const detail = useInventoryItem(id);
  if (detail.isPending) return <PageLoading />;
  if (detail.isError) {
    const status = isApiError(detail.error) ? detail.error.status : 0;
    return (
      <>
        <h1 className="sr-only">Inventory Item Details</h1>
        {status === 404 || status === 400 ? (
          <EmptyState
            icon={FileQuestion}
            title="Item not found"
            actions={
              <Button asChild>
                <Link to="/inventory">Back to inventory</Link>
              </Button>
            }
          >
            This item does not exist in this business account. It may have been deleted.
          </EmptyState>
        ) : (
          <LoadErrorAlert
            title="Could not load this item"
            error={detail.error}
            onRetry={() => void detail.refetch()}
          />
        )}
      </>
    );
  }
  return <ItemDetails detail={detail.data} />;
}
