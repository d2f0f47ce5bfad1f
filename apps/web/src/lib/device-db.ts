/**
 * What this device keeps for working without a connection (issue 26), in IndexedDB: a few
 * values by key (the field worker's visits of today and tomorrow) and an outbox of changes made
 * offline, each under the id the device gave it.
 */
const DB_NAME = 'crewdesk-device';
const DB_VERSION = 1;
const KEPT = 'kept';
const OUTBOX = 'outbox';

/** Told whenever the outbox changes, so every "changes waiting" count on the page follows. */
const outboxListeners = new Set<() => void>();

export function onOutboxChange(listener: () => void): () => void {
  outboxListeners.add(listener);
  return () => outboxListeners.delete(listener);
}

function outboxChanged(): void {
  for (const listener of outboxListeners) listener();
}

let opening: Promise<IDBDatabase> | null = null;

function openDeviceDb(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    if (typeof indexedDB === 'undefined') {
      reject(new Error('This browser cannot keep data for offline use.'));
      return;
    }
    const request = indexedDB.open(DB_NAME, DB_VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(KEPT)) db.createObjectStore(KEPT);
      if (!db.objectStoreNames.contains(OUTBOX))
        db.createObjectStore(OUTBOX, { keyPath: 'seq', autoIncrement: true });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB did not open.'));
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed.'));
  });
}

async function store(name: string, mode: IDBTransactionMode): Promise<IDBObjectStore> {
  const db = await openDeviceDb();
  return db.transaction(name, mode).objectStore(name);
}

export async function readKept<T>(key: string): Promise<T | undefined> {
  return done((await store(KEPT, 'readonly')).get(key)) as Promise<T | undefined>;
}

export async function keep(key: string, value: unknown): Promise<void> {
  await done((await store(KEPT, 'readwrite')).put(value, key));
}

/** An outbox entry as stored: `seq` keeps the order they were made in. */
export type Stored<T> = T & { seq: number };

export async function addToOutbox<T extends object>(entry: T): Promise<void> {
  await done((await store(OUTBOX, 'readwrite')).add(entry));
  outboxChanged();
}

/** The outbox, oldest first. */
export async function readOutbox<T>(): Promise<Stored<T>[]> {
  return done((await store(OUTBOX, 'readonly')).getAll()) as Promise<Stored<T>[]>;
}

export async function removeFromOutbox(seqs: readonly number[]): Promise<void> {
  if (seqs.length === 0) return;
  const outbox = await store(OUTBOX, 'readwrite');
  await Promise.all(seqs.map((seq) => done(outbox.delete(seq))));
  outboxChanged();
}

/**
 * At sign-out: the kept copies (client names, addresses) go. The outbox stays: it holds work
 * done offline, each entry with the person who did it, and is sent only when they sign in again.
 */
export async function forgetDeviceData(): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  try {
    await done((await store(KEPT, 'readwrite')).clear());
  } catch {
    // A browser that cannot open IndexedDB kept nothing in it.
  }
}
