import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccessToken, AccessTokenScope } from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';

// Settings and the assistant's page both let a person manage their own MCP tokens.
const accessTokensQueryKey = ['assistant', 'access-tokens'] as const;

export interface CreatedAccessToken {
  token: string;
  accessToken: AccessToken;
}

export function useAccessTokens() {
  return useQuery({
    queryKey: accessTokensQueryKey,
    queryFn: ({ signal }) => apiRequest<{ tokens: AccessToken[] }>('/assistant/tokens', { signal }),
    select: (answer) => answer.tokens,
  });
}

export function useCreateAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; scopes: AccessTokenScope[] }) =>
      apiRequest<CreatedAccessToken>('/assistant/tokens', { method: 'POST', body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accessTokensQueryKey }),
  });
}

export function useRevokeAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<null>(`/assistant/tokens/${id}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accessTokensQueryKey }),
  });
}
