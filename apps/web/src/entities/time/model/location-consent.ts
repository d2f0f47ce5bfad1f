import { readStorage, STORAGE_KEYS } from '@/lib/storage';

/**
 * What this device last heard from the server about the signed-in person's consent to a
 * location at punches, in the active business. The server's record is the consent: this copy only
 * lets a step taken on any screen, after a reload or without a connection, know whether to ask the
 * phone for a position. It belongs to one person in one business, so another person signing in
 * here, or a switch of business, finds nothing and asks the server again.
 */
const CONSENT_KEY = 'crewdesk.time.location-consent';

interface KeptConsent {
  holder: string;
  given: boolean;
}

/** "userId:accountId" of who is signed in here, or null before the session is known. */
function holderHere(): string | null {
  const accountId = readStorage(STORAGE_KEYS.selectedAccountId);
  try {
    const session = JSON.parse(readStorage(STORAGE_KEYS.authSession) ?? 'null') as {
      userId?: unknown;
    } | null;
    return typeof session?.userId === 'string' && accountId
      ? `${session.userId}:${accountId}`
      : null;
  } catch {
    return null;
  }
}

/** Keeps what the server just said (its status, a punch's answer, the field pack, a change). */
export function learnLocationConsent(given: boolean): void {
  const holder = holderHere();
  if (!holder) return;
  try {
    localStorage.setItem(CONSENT_KEY, JSON.stringify({ holder, given } satisfies KeptConsent));
  } catch {
    // Not kept: the next step asks the server again.
  }
}

/** The consent last heard for who is signed in here; null when never heard on this device. */
export function knownLocationConsent(): boolean | null {
  try {
    const kept = JSON.parse(localStorage.getItem(CONSENT_KEY) ?? 'null') as KeptConsent | null;
    const holder = holderHere();
    return kept && holder && kept.holder === holder && typeof kept.given === 'boolean'
      ? kept.given
      : null;
  } catch {
    return null;
  }
}
