/**
 * Browser storage keys (spec section 3). The session itself is an HTTP-only
 * cookie; the auth session key only records who is signed in in this browser,
 * so other tabs notice a sign-out.
 */
export const STORAGE_KEYS = {
  selectedAccountId: 'selectedAccountId',
  selectedBusinessId: 'selectedBusinessId',
  authSession: 'crewdesk.auth.session',
  /** The last /api/me answer, so the installed app opens signed in with no signal. */
  sessionCopy: 'crewdesk.auth.session-copy',
  sidebarCollapsed: 'crewdesk.sidebar.collapsed',
  legacyCleared: 'crewdesk.legacy-storage-cleared',
  /** light, dark or system (read before the app by public/theme.js). */
  theme: 'crewdesk.theme',
} as const;

/**
 * Keys earlier builds kept for the business id, the role and the business context. The server
 * is now the only source of the role and the active account, so they are cleared once (spec
 * section 4, auth gate: "a one-time clearing … done and marked complete").
 */
export const LEGACY_STORAGE_KEYS = ['businessId', 'userRole', 'businessContext'] as const;

/** Clears the legacy keys on the first load of this browser, then marks it done. */
export function clearLegacyStorageOnce(): void {
  try {
    const storage = window.localStorage;
    if (storage.getItem(STORAGE_KEYS.legacyCleared) !== null) return;
    for (const key of LEGACY_STORAGE_KEYS) storage.removeItem(key);
    storage.setItem(STORAGE_KEYS.legacyCleared, new Date().toISOString());
  } catch {
    // Storage unavailable: nothing was stored either.
  }
}

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
