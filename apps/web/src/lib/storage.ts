/**
 * Browser storage keys (spec section 3). The session itself is an HTTP-only
 * cookie; the auth session key only records who is signed in in this browser,
 * so other tabs notice a sign-out.
 */
export const STORAGE_KEYS = {
  selectedAccountId: 'selectedAccountId',
  selectedBusinessId: 'selectedBusinessId',
  authSession: 'crewdesk.auth.session',
  sidebarCollapsed: 'crewdesk.sidebar.collapsed',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

// Storage can throw (private mode, disabled cookies): the app must keep working.
export function readStorage(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: StorageKey, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Not persisted; the in-memory state still applies.
  }
}

export function removeStorage(key: StorageKey): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing stored, nothing to remove.
  }
}
