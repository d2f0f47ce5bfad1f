import { queryOptions, useQuery } from '@tanstack/react-query';
import { USER_NOT_AUTHENTICATED } from '@crewdesk/domain';
import { apiRequest, errorMessage, isApiError } from '@/lib/api-client';
import { readStorage, removeStorage, STORAGE_KEYS } from '@/lib/storage';
import { takeSessionPreload } from './session-preload';
import { keptSessionCopy } from './session-storage';
import { clearSignedOut } from './sign-out-state';
import type { MeResponse, SessionUser } from './types';

export const meQueryKey = ['me'] as const;

/**
 * The signed-in user, or null for a visitor. A browser that has never signed
 * in asks better-auth's get-session first (it answers 200 with null), so a
 * visitor's page load does not log a 401; a browser with the session marker,
 * or whose page came with the server's preload of /api/me, goes straight to /api/me.
 */
export async function fetchMe(signal?: AbortSignal): Promise<MeResponse | null> {
  const preloaded = takeSessionPreload();
  if (!preloaded && readStorage(STORAGE_KEYS.authSession) === null) {
    const session = await apiRequest<unknown>('/auth/get-session', { signal });
    if (session === null || session === undefined) return null;
  }
  try {
    const me = await apiRequest<MeResponse>('/me', { signal });
    clearSignedOut();
    return me;
  } catch (error) {
    if (isApiError(error) && error.status === 401) {
      // The session ended elsewhere (expired, revoked): ask get-session next time.
      removeStorage(STORAGE_KEYS.authSession);
      return null;
    }
    // No connection (no answer at all): the installed app opens on the copy kept here.
    if (!isApiError(error)) {
      const kept = keptSessionCopy();
      if (kept) return kept;
    }
    if (errorMessage(error, '').includes(USER_NOT_AUTHENTICATED)) throw error;
    return (await signedInWithoutAccounts(error, signal)) ?? Promise.reject(error);
  }
}

interface AuthSessionAnswer {
  user?: Partial<SessionUser> & { image?: string | null; id?: string; email?: string };
}

/**
 * Spec section 4: when loading the accounts fails for any reason but an ended session, the user
 * carries on with no account and the temporary role member, and the error is shown. Who they
 * are comes from the auth session; null when that cannot be read either.
 */
async function signedInWithoutAccounts(
  error: unknown,
  signal?: AbortSignal,
): Promise<MeResponse | null> {
  const answer = await apiRequest<AuthSessionAnswer | null>('/auth/get-session', { signal }).catch(
    () => null,
  );
  const user = answer?.user;
  if (!user?.id || !user.email) return null;
  return {
    user: {
      id: user.id,
      email: user.email,
      name: user.name ?? '',
      firstName: user.firstName ?? null,
      lastName: user.lastName ?? null,
      avatarUrl: user.image ?? null,
      emailVerified: user.emailVerified ?? false,
      phoneNumber: user.phoneNumber ?? null,
      phoneNumberVerified: user.phoneNumberVerified ?? false,
    },
    // Where onboarding stands is part of what failed to load: the gate does not send the user there.
    onboarding: { complete: true, stepCompleted: 0, required: false },
    accounts: [],
    activeAccountId: null,
    role: 'member',
    accountsError: errorMessage(error, 'Something went wrong'),
  };
}

export function meQueryOptions() {
  return queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => fetchMe(signal),
    // Asked with no connection too: fetchMe answers from the copy kept on the device.
    networkMode: 'always',
  });
}

export function useMe() {
  return useQuery(meQueryOptions());
}
