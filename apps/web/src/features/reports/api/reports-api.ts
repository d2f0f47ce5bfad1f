import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const reportsQueryKey = ['reports'] as const;

/** A report's answer at `path` (its query is part of the key). */
export function useReport<Answer>(path: string, enabled = true) {
  return useQuery({
    enabled,
    queryKey: [...reportsQueryKey, path],
    queryFn: ({ signal }) => apiRequest<Answer>(path, { signal }),
    // A new range keeps the last answer on screen (dimmed) until the next arrives.
    placeholderData: keepPreviousData,
  });
}

/** The rows behind a figure (`…/rows?…`): invoices or payments, each linking to its page. */
export function useReportRows(path: string | null) {
  return useQuery({
    queryKey: [...reportsQueryKey, 'rows', path],
    queryFn: ({ signal }) =>
      apiRequest<{ rows: unknown[]; truncated: boolean }>(path ?? '', { signal }),
    enabled: path !== null,
  });
}
