import type { FieldPack, FieldVisit } from '@crewdesk/domain';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { isApiError } from '@/lib/api-client';
import { addToOutbox, keep, onOutboxChange, readOutbox } from '@/lib/device-db';
import { flushPunches, queuedPunches } from '@/entities/time/api/punch-queue';
import { learnLocationConsent } from '@/entities/time/model/location-consent';
import {
  changesWaiting,
  type Queued,
  type QueuedChange,
  type QueuedPhoto,
} from '../model/queued-change';
import {
  describeChange,
  fetchFieldPack,
  keepFieldPack,
  readKeptFieldPack,
  sendWaitingChanges,
  type SyncNotice,
} from './field-sync';

/** When this browser cannot keep an outbox at all. */
const CANNOT_KEEP_MESSAGE =
  'This browser cannot keep changes on the phone: use the full visit details while online.';

/** While changes wait and the browser says it is online, they are tried again this often. */
const RETRY_MS = 30_000;

export type FieldLoad =
  /** Reading what the phone kept. */
  | 'loading'
  /** Visits to show (fresh, or kept from the last connection). */
  | 'ready'
  /** Offline, and this phone kept nothing yet. */
  | 'nothing-kept'
  /** The session ended: sign in again. */
  | 'signed-out'
  /** The server answered with an error, and nothing was kept. */
  | 'error';

/** A change as the view makes it: the id, the time, the person and the seen start are added. */
type Added = 'clientId' | 'madeAt' | 'userId' | 'seenStartsAt';
/** Omit over each member of a union (the built-in one merges them first). */
type OmitEach<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
export type NewChange = OmitEach<QueuedChange | QueuedPhoto, Added>;

interface FieldVisitsValue {
  load: FieldLoad;
  pack: FieldPack | null;
  /** True when the visits shown came from this phone, not from the server just now. */
  fromPhone: boolean;
  online: boolean;
  syncing: boolean;
  /** This person's changes on the phone not yet sent (visit timers included). */
  waiting: number;
  queue: readonly Queued[];
  notices: readonly SyncNotice[];
  dismissNotice: (clientId: string) => void;
  record: (visit: FieldVisit, change: NewChange) => Promise<void>;
  syncNow: () => void;
  /** After a visit-timer punch was kept or sent: counts what waits again. */
  recountPunches: () => void;
}

const FieldVisitsContext = createContext<FieldVisitsValue | null>(null);

export function useFieldVisits(): FieldVisitsValue {
  const value = useContext(FieldVisitsContext);
  if (!value) throw new Error('useFieldVisits is used inside FieldVisitsProvider');
  return value;
}

function browserOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/**
 * The visits kept on this phone and the changes waiting to be sent: read from IndexedDB first
 * (so the view opens without a connection), then refreshed from the server, with what waits
 * sent before, whenever the connection is there or comes back.
 */
export function FieldVisitsProvider({ children }: { children: ReactNode }) {
  const [load, setLoad] = useState<FieldLoad>('loading');
  const [pack, setPack] = useState<FieldPack | null>(null);
  const [fromPhone, setFromPhone] = useState(true);
  const [online, setOnline] = useState(browserOnline);
  const [syncing, setSyncing] = useState(false);
  const [queue, setQueue] = useState<Queued[]>([]);
  const [punches, setPunches] = useState(queuedPunches);
  const [notices, setNotices] = useState<SyncNotice[]>([]);
  const packRef = useRef<FieldPack | null>(null);
  const running = useRef<Promise<void> | null>(null);
  /** A change recorded while a sync ran: one more run follows it. */
  const runAgain = useRef(false);

  const readQueue = useCallback(async () => {
    setQueue(await readOutbox<Queued>().catch(() => []));
    setPunches(queuedPunches());
  }, []);

  const showPack = useCallback((next: FieldPack, kept: boolean) => {
    // A copy kept by an older version has no consent: the step asks the server instead.
    if (typeof next.locationConsent === 'boolean') learnLocationConsent(next.locationConsent);
    packRef.current = next;
    setPack(next);
    setFromPhone(kept);
    setLoad('ready');
  }, []);

  /** One pass: sends what waits, then takes a fresh copy; offline, keeps what is shown. */
  const syncOnce = useCallback(async () => {
    if (!browserOnline()) {
      if (!packRef.current) setLoad('nothing-kept');
      return;
    }
    setSyncing(true);
    try {
      const before = await fetchFieldPack();
      const sent = await sendWaitingChanges(before.userId);
      await flushPunches();
      if (sent.notices.length > 0) setNotices((shown) => [...shown, ...sent.notices]);
      const fresh = sent.kind === 'sent' ? await fetchFieldPack() : before;
      await keepFieldPack(fresh).catch(() => undefined);
      showPack(fresh, false);
    } catch (error) {
      if (isApiError(error) && error.status === 401) {
        packRef.current = null;
        setPack(null);
        await keep('field-pack', undefined).catch(() => undefined);
        setLoad('signed-out');
      } else if (!packRef.current) {
        // The server answered with an error, or there was no answer at all (no signal).
        setLoad(isApiError(error) ? 'error' : 'nothing-kept');
      }
    } finally {
      setSyncing(false);
      await readQueue();
    }
  }, [readQueue, showPack]);

  /** One pass at a time; a change recorded during a pass gets one more pass after it. */
  const syncNow = useCallback(() => {
    if (running.current) {
      runAgain.current = true;
      return;
    }
    running.current = (async () => {
      do {
        runAgain.current = false;
        await syncOnce();
      } while (runAgain.current);
    })().finally(() => {
      running.current = null;
    });
  }, [syncOnce]);

  useEffect(() => {
    let cancelled = false;
    void readKeptFieldPack()
      .catch(() => undefined)
      .then((kept) => {
        if (cancelled) return;
        if (kept) showPack(kept, true);
        void readQueue();
        syncNow();
      });
    const goOnline = () => {
      setOnline(true);
      syncNow();
    };
    const goOffline = () => setOnline(false);
    window.addEventListener('online', goOnline);
    window.addEventListener('offline', goOffline);
    const stop = onOutboxChange(() => void readQueue());
    return () => {
      cancelled = true;
      window.removeEventListener('online', goOnline);
      window.removeEventListener('offline', goOffline);
      stop();
    };
  }, [readQueue, showPack, syncNow]);

  const mine = useMemo(
    () => (pack ? queue.filter((change) => change.userId === pack.userId) : queue),
    [pack, queue],
  );
  const waiting = changesWaiting(mine, punches);

  useEffect(() => {
    if (waiting === 0 || !online) return;
    const timer = window.setInterval(syncNow, RETRY_MS);
    return () => window.clearInterval(timer);
  }, [waiting, online, syncNow]);

  const record = useCallback(
    async (visit: FieldVisit, change: NewChange) => {
      const owner = packRef.current?.userId;
      if (!owner) return;
      const entry = {
        ...change,
        clientId: crypto.randomUUID(),
        madeAt: new Date().toISOString(),
        userId: owner,
        seenStartsAt: visit.startsAt,
      } as Queued;
      // Shown at once (a tick must stay ticked under the thumb); the outbox read replaces it.
      setQueue((shown) => [...shown, entry]);
      try {
        await addToOutbox(entry);
      } catch {
        // No IndexedDB here (some private windows): the change cannot wait on this phone.
        setQueue((shown) => shown.filter((queued) => queued.clientId !== entry.clientId));
        setNotices((shown) => [
          ...shown,
          {
            clientId: entry.clientId,
            jobId: entry.jobId,
            kind: 'refused',
            message: CANNOT_KEEP_MESSAGE,
            movedTo: null,
            what: describeChange(entry),
          },
        ]);
        return;
      }
      if (browserOnline()) syncNow();
    },
    [syncNow],
  );

  const recountPunches = useCallback(() => setPunches(queuedPunches()), []);

  const dismissNotice = useCallback(
    (clientId: string) => setNotices((shown) => shown.filter((n) => n.clientId !== clientId)),
    [],
  );

  const value = useMemo<FieldVisitsValue>(
    () => ({
      load,
      pack,
      fromPhone,
      online,
      syncing,
      waiting,
      queue: mine,
      notices,
      dismissNotice,
      record,
      syncNow,
      recountPunches,
    }),
    [
      load,
      pack,
      fromPhone,
      online,
      syncing,
      waiting,
      mine,
      notices,
      dismissNotice,
      record,
      syncNow,
      recountPunches,
    ],
  );
  return <FieldVisitsContext.Provider value={value}>{children}</FieldVisitsContext.Provider>;
}
