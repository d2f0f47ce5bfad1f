import { INVENTORY_UNITS, type InventoryCategory, type InventoryItem } from '@crewdesk/domain';
import {
  ArrowLeftRight,
  ClipboardList,
  Download,
  FolderPlus,
  MapPin,
  MoreHorizontal,
  Package,
  PackagePlus,
  Pencil,
  Plus,
  SearchX,
  Settings,
  Trash2,
  Upload,
} from 'lucide-react';
import { useCallback, useId, useMemo, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { FilterField, selectClass } from '@/components/filter-field';
import { ListFooter } from '@/components/list-footer';
import { ListSearchField } from '@/components/list-search-field';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DataList, type DataColumn } from '@/components/ui/data-list';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { PageHeader } from '@/components/ui/page-header';
import { PageLoading } from '@/components/ui/page-loading';
import {
  hasInventoryFilters,
  INVENTORY_CSV_URL,
  INVENTORY_WHOLE_LIST,
  useDeleteCategory,
  useInventoryCategories,
  useInventoryItems,
  useInventoryLocations,
  useReorderList,
  type InventoryListFilters,
} from '@/entities/inventory/api/inventory-api';
import { forecastText, quantityWithUnit } from '@/entities/inventory/model/inventory-text';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import {
  CategoryDialog,
  ChooseCountLocationDialog,
  ChooseItemMovementDialog,
  ImportItemsDialog,
  LocationsDialog,
} from '../components/inventory-dialogs';
import { ItemDialog } from '../components/item-dialog';
import type { MovementAction } from '../components/movement-dialog';
import { formatAmount } from '@/lib/money';

export function inventoryItemPath(item: Pick<InventoryItem, 'id'>): string {
  return `/inventory/items/${item.id}`;
}

export function LowBadge() {
  return <Badge className="border-warning/40 bg-warning/10 text-warning">Low stock</Badge>;
}

function OnHand({ item }: { item: InventoryItem }) {
  return (
    <span className={cn('whitespace-nowrap', item.low && 'font-medium text-warning')}>
      {quantityWithUnit(item.onHand, item.unit)}
    </span>
  );
}

const COLUMNS: readonly DataColumn<InventoryItem>[] = [
  {
    header: 'Item',
    cell: (i) => <span className="block max-w-[16rem] truncate">{i.name}</span>,
    link: true,
  },
  { header: 'SKU', cell: (i) => i.sku ?? '—', className: 'text-muted-foreground' },
  { header: 'Category', cell: (i) => i.categoryName ?? '—', className: 'max-w-[10rem] truncate' },
  { header: 'Supplier', cell: (i) => i.supplier ?? '—', className: 'max-w-[10rem] truncate' },
  { header: 'On hand', cell: (i) => <OnHand item={i} />, alignEnd: true },
  { header: 'Status', cell: (i) => (i.low ? <LowBadge /> : null) },
  { header: 'Cost', cell: (i) => formatAmount(i.costCents), alignEnd: true },
  {
    header: 'Value',
    cell: (i) => formatAmount(Math.round(Math.max(0, i.onHand) * i.costCents)),
    alignEnd: true,
  },
];

function ItemCard({ item }: { item: InventoryItem }) {
  return (
    <>
      <div className="flex items-start justify-between gap-2">
        <span className="truncate font-medium">{item.name}</span>
        {item.low ? <LowBadge /> : null}
      </div>
      <p className="truncate text-muted-foreground">
        {[item.sku, item.categoryName].filter(Boolean).join(' · ') || 'No category'}
      </p>
      <p className="flex justify-between text-xs">
        <OnHand item={item} />
        <span className="text-muted-foreground">
          {formatAmount(item.costCents)} per {INVENTORY_UNITS[item.unit].label}
        </span>
      </p>
    </>
  );
}

function ItemList({ filters, onAdd }: { filters: InventoryListFilters; onAdd: () => void }) {
  const list = useInventoryItems(filters);
  const items = useMemo(() => list.data?.pages.flatMap((p) => p.items) ?? [], [list.data]);
  const first = list.data?.pages[0];

  if (list.isPending) return <PageLoading />;
  if (list.isError)
    return (
      <LoadErrorAlert
        title="Could not load the items"
        error={list.error}
        onRetry={() => void list.refetch()}
      />
    );
  if (items.length === 0)
    return hasInventoryFilters(filters) ? (
      <EmptyState icon={SearchX} title="No matching items">
        No item matches this search and these filters.
      </EmptyState>
    ) : (
      <EmptyState
        icon={Package}
        title={filters.category ? 'No items in this category yet' : 'No items yet'}
        actions={
          <Button onClick={onAdd}>
            <Plus aria-hidden="true" />
            Add item
          </Button>
        }
      >
        Add the supplies and equipment you use, then receive stock into a warehouse or a van.
      </EmptyState>
    );
  const total = first?.total ?? items.length;
  return (
    <Card className="p-4 sm:p-5" aria-busy={list.isPlaceholderData || undefined}>
      <p className="mb-3 text-sm">
        Stock on hand at cost:{' '}
        <strong className="font-semibold">{formatAmount(first?.stockValueCents ?? 0)}</strong>
      </p>
      <DataList
        rows={items}
        rowKey={(i) => i.id}
        rowHref={inventoryItemPath}
        columns={COLUMNS}
        card={(item) => <ItemCard item={item} />}
        label="Items"
      />
      <ListFooter
        summary={`Showing ${items.length} of ${total}${first?.totalCapped ? '+' : ''} ${total === 1 ? 'item' : 'items'}`}
        hasMore={list.hasNextPage}
        loadingMore={list.isFetchingNextPage}
        onLoadMore={() => void list.fetchNextPage()}
      />
    </Card>
  );
}

function ReorderView({ category }: { category: InventoryCategory | null }) {
  const reorder = useReorderList();
  if (reorder.isPending) return <PageLoading />;
  if (reorder.isError)
    return (
      <LoadErrorAlert
        title="Could not load the reorder list"
        error={reorder.error}
        onRetry={() => void reorder.refetch()}
      />
    );
  const rows = reorder.data.items.filter((r) => !category || r.item.categoryId === category.id);
  if (rows.length === 0)
    return (
      <EmptyState icon={ClipboardList} title="Nothing to reorder">
        No item is at its reorder point, and the scheduled visits of the next four weeks leave
        enough of each.
      </EmptyState>
    );
  type Row = (typeof rows)[number];
  const columns: DataColumn<Row>[] = [
    { header: 'Item', cell: (r) => r.item.name, link: true },
    { header: 'On hand', cell: (r) => <OnHand item={r.item} />, alignEnd: true },
    {
      header: 'Reorder point',
      cell: (r) => quantityWithUnit(r.item.reorderPoint, r.item.unit),
      alignEnd: true,
    },
    {
      header: 'To order',
      cell: (r) => <strong>{quantityWithUnit(r.forecast.orderQuantity, r.item.unit)}</strong>,
      alignEnd: true,
    },
    { header: 'Forecast', cell: (r) => forecastText(r.forecast, r.item.unit) },
    { header: 'Supplier', cell: (r) => r.item.supplier ?? '—' },
  ];
  return (
    <Card className="p-4 sm:p-5">
      <DataList
        rows={rows}
        rowKey={(r) => r.item.id}
        rowHref={(r) => inventoryItemPath(r.item)}
        columns={columns}
        card={(r) => (
          <>
            <div className="flex items-start justify-between gap-2">
              <span className="truncate font-medium">{r.item.name}</span>
              {r.item.low ? <LowBadge /> : null}
            </div>
            <p className="text-xs">
              On hand <OnHand item={r.item} /> · order{' '}
              <strong>{quantityWithUnit(r.forecast.orderQuantity, r.item.unit)}</strong>
            </p>
            <p className="text-xs text-muted-foreground">{forecastText(r.forecast, r.item.unit)}</p>
          </>
        )}
        label="To reorder"
      />
    </Card>
  );
}

function CategoryTabs({
  categories,
  current,
  search,
}: {
  categories: readonly InventoryCategory[];
  current: string;
  search: string;
}) {
  const link = (to: string, label: string, active: boolean) => (
    <Link
      key={to}
      to={`${to}${search}`}
      aria-current={active ? 'page' : undefined}
      className={cn(
        'whitespace-nowrap rounded-full border px-3 py-1.5 text-sm',
        active ? 'border-primary bg-primary text-primary-foreground' : 'hover:bg-muted',
      )}
    >
      {label}
    </Link>
  );
  return (
    <nav aria-label="Categories" className="-mx-1 mb-4 overflow-x-auto px-1">
      <div className="flex gap-2 pb-1">
        {link('/inventory', 'All items', current === '')}
        {categories.map((c) =>
          link(`/inventory/${c.slug}`, `${c.name} (${c.itemCount})`, current === c.slug),
        )}
      </div>
    </nav>
  );
}

/** The filters live in the address: ?q=&location=&low=true&view=reorder. */
function useInventorySearch(category: string) {
  const [params, setParams] = useSearchParams();
  const filters: InventoryListFilters = useMemo(
    () => ({
      q: params.get('q') ?? '',
      category,
      locationId: params.get('location') ?? '',
      low: params.get('low') === 'true',
    }),
    [params, category],
  );
  const view = params.get('view') === 'reorder' ? 'reorder' : 'items';
  const set = useCallback(
    (changes: Record<string, string | null>) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { filters, view, set, search: params.toString() ? `?${params.toString()}` : '' };
}

type OpenDialog =
  | 'item'
  | 'category'
  | 'rename-category'
  | 'delete-category'
  | 'locations'
  | 'import'
  | 'count'
  | MovementAction
  | null;

function InventoryScreen({ slug }: { slug: string }) {
  const id = useId();
  const categories = useInventoryCategories();
  const locations = useInventoryLocations();
  const { filters, view, set, search } = useInventorySearch(slug);
  const [open, setOpen] = useState<OpenDialog>(null);
  const navigate = useNavigate();
  const removeCategory = useDeleteCategory();
  // The receive and transfer dialogs choose among the first items (all of them, usually).
  const firstItems = useInventoryItems(
    { q: '', category: '', locationId: '', low: false },
    { limit: INVENTORY_WHOLE_LIST, enabled: open === 'received' || open === 'transferred' },
  );
  const category = categories.data?.find((c) => c.slug === slug) ?? null;
  const onSearch = useCallback((q: string) => set({ q }), [set]);

  if (slug && categories.isPending) return <PageLoading />;
  if (slug && categories.isError)
    return (
      <>
        <h1 className="sr-only">Inventory</h1>
        <LoadErrorAlert
          title="Could not load the categories"
          error={categories.error}
          onRetry={() => void categories.refetch()}
        />
      </>
    );
  if (slug && !category) {
    return (
      <>
        <PageHeader title="Category not found" />
        <EmptyState
          icon={SearchX}
          title="No such category"
          actions={
            <Button asChild>
              <Link to="/inventory">All items</Link>
            </Button>
          }
        >
          There is no inventory category “{slug}” in this business. It may have been renamed or
          deleted.
        </EmptyState>
      </>
    );
  }

  const locationList = locations.data ?? [];
  const movementAction =
    open === 'received' || open === 'transferred' ? (open as MovementAction) : null;

  return (
    <>
      <PageHeader
        title={slug ? (category?.name ?? 'Inventory') : 'Inventory'}
        description={
          slug
            ? 'The items of this category, their stock and what to reorder.'
            : 'Supplies and equipment: stock in the warehouse and the vans, and what to reorder.'
        }
        actions={
          <>
            <Button onClick={() => setOpen('item')}>
              <Plus aria-hidden="true" />
              Add item
            </Button>
            <Button variant="outline" onClick={() => setOpen('received')}>
              <PackagePlus aria-hidden="true" />
              Receive stock
            </Button>
            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <Button variant="outline">
                  <MoreHorizontal aria-hidden="true" />
                  More
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent>
                <DropdownMenuItem onSelect={() => setOpen('transferred')}>
                  <ArrowLeftRight aria-hidden="true" />
                  Transfer stock
                </DropdownMenuItem>
                <DropdownMenuItem onSelect={() => setOpen('count')}>
                  <ClipboardList aria-hidden="true" />
                  Count stock
                </DropdownMenuItem>
                <DropdownMenuSeparator />
                {category ? (
                  <>
                    <DropdownMenuItem onSelect={() => setOpen('rename-category')}>
                      <Pencil aria-hidden="true" />
                      Rename category
                    </DropdownMenuItem>
                    <DropdownMenuItem onSelect={() => setOpen('delete-category')}>
                      <Trash2 aria-hidden="true" />
                      Delete category
                    </DropdownMenuItem>
                  </>
                ) : null}
                <DropdownMenuItem onSelect={() => setOpen('category')}>
                  <FolderPlus aria-hidden="true" />
                  Add category
                </DropdownMenuItem>
                <DropdownMenuItem onSelect={() => setOpen('locations')}>
                  <MapPin aria-hidden="true" />
                  Manage locations
                </DropdownMenuItem>
                <DropdownMenuItem asChild>
                  <Link to="/settings?section=inventory">
                    <Settings aria-hidden="true" />
                    Inventory settings
                  </Link>
                </DropdownMenuItem>
                <DropdownMenuSeparator />
                <DropdownMenuItem asChild>
                  <a href={INVENTORY_CSV_URL} download>
                    <Download aria-hidden="true" />
                    Export CSV
                  </a>
                </DropdownMenuItem>
                <DropdownMenuItem onSelect={() => setOpen('import')}>
                  <Upload aria-hidden="true" />
                  Import CSV
                </DropdownMenuItem>
              </DropdownMenuContent>
            </DropdownMenu>
          </>
        }
      />
      {categories.data && categories.data.length > 0 ? (
        <CategoryTabs categories={categories.data} current={slug} search={search} />
      ) : null}
      <div role="group" aria-label="View" className="mb-4 inline-flex rounded-md border p-1">
        {(
          [
            ['items', 'Items'],
            ['reorder', 'To reorder'],
          ] as const
        ).map(([key, label]) => (
          <button
            key={key}
            type="button"
            aria-pressed={view === key}
            onClick={() => set({ view: key === 'reorder' ? 'reorder' : null })}
            className={cn(
              'rounded px-3 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-ring',
              view === key ? 'bg-primary text-primary-foreground' : 'hover:bg-muted',
            )}
          >
            {label}
          </button>
        ))}
      </div>
      {view === 'items' ? (
        <>
          <div className="mb-4 grid gap-3 sm:grid-cols-[1fr_14rem_auto] sm:items-end">
            <ListSearchField
              value={filters.q}
              onSearch={onSearch}
              placeholder="Name, SKU or supplier"
            />
            <FilterField id={`${id}-location`} label="Location">
              <select
                id={`${id}-location`}
                className={selectClass}
                value={filters.locationId}
                onChange={(e) => set({ location: e.target.value })}
              >
                <option value="">All locations</option>
                {locationList.map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.name}
                  </option>
                ))}
              </select>
            </FilterField>
            <label className="flex h-10 items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4"
                checked={filters.low}
                onChange={(e) => set({ low: e.target.checked ? 'true' : null })}
              />
              Low stock only
            </label>
          </div>
          <ItemList filters={filters} onAdd={() => setOpen('item')} />
        </>
      ) : (
        <ReorderView category={category} />
      )}

      <ItemDialog
        item={null}
        categories={categories.data ?? []}
        categoryId={category?.id ?? null}
        open={open === 'item'}
        onOpenChange={(o) => setOpen(o ? 'item' : null)}
      />
      <CategoryDialog
        open={open === 'category'}
        onOpenChange={(o) => setOpen(o ? 'category' : null)}
      />
      {category ? (
        <>
          <CategoryDialog
            key={category.id}
            category={category}
            open={open === 'rename-category'}
            onOpenChange={(o) => setOpen(o ? 'rename-category' : null)}
            onSaved={(saved) => {
              if (saved.slug !== category.slug)
                void navigate(`/inventory/${saved.slug}`, { replace: true });
            }}
          />
          <ConfirmDialog
            open={open === 'delete-category'}
            onOpenChange={(o) => setOpen(o ? 'delete-category' : null)}
            title={`Delete ${category.name}?`}
            description="Its items stay in the inventory, without a category."
            cancelLabel="Keep it"
            confirmLabel="Delete"
            destructive
            pending={removeCategory.isPending}
            onConfirm={() =>
              removeCategory.mutate(category.id, {
                onSuccess: () => {
                  toast.success('Category deleted', { description: category.name });
                  void navigate('/inventory', { replace: true });
                },
                onError: (error) =>
                  toast.error('Could not delete the category', {
                    description: errorMessage(error, 'Try again in a moment.'),
                  }),
              })
            }
          />
        </>
      ) : null}
      <LocationsDialog
        open={open === 'locations'}
        onOpenChange={(o) => setOpen(o ? 'locations' : null)}
        locations={locationList}
      />
      <ImportItemsDialog
        open={open === 'import'}
        onOpenChange={(o) => setOpen(o ? 'import' : null)}
      />
      <ChooseCountLocationDialog
        open={open === 'count'}
        onOpenChange={(o) => setOpen(o ? 'count' : null)}
        locations={locationList}
      />
      <ChooseItemMovementDialog
        action={movementAction}
        items={firstItems.data?.pages[0]?.items ?? []}
        locations={locationList}
        onOpenChange={(o) => {
          if (!o) setOpen(null);
        }}
      />
    </>
  );
}

/** Spec section 2: /inventory, every item. */
export function InventoryPage() {
  return <InventoryScreen slug="" />;
}

/** Spec section 2: /inventory/{category}, the same list for one category (its slug). */
export function InventoryCategoryPage() {
  const { category = '' } = useParams();
  return <InventoryScreen key={category} slug={category} />;
}
