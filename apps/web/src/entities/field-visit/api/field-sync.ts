import {
  FIELD_SYNC_MAX_CHANGES,
  type FieldChangeResult,
  type FieldChangesResponse,
  type FieldPack,
} from '@crewdesk/domain';
import { apiRequest, isApiError } from '@/lib/api-client';
import { keep, readKept, readOutbox, removeFromOutbox, type Stored } from '@/lib/device-db';
import type { Queued, QueuedChange, QueuedPhoto } from '../model/queued-change';

const PACK_KEY = 'field-pack';

/** `GET /api/field/visits`: today's and tomorrow's visits of the signed-in member. */
export function fetchFieldPack(): Promise<FieldPack> {
  return apiRequest('/field/visits');
}

export function keepFieldPack(pack: FieldPack): Promise<void> {
  return keep(PACK_KEY, pack);
}

export function readKeptFieldPack(): Promise<FieldPack | undefined> {
  return readKept<FieldPack>(PACK_KEY);
}

/** Something the crew must hear about a change once the server had it. */
export interface SyncNotice {
  clientId: string;
  jobId: string;
  /** A refused change (not saved), or a visit the office moved (saved). */
  kind: 'refused' | 'moved';
  /** For a refusal: the server's reason. */
  message: string | null;
  /** For a move: where the visit is now (null: taken off the schedule). */
  movedTo: string | null;
  /** What the change was, in the crew's words, so nothing refused is lost from sight. */
  what: string;
}

export type SyncOutcome =
  | { kind: 'sent'; notices: SyncNotice[] }
  /** No connection (or the server is down): everything not sent waits for the next try. */
  | { kind: 'offline'; notices: SyncNotice[] }
  /** The session ended: sign in again to send what waits. */
  | { kind: 'signed-out'; notices: SyncNotice[] };

/** A change in the crew's words, for a message about it. */
export function describeChange(change: Queued): string {
  switch (change.kind) {
    case 'note':
      return `Note: ${change.text}`;
    case 'photo':
      return 'A photo';
    case 'checklist':
      return change.done ? 'A checklist tick' : 'A checklist untick';
    case 'status':
      return `Visit step: ${change.status.replace(/_/g, ' ')}`;
  }
}

function noticesOf(change: Queued, result: FieldChangeResult): SyncNotice[] {
  const base = { clientId: change.clientId, jobId: change.jobId, what: describeChange(change) };
  if (result.outcome === 'refused')
    return [{ ...base, kind: 'refused', message: result.message, movedTo: null }];
  if (result.moved)
    return [{ ...base, kind: 'moved', message: null, movedTo: result.moved.startsAt }];
  return [];
}

function sendChanges(changes: readonly Stored<QueuedChange>[]): Promise<FieldChangesResponse> {
  return apiRequest('/field/changes', {
    method: 'POST',
    body: {
      changes: changes.map(({ seq: _seq, userId: _userId, ...change }) => change),
    },
  });
}

function sendPhoto(photo: Stored<QueuedPhoto>): Promise<FieldChangeResult> {
  const query = new URLSearchParams({
    clientId: photo.clientId,
    jobId: photo.jobId,
    madeAt: photo.madeAt,
    seenStartsAt: photo.seenStartsAt ?? '',
    label: photo.label ?? '',
  });
  return apiRequest(`/field/photos?${query.toString()}`, { method: 'POST', file: photo.image });
}

/** The next run of what waits: consecutive changes (up to a batch), or one photo. */
function nextRun(waiting: readonly Stored<Queued>[]): Stored<Queued>[] {
  const [first] = waiting;
  if (!first || first.kind === 'photo') return first ? [first] : [];
  const run: Stored<Queued>[] = [];
  for (const change of waiting) {
    if (change.kind === 'photo' || run.length === FIELD_SYNC_MAX_CHANGES) break;
    run.push(change);
  }
  return run;
}

/**
 * Sends what waits for `userId`, oldest first, in runs. Each change keeps the id it was made
 * with, so a run whose answer was lost is simply sent again: the server answers "duplicate".
 * An entry leaves the outbox only once the server has answered for it.
 */
export async function sendWaitingChanges(userId: string): Promise<SyncOutcome> {
  const notices: SyncNotice[] = [];
  for (;;) {
    // A browser that cannot keep an outbox (no IndexedDB) has nothing waiting in it.
    const outbox = await readOutbox<Queued>().catch((): Stored<Queued>[] => []);
    const waiting = outbox.filter((change) => change.userId === userId);
    const run = nextRun(waiting);
    if (run.length === 0) return { kind: 'sent', notices };
    try {
      const results =
        run[0]?.kind === 'photo'
          ? [await sendPhoto(run[0])]
          : (await sendChanges(run as Stored<QueuedChange>[])).results;
      run.forEach((change, i) => {
        const result = results[i];
        if (result) notices.push(...noticesOf(change, result));
      });
      await removeFromOutbox(run.map((change) => change.seq));
    } catch (error) {
      if (isApiError(error) && error.status === 401) return { kind: 'signed-out', notices };
      if (isApiError(error) && error.status >= 400 && error.status < 500) {
        // The server refused the request itself (a photo too large, say): it would refuse it
        // again, so it leaves the outbox and the crew is told what was not saved.
        run.forEach((change) =>
          notices.push({
            clientId: change.clientId,
            jobId: change.jobId,
            kind: 'refused',
            message: error.message || 'The server refused it.',
            movedTo: null,
            what: describeChange(change),
          }),
        );
        await removeFromOutbox(run.map((change) => change.seq));
        continue;
      }
      return { kind: 'offline', notices };
    }
  }
}
