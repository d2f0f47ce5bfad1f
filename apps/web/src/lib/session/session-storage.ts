import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage';
import type { MeResponse } from './types';

/** Records who is signed in here (no token: the session is an HTTP-only cookie). */
export function rememberSession(me: MeResponse): void {
  writeStorage(
    STORAGE_KEYS.authSession,
    JSON.stringify({ userId: me.user.id, email: me.user.email }),
  );
  if (me.activeAccountId) writeStorage(STORAGE_KEYS.selectedAccountId, me.activeAccountId);
  if (!me.offline && !me.accountsError) writeStorage(STORAGE_KEYS.sessionCopy, JSON.stringify(me));
}

/**
 * The session as this device last heard it, for opening with no connection: only while the
 * browser still records that person as signed in here (a sign-out removes both).
 */
export function keptSessionCopy(): MeResponse | null {
  try {
    const marker = JSON.parse(readStorage(STORAGE_KEYS.authSession) ?? 'null') as {
      userId?: string;
    } | null;
    const copy = JSON.parse(readStorage(STORAGE_KEYS.sessionCopy) ?? 'null') as MeResponse | null;
    return marker?.userId && copy?.user.id === marker.userId ? { ...copy, offline: true } : null;
  } catch {
    return null;
  }
}

/** Spec section 4, sign-out: clear selectedAccountId, selectedBusinessId and the auth session key. */
export function forgetSession(): void {
  removeStorage(STORAGE_KEYS.selectedAccountId);
  removeStorage(STORAGE_KEYS.selectedBusinessId);
  removeStorage(STORAGE_KEYS.authSession);
  removeStorage(STORAGE_KEYS.sessionCopy);
}
