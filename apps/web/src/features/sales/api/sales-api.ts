import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  LEAD_SOURCES,
  SALES_LIST_DEFAULT_LIMIT,
  SALES_STAGES,
  type LeadSource,
  type OpportunityDetail,
  type OpportunitySummary,
  type SalesBoard,
  type SalesList,
  type SalesSettings,
  type SalesSettingsInput,
  type SalesStage,
  type SourceToCash,
} from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';
import { keysetQueryOptions } from '@/lib/keyset-query';
import { filtersFromQuery } from '@/lib/query-filters';
import { toMinor } from '@/lib/money';

/** Every sales query lives under this root, which the live channel refreshes on sales events. */
export const salesQueryKey = ['sales'] as const;

export interface SalesFilters {
  /** '' (everyone visible), 'me', 'none' or a user id. */
  owner: string;
  source: '' | LeadSource;
  /** Whole dollars as typed; '' for no bound. */
  minValue: string;
  maxValue: string;
  overdue: boolean;
  nudge: boolean;
  scope: 'mine' | 'team' | '';
}

export const NO_SALES_FILTERS: SalesFilters = {
  owner: '',
  source: '',
  minValue: '',
  maxValue: '',
  overdue: false,
  nudge: false,
  scope: '',
};

export function hasSalesFilters(filters: SalesFilters): boolean {
  return (
    filters.owner !== '' ||
    filters.source !== '' ||
    filters.minValue !== '' ||
    filters.maxValue !== '' ||
    filters.overdue ||
    filters.nudge
  );
}

/**
 * The filters a link gave in the address (home's pipeline tiles: ?owner=me&overdue=true):
 * the text filters through filtersFromQuery, the two flags when 'true'.
 */
export function salesFiltersFromQuery(params: URLSearchParams): SalesFilters {
  const filters = filtersFromQuery(NO_SALES_FILTERS, params);
  const scope = params.get('scope');
  return {
    ...filters,
    source: (LEAD_SOURCES as readonly string[]).includes(filters.source) ? filters.source : '',
    scope: scope === 'mine' || scope === 'team' ? scope : '',
    overdue: params.get('overdue') === 'true',
    nudge: params.get('nudge') === 'true',
  };
}

/** The stage a link named (?stage=quoted), when it is one. */
export function stageFromQuery(params: URLSearchParams): SalesStage | '' {
  const stage = params.get('stage');
  return (SALES_STAGES as readonly string[]).includes(stage ?? '') ? (stage as SalesStage) : '';
}

/** A typed amount filter in minor units of the business's currency; null when empty or unreadable. */
function minorFilter(value: string): string | null {
  const n = Number(value);
  return value.trim() === '' || !Number.isFinite(n) || n < 0 ? null : String(toMinor(n));
}

/** The board's and the list's query string: only the filters that are set. */
export function salesSearch(filters: SalesFilters, stage?: SalesStage | ''): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.owner) params.set('owner', filters.owner);
  if (filters.source) params.set('source', filters.source);
  const min = minorFilter(filters.minValue);
  if (min) params.set('minValueCents', min);
  const max = minorFilter(filters.maxValue);
  if (max) params.set('maxValueCents', max);
  if (filters.overdue) params.set('overdue', 'true');
  if (filters.nudge) params.set('nudge', 'true');
  if (filters.scope) params.set('scope', filters.scope);
  if (stage) params.set('stage', stage);
  return params;
}

/** `GET /api/sales/board`: the five columns with their totals and first cards. */
export function useSalesBoard(filters: SalesFilters) {
  return useQuery({
    queryKey: [...salesQueryKey, 'board', filters],
    queryFn: ({ signal }) => {
      const search = salesSearch(filters).toString();
      return apiRequest<SalesBoard>(`/sales/board${search ? `?${search}` : ''}`, { signal });
    },
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/sales/opportunities`: the list view, newest first, paged by cursor. */
export function useSalesList(filters: SalesFilters, stage: SalesStage | '') {
  const search = salesSearch(filters, stage).toString();
  return useInfiniteQuery({
    ...keysetQueryOptions<SalesList>(
      [...salesQueryKey, 'list', filters, stage],
      `/sales/opportunities${search ? `?${search}` : ''}`,
      SALES_LIST_DEFAULT_LIMIT,
    ),
    placeholderData: keepPreviousData,
  });
}

export function opportunityQueryKey(id: string) {
  return [...salesQueryKey, 'opportunity', id] as const;
}

export function useOpportunity(id: string) {
  return useQuery({
    queryKey: opportunityQueryKey(id),
    queryFn: ({ signal }) =>
      apiRequest<OpportunityDetail>(`/sales/opportunities/${id}`, { signal }),
  });
}

export interface SalesOwner {
  userId: string;
  name: string;
  role: string;
}

export function useSalesOwners() {
  return useQuery({
    queryKey: [...salesQueryKey, 'owners'],
    queryFn: ({ signal }) => apiRequest<SalesOwner[]>('/sales/owners', { signal }),
  });
}

export function useSalesSettings() {
  return useQuery({
    queryKey: [...salesQueryKey, 'settings'],
    queryFn: ({ signal }) => apiRequest<SalesSettings>('/sales/settings', { signal }),
  });
}

/** `GET /api/sales/source-to-cash` (managers). */
export function useSourceToCash(enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: [...salesQueryKey, 'source-to-cash'],
    queryFn: ({ signal }) => apiRequest<SourceToCash>('/sales/source-to-cash', { signal }),
  });
}

export interface MoveInput {
  id: string;
  stage: SalesStage;
  lostReason?: string;
}

/** A hand move; every sales screen reads the pipeline again afterwards. */
export function useMoveOpportunity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: MoveInput) =>
      apiRequest<OpportunitySummary>(`/sales/opportunities/${id}/move`, {
        method: 'POST',
        body,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: salesQueryKey }),
  });
}

export interface OpportunityChanges {
  ownerUserId?: string | null;
  valueCents?: number | null;
  followUpOn?: string | null;
  expectedCloseOn?: string | null;
}

export function useUpdateOpportunity(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: OpportunityChanges) =>
      apiRequest<OpportunitySummary>(`/sales/opportunities/${id}`, {
        method: 'PATCH',
        body: changes,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: salesQueryKey }),
  });
}

export function useAddNote(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      apiRequest<{ id: string; at: string }>(`/sales/opportunities/${id}/notes`, {
        method: 'POST',
        body: { body },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: opportunityQueryKey(id) }),
  });
}

export function useSaveSalesSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SalesSettingsInput) =>
      apiRequest<SalesSettings>('/sales/settings', { method: 'PUT', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: salesQueryKey }),
  });
}
