import {
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import {
  INVENTORY_LIST_DEFAULT_LIMIT,
  INVENTORY_LIST_MAX_LIMIT,
  type InventoryCategory,
  type InventoryItem,
  type InventoryItemDetail,
  type InventoryItemList,
  type InventoryLocation,
  type ImportMode,
  type InventorySettings,
  type ItemImportPreview,
  type ItemImportResult,
  type ItemInput,
  type Movement,
  type MovementInputBody,
  type MovementPage,
  type ReorderList,
  type VisitMaterials,
} from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';
import { postJsonWithProgress } from '@/lib/post-with-progress';

/** Every inventory query lives under this key, so one movement refreshes every screen. */
export const inventoryQueryKey = ['inventory'] as const;

export const INVENTORY_PAGE_SIZE = INVENTORY_LIST_DEFAULT_LIMIT;
/** A count or a chooser takes the most the API gives at once. */
export const INVENTORY_WHOLE_LIST = INVENTORY_LIST_MAX_LIMIT;

export interface InventoryListFilters {
  q: string;
  /** A category's slug. */
  category: string;
  locationId: string;
  low: boolean;
}

export const NO_INVENTORY_FILTERS: InventoryListFilters = {
  q: '',
  category: '',
  locationId: '',
  low: false,
};

export function hasInventoryFilters(filters: InventoryListFilters): boolean {
  return filters.q.trim() !== '' || filters.locationId !== '' || filters.low;
}

/** The list's query string: only the filters that are set, then the page. */
export function inventoryListSearch(
  filters: InventoryListFilters,
  offset: number,
  limit: number = INVENTORY_PAGE_SIZE,
): string {
  const params = new URLSearchParams();
  if (filters.category) params.set('category', filters.category);
  if (filters.locationId) params.set('locationId', filters.locationId);
  if (filters.low) params.set('low', 'true');
  const q = filters.q.trim();
  if (q) params.set('q', q);
  params.set('limit', String(limit));
  if (offset > 0) params.set('offset', String(offset));
  return params.toString();
}

/** `GET /api/inventory/items`: offset pages, the total and the stock value at cost. */
export function useInventoryItems(
  filters: InventoryListFilters,
  { limit = INVENTORY_PAGE_SIZE, enabled = true }: { limit?: number; enabled?: boolean } = {},
) {
  return useInfiniteQuery({
    enabled,
    queryKey: [...inventoryQueryKey, 'items', filters, limit],
    queryFn: ({ pageParam, signal }) =>
      apiRequest<InventoryItemList>(
        `/inventory/items?${inventoryListSearch(filters, pageParam, limit)}`,
        { signal },
      ),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      return last.items.length > 0 && loaded < last.total ? loaded : undefined;
    },
    placeholderData: keepPreviousData,
  });
}

export function inventoryCategoriesQueryOptions() {
  return queryOptions({
    queryKey: [...inventoryQueryKey, 'categories'],
    queryFn: ({ signal }) => apiRequest<InventoryCategory[]>('/inventory/categories', { signal }),
  });
}

export function useInventoryCategories() {
  return useQuery(inventoryCategoriesQueryOptions());
}

export function inventoryLocationsQueryOptions() {
  return queryOptions({
    queryKey: [...inventoryQueryKey, 'locations'],
    queryFn: ({ signal }) => apiRequest<InventoryLocation[]>('/inventory/locations', { signal }),
  });
}

/** `GET /api/inventory/locations` (admins and managers). */
export function useInventoryLocations(enabled = true) {
  return useQuery({ ...inventoryLocationsQueryOptions(), enabled });
}

export function inventoryItemQueryKey(id: string) {
  return [...inventoryQueryKey, 'item', id] as const;
}

/** `GET /api/inventory/items/:id`: stock per location, the first movements, the forecast. */
export function useInventoryItem(id: string) {
  return useQuery({
    queryKey: inventoryItemQueryKey(id),
    queryFn: ({ signal }) =>
      apiRequest<InventoryItemDetail>(`/inventory/items/${encodeURIComponent(id)}`, { signal }),
  });
}

/** `GET /api/inventory/items/:id/movements`: older pages of the history after `cursor`. */
export function fetchMovementPage(id: string, cursor: string): Promise<MovementPage> {
  const params = new URLSearchParams({ cursor });
  return apiRequest<MovementPage>(
    `/inventory/items/${encodeURIComponent(id)}/movements?${params.toString()}`,
  );
}

/** `GET /api/inventory/reorder`: at or heading to the reorder point, with what to order. */
export function useReorderList(enabled = true) {
  return useQuery({
    queryKey: [...inventoryQueryKey, 'reorder'],
    queryFn: ({ signal }) => apiRequest<ReorderList>('/inventory/reorder', { signal }),
    enabled,
  });
}

export function useInventorySettings() {
  return useQuery({
    queryKey: [...inventoryQueryKey, 'settings'],
    queryFn: ({ signal }) => apiRequest<InventorySettings>('/inventory/settings', { signal }),
  });
}

function refreshInventory(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: inventoryQueryKey });
}

function useInventoryMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => refreshInventory(queryClient) });
}

export function useSaveItem() {
  return useInventoryMutation(({ id, input }: { id: string | null; input: ItemInput }) =>
    id
      ? apiRequest<InventoryItem>(`/inventory/items/${encodeURIComponent(id)}`, {
          method: 'PUT',
          body: input,
        })
      : apiRequest<InventoryItem>('/inventory/items', { method: 'POST', body: input }),
  );
}

export function useDeleteItem() {
  return useInventoryMutation((id: string) =>
    apiRequest<null>(`/inventory/items/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  );
}

export function useSaveCategory() {
  return useInventoryMutation(({ id, name }: { id: string | null; name: string }) =>
    id
      ? apiRequest<InventoryCategory>(`/inventory/categories/${encodeURIComponent(id)}`, {
          method: 'PUT',
          body: { name },
        })
      : apiRequest<InventoryCategory>('/inventory/categories', { method: 'POST', body: { name } }),
  );
}

/** Its items stay, without a category. */
export function useDeleteCategory() {
  return useInventoryMutation((id: string) =>
    apiRequest<null>(`/inventory/categories/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  );
}

export interface LocationInputBody {
  name: string;
  kind: InventoryLocation['kind'];
  employeeId: string | null;
}

export function useSaveLocation() {
  return useInventoryMutation(({ id, input }: { id: string | null; input: LocationInputBody }) =>
    id
      ? apiRequest<InventoryLocation>(`/inventory/locations/${encodeURIComponent(id)}`, {
          method: 'PUT',
          body: input,
        })
      : apiRequest<InventoryLocation>('/inventory/locations', { method: 'POST', body: input }),
  );
}

export function useDeleteLocation() {
  return useInventoryMutation((id: string) =>
    apiRequest<null>(`/inventory/locations/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  );
}

/** `POST /api/inventory/movements`: one change of stock, once per clientId. */
export function useRecordMovement() {
  return useInventoryMutation((input: MovementInputBody) =>
    apiRequest<Movement>('/inventory/movements', { method: 'POST', body: input }),
  );
}

export interface CountInputBody {
  clientId: string;
  locationId: string;
  reason: string;
  lines: { itemId: string; counted: number }[];
}

/** `POST /api/inventory/counts`: each difference becomes an adjustment with the reason. */
export function useRecordCount() {
  return useInventoryMutation((input: CountInputBody) =>
    apiRequest<{ adjustments: Movement[] }>('/inventory/counts', { method: 'POST', body: input }),
  );
}

export function useSaveInventorySettings() {
  return useInventoryMutation((input: InventorySettings) =>
    apiRequest<InventorySettings>('/inventory/settings', { method: 'PUT', body: input }),
  );
}

/** The items CSV: a plain link downloads it with the session's cookie. */
export const INVENTORY_CSV_URL = '/api/inventory/items.csv';

export function previewItemImport(csv: string): Promise<ItemImportPreview> {
  return apiRequest<ItemImportPreview>('/inventory/items/import/preview', {
    method: 'POST',
    body: { csv },
  });
}

export interface ItemImportRequest {
  csv: string;
  mapping: Record<string, string | null>;
  mode: ImportMode;
}

/** A dry run: every row checked (and matched to the items it updates), nothing written. */
export function checkItemImport(request: ItemImportRequest): Promise<ItemImportResult> {
  return apiRequest<ItemImportResult>('/inventory/items/import', {
    method: 'POST',
    body: { ...request, dryRun: true },
  });
}

/** The import itself, with the upload's progress. */
export function runItemImport(
  request: ItemImportRequest,
  onProgress: (fraction: number) => void,
): Promise<ItemImportResult> {
  return postJsonWithProgress('/inventory/items/import', { ...request, dryRun: false }, onProgress);
}

/** After an import: every inventory list and page may have changed. */
export function useRefreshInventory() {
  const queryClient = useQueryClient();
  return () => void refreshInventory(queryClient);
}

// ---- A visit's materials ----

export function visitMaterialsQueryKey(jobId: string) {
  return [...inventoryQueryKey, 'visit-materials', jobId] as const;
}

/** `GET /api/jobs/:id/materials`: the calculator's suggestion and what was recorded. */
export function useVisitMaterials(jobId: string, enabled = true) {
  return useQuery({
    queryKey: visitMaterialsQueryKey(jobId),
    queryFn: ({ signal }) =>
      apiRequest<VisitMaterials>(`/jobs/${encodeURIComponent(jobId)}/materials`, { signal }),
    enabled,
  });
}

export interface MaterialsInputBody {
  clientId: string;
  lines: { itemId: string; fromLocationId: string; quantity: number }[];
}

/** `PUT /api/jobs/:id/materials`: replaces what the visit recorded. */
export function useConfirmMaterials(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MaterialsInputBody) =>
      apiRequest<VisitMaterials>(`/jobs/${encodeURIComponent(jobId)}/materials`, {
        method: 'PUT',
        body: input,
      }),
    onSuccess: (answer) => {
      queryClient.setQueryData(visitMaterialsQueryKey(jobId), answer);
      // The stock moved; this visit's answer is already the server's.
      void queryClient.invalidateQueries({
        queryKey: inventoryQueryKey,
        predicate: (query) => query.queryKey[1] !== 'visit-materials',
      });
    },
  });
}

/** `PUT /api/inventory/items/:id/photo`: the raw image (PNG, JPEG or WebP). */
export function uploadItemPhoto(id: string, file: File): Promise<InventoryItem> {
  return apiRequest<InventoryItem>(`/inventory/items/${encodeURIComponent(id)}/photo`, {
    method: 'PUT',
    file,
  });
}

export function removeItemPhoto(id: string): Promise<InventoryItem> {
  return apiRequest<InventoryItem>(`/inventory/items/${encodeURIComponent(id)}/photo`, {
    method: 'DELETE',
  });
}
