import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type {
  NotificationDefaults,
  NotificationKind,
  NotificationPage,
  NotificationPreferences,
  NotificationSettings,
} from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';
import { pagedPath } from '@/lib/keyset-query';

export const notificationsQueryKey = ['notifications'] as const;
const unreadQueryKey = [...notificationsQueryKey, 'unread-count'] as const;
const settingsQueryKey = [...notificationsQueryKey, 'settings'] as const;
const defaultsQueryKey = [...notificationsQueryKey, 'defaults'] as const;

export interface NotificationFilters {
  filter: 'all' | 'unread';
  kind: NotificationKind | null;
}

function listPath(filters: NotificationFilters): string {
  const params = new URLSearchParams({ filter: filters.filter });
  if (filters.kind) params.set('kind', filters.kind);
  return `/notifications?${params.toString()}`;
}

/** `GET /api/notifications`: newest first, a page at a time. */
export function useNotifications(filters: NotificationFilters, pageSize = 20) {
  return useInfiniteQuery({
    queryKey: [...notificationsQueryKey, 'list', filters, pageSize],
    queryFn: ({ pageParam, signal }) =>
      apiRequest<NotificationPage>(pagedPath(listPath(filters), pageSize, pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: NotificationPage) => last.nextCursor,
  });
}

/** `GET /api/notifications/unread-count`: the bell's badge (capped at 100). */
export function useUnreadCount() {
  return useQuery({
    queryKey: unreadQueryKey,
    queryFn: ({ signal }) =>
      apiRequest<{ unread: number }>('/notifications/unread-count', { signal }),
    select: (answer) => answer.unread,
  });
}

/** Every list and the badge read again (after a change, or a live event that told someone). */
export function refreshNotifications(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
}

/** `POST /api/notifications/read` (some) or `/read-all`. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[] | 'all') =>
      ids === 'all'
        ? apiRequest<{ marked: number }>('/notifications/read-all', { method: 'POST', body: {} })
        : apiRequest<{ marked: number }>('/notifications/read', { method: 'POST', body: { ids } }),
    onSettled: () => refreshNotifications(queryClient),
  });
}

export function useNotificationSettings() {
  return useQuery({
    queryKey: settingsQueryKey,
    queryFn: ({ signal }) =>
      apiRequest<NotificationSettings>('/notifications/settings', { signal }),
  });
}

export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NotificationPreferences) =>
      apiRequest<NotificationSettings>('/notifications/settings', { method: 'PUT', body: input }),
    onSuccess: (answer) => queryClient.setQueryData(settingsQueryKey, answer),
  });
}

/** `GET /api/notifications/defaults`: the business's defaults (admins). */
export function useNotificationDefaults(enabled: boolean) {
  return useQuery({
    queryKey: defaultsQueryKey,
    queryFn: ({ signal }) =>
      apiRequest<NotificationSettings>('/notifications/defaults', { signal }),
    enabled,
  });
}

export function useSaveNotificationDefaults() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NotificationDefaults) =>
      apiRequest<NotificationSettings>('/notifications/defaults', { method: 'PUT', body: input }),
    onSuccess: (answer) => {
      queryClient.setQueryData(defaultsQueryKey, answer);
      // What applies to the admin themselves may have changed with the defaults.
      void queryClient.invalidateQueries({ queryKey: settingsQueryKey });
    },
  });
}
