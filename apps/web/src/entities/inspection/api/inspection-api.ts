import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  FinishInspectionInput,
  InspectionAnswerInput,
  InspectionDetail,
  InspectionListResponse,
  InspectionTemplate,
  InspectionTemplateInput,
  InspectionTemplateList,
  StarterTemplateKey,
  StartInspectionInput,
} from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';

/** Every inspection query lives under this key; templates under their own. */
export const inspectionsQueryKey = ['inspections'] as const;
export const inspectionTemplatesQueryKey = ['inspection-templates'] as const;

export const INSPECTION_PAGE_SIZE = 25;

/** A score band of the list's filter, as the API's scoreMin/scoreMax/passed. */
export const SCORE_BANDS = {
  passed: { label: 'Passed', params: { passed: 'true' } },
  failed: { label: 'Failed', params: { passed: 'false' } },
  '90-100': { label: '90–100%', params: { scoreMin: '90', scoreMax: '100' } },
  '70-89': { label: '70–89%', params: { scoreMin: '70', scoreMax: '89.9' } },
  '0-69': { label: 'Below 70%', params: { scoreMin: '0', scoreMax: '69.9' } },
} as const satisfies Record<string, { label: string; params: Record<string, string> }>;
export type ScoreBand = keyof typeof SCORE_BANDS;

export interface InspectionListFilters {
  q: string;
  status: string;
  /** A template family's id. */
  templateId: string;
  customerId: string;
  inspectorId: string;
  from: string;
  to: string;
  scoreBand: ScoreBand | '';
}

export const NO_INSPECTION_FILTERS: InspectionListFilters = {
  q: '',
  status: '',
  templateId: '',
  customerId: '',
  inspectorId: '',
  from: '',
  to: '',
  scoreBand: '',
};

export function hasInspectionFilters(filters: InspectionListFilters): boolean {
  return Object.entries(filters).some(([, value]) => value.trim() !== '');
}

/** The list's query string: only the filters that are set, then the page size and cursor. */
export function inspectionListSearch(
  filters: InspectionListFilters,
  cursor: string | null,
  jobId?: string,
): string {
  const params = new URLSearchParams();
  for (const key of ['status', 'templateId', 'customerId', 'inspectorId', 'from', 'to'] as const) {
    if (filters[key]) params.set(key, filters[key]);
  }
  if (filters.scoreBand) {
    for (const [key, value] of Object.entries(SCORE_BANDS[filters.scoreBand].params))
      params.set(key, value);
  }
  const q = filters.q.trim();
  if (q) params.set('q', q);
  if (jobId) params.set('jobId', jobId);
  params.set('limit', String(INSPECTION_PAGE_SIZE));
  if (cursor) params.set('cursor', cursor);
  return params.toString();
}

export function inspectionListQueryOptions(filters: InspectionListFilters, jobId?: string) {
  return infiniteQueryOptions({
    queryKey: [...inspectionsQueryKey, 'list', filters, jobId ?? null],
    queryFn: ({ pageParam, signal }) =>
      apiRequest<InspectionListResponse>(
        `/inspections?${inspectionListSearch(filters, pageParam, jobId)}`,
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/inspections`: newest first, filtered; a team member gets their own visits' only. */
export function useInspectionList(filters: InspectionListFilters, jobId?: string) {
  return useInfiniteQuery(inspectionListQueryOptions(filters, jobId));
}

export function inspectionQueryKey(id: string) {
  return [...inspectionsQueryKey, 'detail', id] as const;
}

export function inspectionQueryOptions(id: string) {
  return queryOptions({
    queryKey: inspectionQueryKey(id),
    queryFn: ({ signal }) =>
      apiRequest<InspectionDetail>(`/inspections/${encodeURIComponent(id)}`, { signal }),
  });
}

/** `GET /api/inspections/:id`: the snapshot, answers, score, what is missing and the findings. */
export function useInspection(id: string) {
  return useQuery(inspectionQueryOptions(id));
}

const path = (id: string, rest = '') => `/inspections/${encodeURIComponent(id)}${rest}`;

/** `PUT /api/inspections/:id/answers/:itemKey`: one answer, saved as given. */
export function saveInspectionAnswer(
  id: string,
  itemKey: string,
  input: InspectionAnswerInput,
): Promise<InspectionDetail> {
  return apiRequest(path(id, `/answers/${encodeURIComponent(itemKey)}`), {
    method: 'PUT',
    body: input,
  });
}

/** `POST /api/inspections/:id/answers/:itemKey/photos?clientId=`: the raw image; a retry with the same clientId stores nothing new. */
export function uploadInspectionPhoto(
  id: string,
  itemKey: string,
  file: Blob,
  clientId: string,
): Promise<InspectionDetail> {
  return apiRequest(
    path(
      id,
      `/answers/${encodeURIComponent(itemKey)}/photos?clientId=${encodeURIComponent(clientId)}`,
    ),
    { method: 'POST', file },
  );
}

/** `DELETE /api/inspections/:id/photos/:photoId`: while the inspection is open. */
export function removeInspectionPhoto(id: string, photoId: string): Promise<InspectionDetail> {
  return apiRequest(path(id, `/photos/${encodeURIComponent(photoId)}`), { method: 'DELETE' });
}

/** The staff report as a PDF: a plain link downloads it with the session's cookie. */
export function inspectionPdfUrl(id: string): string {
  return `/api${path(id, '/report.pdf')}`;
}

/** Mutations that answer the inspection: the detail's cache takes the answer, the lists refresh. */
function useDetailMutation<Input>(
  id: string,
  mutationFn: (input: Input) => Promise<InspectionDetail>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (detail) => {
      queryClient.setQueryData(inspectionQueryKey(id), detail);
      void queryClient.invalidateQueries({ queryKey: [...inspectionsQueryKey, 'list'] });
    },
  });
}

export function useSaveInspectionNotes(id: string) {
  return useDetailMutation(id, (input: { notes?: string; internalNotes?: string }) =>
    apiRequest<InspectionDetail>(path(id, '/notes'), { method: 'PATCH', body: input }),
  );
}

export function useFinishInspection(id: string) {
  return useDetailMutation(id, (input: FinishInspectionInput) =>
    apiRequest<InspectionDetail>(path(id, '/finish'), { method: 'POST', body: input }),
  );
}

export function useStartInspection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StartInspectionInput) =>
      apiRequest<InspectionDetail>('/inspections', { method: 'POST', body: input }),
    onSuccess: (detail) => {
      queryClient.setQueryData(inspectionQueryKey(detail.id), detail);
      void queryClient.invalidateQueries({ queryKey: [...inspectionsQueryKey, 'list'] });
    },
  });
}

// ---- The report: share link, e-mail, findings → quote ----

/** Share, revoke, send and quote change what the detail shows: it is asked for again. */
function useReportMutation<Input, Output>(
  id: string,
  mutationFn: (input: Input) => Promise<Output>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inspectionQueryKey(id) }),
  });
}

export function useShareInspection(id: string) {
  return useReportMutation(id, () =>
    apiRequest<{ url: string; createdAt: string }>(path(id, '/share'), { method: 'POST' }),
  );
}

export function useRevokeInspectionShare(id: string) {
  return useReportMutation(id, () => apiRequest<null>(path(id, '/share'), { method: 'DELETE' }));
}

export function useSendInspectionReport(id: string) {
  return useReportMutation(id, (input: { recipientEmail: string; message: string }) =>
    apiRequest<{ sent: boolean; message: string | null; url: string }>(path(id, '/send'), {
      method: 'POST',
      body: input,
    }),
  );
}

export function useQuoteInspectionFindings(id: string) {
  return useReportMutation(id, (findingIds: string[]) =>
    apiRequest<{ requestId: string; status: string; amountCents: number; findingIds: string[] }>(
      path(id, '/quote'),
      { method: 'POST', body: { findingIds } },
    ),
  );
}

// ---- Templates ----

export function inspectionTemplatesQueryOptions(archived?: boolean) {
  const query = archived === undefined ? '' : `?archived=${String(archived)}`;
  return queryOptions({
    queryKey: [...inspectionTemplatesQueryKey, archived ?? 'all'],
    queryFn: ({ signal }) =>
      apiRequest<InspectionTemplateList>(`/inspection-templates${query}`, { signal }),
  });
}

/** `GET /api/inspection-templates`: the newest version of each, and the starters not adopted. */
export function useInspectionTemplates(archived?: boolean) {
  return useQuery(inspectionTemplatesQueryOptions(archived));
}

function useTemplateMutation<Input>(mutationFn: (input: Input) => Promise<InspectionTemplate>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inspectionTemplatesQueryKey }),
  });
}

export function useCreateInspectionTemplate() {
  return useTemplateMutation((input: InspectionTemplateInput) =>
    apiRequest<InspectionTemplate>('/inspection-templates', { method: 'POST', body: input }),
  );
}

/** A new version: inspections already started keep the one they copied. */
export function useEditInspectionTemplate() {
  return useTemplateMutation(({ id, input }: { id: string; input: InspectionTemplateInput }) =>
    apiRequest<InspectionTemplate>(`/inspection-templates/${encodeURIComponent(id)}`, {
      method: 'PUT',
      body: input,
    }),
  );
}

export function useAdoptStarterTemplate() {
  return useTemplateMutation((key: StarterTemplateKey) =>
    apiRequest<InspectionTemplate>(`/inspection-templates/starters/${encodeURIComponent(key)}`, {
      method: 'POST',
    }),
  );
}

export function useArchiveInspectionTemplate() {
  return useTemplateMutation(({ id, archived }: { id: string; archived: boolean }) =>
    apiRequest<InspectionTemplate>(
      `/inspection-templates/${encodeURIComponent(id)}/${archived ? 'archive' : 'restore'}`,
      { method: 'POST' },
    ),
  );
}
