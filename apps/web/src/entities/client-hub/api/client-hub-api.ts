import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ClientHub,
  ClientHubChannel,
  ClientHubCodeSent,
  ClientHubLink,
  ClientHubRequestWorkInput,
  ClientHubRevokeResponse,
  ClientHubSettings,
} from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';

// The client's hub (decision 041): public requests by a share link's token, then by the hub's
// own session cookie; and the business's side (preview, revoke, the links' lifetime).

const linkPath = (token: string) => `/public/hub/links/${encodeURIComponent(token)}`;

export const clientHubQueryKey = ['client-hub'] as const;

export function hubLinkQueryOptions(token: string) {
  return queryOptions({
    queryKey: [...clientHubQueryKey, 'link', token],
    queryFn: ({ signal }) => apiRequest<ClientHubLink>(linkPath(token), { signal }),
    retry: false,
  });
}

/** What a share link opens before the code (404 when it opens no hub). */
export function useHubLink(token: string) {
  return useQuery(hubLinkQueryOptions(token));
}

/** The signed-in client's hub; asked for only once the link says this browser has a session. */
export function useClientHub(enabled: boolean) {
  return useQuery({
    queryKey: [...clientHubQueryKey, 'hub'],
    queryFn: ({ signal }) => apiRequest<ClientHub>('/public/hub', { signal }),
    enabled,
    retry: false,
  });
}

export function useSendHubCode(token: string) {
  return useMutation({
    mutationFn: (channel: ClientHubChannel) =>
      apiRequest<ClientHubCodeSent>(`${linkPath(token)}/code`, {
        method: 'POST',
        body: { channel },
      }),
  });
}

export function useVerifyHubCode(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      apiRequest<ClientHub>(`${linkPath(token)}/session`, { method: 'POST', body: { code } }),
    onSuccess: (hub) => {
      queryClient.setQueryData([...clientHubQueryKey, 'hub'], hub);
      queryClient.setQueryData<ClientHubLink>(
        hubLinkQueryOptions(token).queryKey,
        (link) => link && { ...link, signedIn: true },
      );
    },
  });
}

export function useRequestWork() {
  return useMutation({
    mutationFn: (input: ClientHubRequestWorkInput) =>
      apiRequest<{ message: string }>('/public/hub/request-work', { method: 'POST', body: input }),
  });
}

export function useHubSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<null>('/public/hub/sign-out', { method: 'POST' }),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: [...clientHubQueryKey, 'hub'] });
      await queryClient.invalidateQueries({ queryKey: [...clientHubQueryKey, 'link'] });
    },
  });
}

// The business's side ---------------------------------------------------------------------

export function useHubPreview(customerId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...clientHubQueryKey, 'preview', customerId],
    queryFn: ({ signal }) =>
      apiRequest<ClientHub>(`/customers/${encodeURIComponent(customerId)}/client-hub`, { signal }),
    enabled,
  });
}

export function useRevokeHubLinks(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<ClientHubRevokeResponse>(
        `/customers/${encodeURIComponent(customerId)}/client-hub/revoke-links`,
        { method: 'POST' },
      ),
    // Every link of the contact's estimates and invoices changed.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

const SETTINGS_KEY = [...clientHubQueryKey, 'settings'] as const;

export function useClientHubSettings() {
  return useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: ({ signal }) => apiRequest<ClientHubSettings>('/client-hub/settings', { signal }),
  });
}

export function useSaveClientHubSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ClientHubSettings) =>
      apiRequest<ClientHubSettings>('/client-hub/settings', { method: 'PUT', body: input }),
    onSuccess: (saved) => queryClient.setQueryData(SETTINGS_KEY, saved),
  });
}
