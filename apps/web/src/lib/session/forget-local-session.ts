import type { QueryClient } from '@tanstack/react-query';
import { meQueryKey } from './get-me';
import { forgetSession } from './session-storage';
import { markSignedOut } from './sign-out-state';

// Kept apart from sign-out.ts (which brings the toast library) so the auth gate can use it
// without adding that library to the first page load.
/**
 * After the session has ended on the server (a sign-out, or a password reset,
 * which ends every session): clear the three storage keys, keep the "signed
 * out" answer so /auth does not ask again, and drop every other cached query.
 */
export function forgetLocalSession(queryClient: QueryClient): void {
  forgetSession();
  // What the phone kept for working offline (loaded here only: sign-out is rare).
  void import('../device-db').then((db) => db.forgetDeviceData()).catch(() => undefined);
  markSignedOut();
  queryClient.setQueryData(meQueryKey, null);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
}
