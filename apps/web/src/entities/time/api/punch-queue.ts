import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type {
  JobStatus,
  PunchAction,
  PunchLocation,
  PunchResult,
  TimeStatus,
} from '@crewdesk/domain';
import { apiRequest, isApiError } from '@/lib/api-client';
import { knownLocationConsent, learnLocationConsent } from '../model/location-consent';
import { timeQueryKey } from './time-api';

// ---------------------------------------------------------------------------------------------
// Punches that survive a lost connection
// ---------------------------------------------------------------------------------------------

/** A tap kept on this device until the server has it. */
export interface QueuedPunch {
  clientId: string;
  action: PunchAction;
  jobId: string | null;
  /** When the tap was made, by this device's clock. */
  at: string;
  /**
   * Where the tap was made, found just after it when the person consented (null: none, or the
   * phone could not tell); it travels with the punch however long the punch waits for a signal.
   */
  location?: PunchLocation | null;
}

const QUEUE_KEY = 'crewdesk.time.punches';

export function queuedPunches(): QueuedPunch[] {
  try {
    const stored = JSON.parse(localStorage.getItem(QUEUE_KEY) ?? '[]') as unknown;
    return Array.isArray(stored) ? (stored as QueuedPunch[]) : [];
  } catch {
    return [];
  }
}

function saveQueue(queue: readonly QueuedPunch[]): void {
  localStorage.setItem(QUEUE_KEY, JSON.stringify(queue));
}

export type FlushOutcome =
  | { kind: 'sent'; result: PunchResult | null }
  | { kind: 'offline'; waiting: number }
  | { kind: 'refused'; message: string };

/** Taps of this page whose position is still being found: they, and those after, wait for it. */
const locating = new Set<string>();

/** Takes one punch off the kept list, leaving any tap made while it was being sent. */
function forget(clientId: string): void {
  saveQueue(queuedPunches().filter((p) => p.clientId !== clientId));
}

/** The flush under way: the next waits for it (two at once would race over the same list). */
let flushing: Promise<unknown> = Promise.resolve();

/**
 * Sends the kept punches in order, each with its own id, so a retry never makes a second entry.
 * A network failure keeps the rest for later; a refusal (the server said no) drops that punch
 * and says why. One flush at a time, whoever asks (the punch card, the visit view, a step).
 */
export function flushPunches(): Promise<FlushOutcome> {
  const run = flushing.then(sendKeptPunches);
  flushing = run.catch(() => undefined);
  return run;
}

async function sendKeptPunches(): Promise<FlushOutcome> {
  let result: PunchResult | null = null;
  for (;;) {
    const [next] = queuedPunches();
    // A tap still locating is sent by its own punchNow once its position is known.
    if (!next || locating.has(next.clientId)) return { kind: 'sent', result };
    try {
      result = await apiRequest<PunchResult>('/time/punches', {
        method: 'POST',
        body: { ...next, sentAt: new Date().toISOString(), location: next.location ?? null },
      });
      learnLocationConsent(result.status.locationConsent.given);
      forget(next.clientId);
    } catch (error) {
      if (isApiError(error) && error.status < 500) {
        forget(next.clientId);
        return { kind: 'refused', message: error.message || 'The punch was refused.' };
      }
      return { kind: 'offline', waiting: queuedPunches().length };
    }
  }
}

/**
 * Keeps the tap on the device at once (a reload while the position is found loses nothing), adds
 * where it was made when the person consented, then tries to send everything kept.
 */
export async function punchNow(
  action: PunchAction,
  jobId: string | null = null,
): Promise<FlushOutcome> {
  const clientId = crypto.randomUUID();
  saveQueue([...queuedPunches(), { clientId, action, jobId, at: new Date().toISOString() }]);
  locating.add(clientId);
  try {
    const location = await locationAtTap(action);
    saveQueue(queuedPunches().map((p) => (p.clientId === clientId ? { ...p, location } : p)));
  } finally {
    locating.delete(clientId);
  }
  return flushPunches();
}

const NO_LOCATION_AT = new Set<PunchAction>(['break_start', 'break_end']);

/**
 * The server's record of consent decides whether the phone is asked for a position: as last heard
 * on this device (the field pack brings it offline), else asked now; no answer, no position.
 */
async function consentForPunches(): Promise<boolean> {
  const known = knownLocationConsent();
  if (known !== null) return known;
  try {
    const status = await apiRequest<TimeStatus>('/time/status');
    learnLocationConsent(status.locationConsent.given);
    return status.locationConsent.given;
  } catch {
    return false;
  }
}

async function locationAtTap(action: PunchAction): Promise<PunchLocation | null> {
  if (NO_LOCATION_AT.has(action) || !('geolocation' in navigator)) return null;
  if (!(await consentForPunches())) return null;
  return new Promise((resolve) =>
    navigator.geolocation.getCurrentPosition(
      (position) =>
        resolve({
          latitude: position.coords.latitude,
          longitude: position.coords.longitude,
          accuracyMeters: position.coords.accuracy,
        }),
      () => resolve(null),
      { timeout: 5000, maximumAge: 60_000 },
    ),
  );
}

// ---------------------------------------------------------------------------------------------
// A visit's status steps time it
// ---------------------------------------------------------------------------------------------

/** The timer each of a visit's field steps starts or stops for the person who takes it. */
const PUNCH_OF_STATUS: Partial<Record<JobStatus, PunchAction>> = {
  on_the_way: 'on_my_way',
  in_progress: 'visit_start',
  completed: 'visit_stop',
};

/**
 * The punch of a field worker's own step on a visit, kept on the phone until sent; null for a
 * step that times nothing. The offline visit view counts what waits instead of a message.
 */
export function punchVisitStep(status: JobStatus, jobId: string): Promise<FlushOutcome> | null {
  const action = PUNCH_OF_STATUS[status];
  return action ? punchNow(action, jobId) : null;
}

/**
 * After a field worker's own step on a visit (On my way, Start, Complete), the matching punch:
 * travel, then the visit timer (which clocks them in when they were not), then its end. The
 * punch is kept on the phone without a connection, like any other.
 */
export function useVisitTimerPunch() {
  const queryClient = useQueryClient();
  return (status: JobStatus, jobId: string) => {
    void punchVisitStep(status, jobId)?.then((outcome) => {
      if (outcome.kind === 'refused') toast.error(outcome.message);
      if (outcome.kind === 'offline') {
        toast.info(
          'No connection: the visit timer is kept on this phone until you are back online.',
        );
      }
      void queryClient.invalidateQueries({ queryKey: timeQueryKey });
    });
  };
}
