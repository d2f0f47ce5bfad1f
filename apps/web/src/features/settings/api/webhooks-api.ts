import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreatedWebhookEndpoint,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointInput,
} from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';

// Settings > Integrations is the only screen that speaks to these endpoints.
const webhooksQueryKey = ['webhooks'] as const;

export function useWebhookEndpoints() {
  return useQuery({
    queryKey: [...webhooksQueryKey, 'list'],
    queryFn: ({ signal }) => apiRequest<{ items: WebhookEndpoint[] }>('/webhooks', { signal }),
    select: (answer) => answer.items,
  });
}

export function useWebhookEventTypes() {
  return useQuery({
    queryKey: [...webhooksQueryKey, 'event-types'],
    queryFn: ({ signal }) =>
      apiRequest<{ eventTypes: string[] }>('/webhooks/event-types', { signal }),
    select: (answer) => answer.eventTypes,
    staleTime: Infinity,
  });
}

export function useWebhookDeliveries(endpointId: string) {
  return useQuery({
    queryKey: [...webhooksQueryKey, 'deliveries', endpointId],
    queryFn: ({ signal }) =>
      apiRequest<{ items: WebhookDelivery[]; nextCursor: string | null }>(
        `/webhooks/${endpointId}/deliveries?limit=20`,
        { signal },
      ),
    select: (answer) => answer.items,
    // While a delivery waits for its attempt or retry, the log looks again every few seconds.
    refetchInterval: (query) =>
      query.state.data?.items.some((d) => d.status === 'pending' || d.status === 'sending')
        ? 3000
        : false,
  });
}

function useRefreshing<Input, Answer>(call: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}

export function useCreateWebhook() {
  return useRefreshing((input: WebhookEndpointInput) =>
    apiRequest<CreatedWebhookEndpoint>('/webhooks', { method: 'POST', body: input }),
  );
}

export function useUpdateWebhook() {
  return useRefreshing(({ id, ...input }: WebhookEndpointInput & { id: string }) =>
    apiRequest<WebhookEndpoint>(`/webhooks/${id}`, { method: 'PUT', body: input }),
  );
}

export function useDeleteWebhook() {
  return useRefreshing((id: string) => apiRequest<null>(`/webhooks/${id}`, { method: 'DELETE' }));
}

export function useTestWebhook() {
  return useRefreshing((id: string) =>
    apiRequest<WebhookDelivery>(`/webhooks/${id}/test`, { method: 'POST', body: {} }),
  );
}
