import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AssistantConnectionTest,
  AssistantSettings,
  AssistantSettingsInput,
  ToolLogEntry,
} from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';

// Settings > Integrations > AI model and its activity log (admins).
const assistantSettingsQueryKey = ['assistant', 'settings'] as const;
const assistantLogQueryKey = ['assistant', 'log'] as const;
const LOG_PAGE = 50;

export function useAssistantSettings() {
  return useQuery({
    queryKey: assistantSettingsQueryKey,
    queryFn: ({ signal }) => apiRequest<AssistantSettings>('/assistant/settings', { signal }),
  });
}

export function useSaveAssistantSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AssistantSettingsInput) =>
      apiRequest<AssistantSettings>('/assistant/settings', { method: 'PUT', body: input }),
    onSuccess: (saved) => {
      queryClient.setQueryData(assistantSettingsQueryKey, saved);
      // The chat's "no model" screen and suggestions follow the settings.
      void queryClient.invalidateQueries({ queryKey: ['assistant', 'status'] });
    },
  });
}

/** Tries the saved settings: does the endpoint answer, and can it call a tool. */
export function useTestAssistantConnection() {
  return useMutation({
    mutationFn: () =>
      apiRequest<AssistantConnectionTest>('/assistant/settings/test', { method: 'POST' }),
  });
}

export function useAssistantLog() {
  return useInfiniteQuery({
    queryKey: assistantLogQueryKey,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(LOG_PAGE) });
      if (pageParam) params.set('before', pageParam);
      return apiRequest<{ entries: ToolLogEntry[]; nextBefore: string | null }>(
        `/assistant/log?${params.toString()}`,
        { signal },
      );
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextBefore,
  });
}
