import { removeStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage';
import type { MeResponse } from './types';

/** Records who is signed in here (no token: the session is an HTTP-only cookie). */
export function rememberSession(me: MeResponse): void {
  writeStorage(
    STORAGE_KEYS.authSession,
    JSON.stringify({ userId: me.user.id, email: me.user.email }),
  );
  if (me.activeAccountId) writeStorage(STORAGE_KEYS.selectedAccountId, me.activeAccountId);
}

/** Spec section 4, sign-out: clear selectedAccountId, selectedBusinessId and the auth session key. */
export function forgetSession(): void {
  removeStorage(STORAGE_KEYS.selectedAccountId);
  removeStorage(STORAGE_KEYS.selectedBusinessId);
  removeStorage(STORAGE_KEYS.authSession);
}
