import type { DataExport, DataImportResult } from '@crewdesk/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const dataExportsKey = ['data-export'] as const;

/** Polled every 2 s while an archive is being made, so its progress bar moves. */
export function dataExportsQueryOptions() {
  return queryOptions({
    queryKey: dataExportsKey,
    queryFn: ({ signal }) => apiRequest<{ items: DataExport[] }>('/data-export', { signal }),
    refetchInterval: (query) =>
      query.state.data?.items.some((e) => e.status === 'queued' || e.status === 'running')
        ? 2000
        : false,
  });
}

export const requestDataExport = () =>
  apiRequest<DataExport>('/data-export', { method: 'POST', body: {} });

export const deleteDataExport = (id: string) =>
  apiRequest<null>(`/data-export/${id}`, { method: 'DELETE' });

export const dataExportDownloadUrl = (id: string) => `/api/data-export/${id}/download`;

/** The archive as the raw body; some systems call a zip x-zip-compressed, so the type is set. */
export function importArchive(file: File, dryRun: boolean): Promise<DataImportResult> {
  return apiRequest(`/data-import?dryRun=${dryRun}`, {
    method: 'POST',
    file: new Blob([file], { type: 'application/zip' }),
  });
}
