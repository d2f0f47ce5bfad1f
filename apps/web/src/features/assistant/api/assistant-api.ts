import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AssistantStatus,
  ConversationDetail,
  ConversationSummary,
  Proposal,
} from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';

export const assistantQueryKey = ['assistant'] as const;
export const statusQueryKey = [...assistantQueryKey, 'status'] as const;
export const conversationsQueryKey = [...assistantQueryKey, 'conversations'] as const;
export const conversationQueryKey = (id: string) => [...conversationsQueryKey, id] as const;

/** `GET /api/assistant/status`: whether a model is set, the suggested questions, who may set it. */
export function useAssistantStatus() {
  return useQuery({
    queryKey: statusQueryKey,
    queryFn: ({ signal }) => apiRequest<AssistantStatus>('/assistant/status', { signal }),
  });
}

export function useConversations() {
  return useQuery({
    queryKey: conversationsQueryKey,
    queryFn: ({ signal }) =>
      apiRequest<{ conversations: ConversationSummary[] }>('/assistant/conversations', { signal }),
    select: (answer) => answer.conversations,
  });
}

/**
 * One conversation's messages. Only this person's own sends and confirmations change it, and each
 * refreshes it, so it is not fetched again on its own (a stream's new conversation is seeded).
 */
export function useConversation(id: string | null) {
  return useQuery({
    queryKey: conversationQueryKey(id ?? ''),
    queryFn: ({ signal }) =>
      apiRequest<ConversationDetail>(`/assistant/conversations/${id}`, { signal }),
    enabled: id !== null,
    staleTime: Infinity,
  });
}

export function useDeleteConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<null>(`/assistant/conversations/${id}`, { method: 'DELETE' }),
    onSuccess: (_answer, id) => queryClient.removeQueries({ queryKey: conversationQueryKey(id) }),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: conversationsQueryKey, exact: true }),
  });
}

/** Confirm (performs the proposal) or dismiss it; the card shows the answer. */
export function useDecideProposal(conversationId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: 'confirm' | 'dismiss' }) =>
      apiRequest<Proposal>(`/assistant/proposals/${id}/${decision}`, { method: 'POST' }),
    onSettled: () =>
      conversationId
        ? queryClient.invalidateQueries({ queryKey: conversationQueryKey(conversationId) })
        : undefined,
  });
}
