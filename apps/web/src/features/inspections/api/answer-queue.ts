import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { InspectionAnswerInput } from '@crewdesk/domain';
import {
  inspectionQueryKey,
  inspectionsQueryKey,
  saveInspectionAnswer,
} from '@/entities/inspection/api/inspection-api';
import { errorMessage, isApiError } from '@/lib/api-client';

/** How long a lost connection waits before the answers are sent again. */
export const ANSWER_RETRY_MS = 5_000;

export type AnswerSaveState = 'saving' | 'unsaved' | 'refused';

export interface PendingAnswer {
  input: InspectionAnswerInput;
  seq: number;
  state: AnswerSaveState;
  /** Why the server refused it (a 4xx): it is not sent again. */
  error?: string;
}

export type PendingAnswers = Readonly<Record<string, PendingAnswer>>;

export function answersStorageKey(inspectionId: string): string {
  return `crewdesk.inspection.${inspectionId}.answers`;
}

function load(inspectionId: string): PendingAnswers {
  try {
    const stored = JSON.parse(
      localStorage.getItem(answersStorageKey(inspectionId)) ?? '{}',
    ) as unknown;
    if (!stored || typeof stored !== 'object') return {};
    const kept: Record<string, PendingAnswer> = {};
    for (const [key, input] of Object.entries(stored as Record<string, InspectionAnswerInput>)) {
      kept[key] = { input, seq: 0, state: 'unsaved' };
    }
    return kept;
  } catch {
    return {};
  }
}

/** Only what the server has not refused is kept on the device. */
function persist(inspectionId: string, pending: PendingAnswers): void {
  const kept = Object.fromEntries(
    Object.entries(pending)
      .filter(([, p]) => p.state !== 'refused')
      .map(([key, p]) => [key, p.input]),
  );
  try {
    if (Object.keys(kept).length === 0) localStorage.removeItem(answersStorageKey(inspectionId));
    else localStorage.setItem(answersStorageKey(inspectionId), JSON.stringify(kept));
  } catch {
    // A full or blocked storage still leaves the answers in memory, sent while the page is open.
  }
}

/** A refusal the same request would earn again; anything else (no network, 5xx, 429) is retried. */
function isRefusal(error: unknown): boolean {
  return isApiError(error) && error.status < 500 && error.status !== 408 && error.status !== 429;
}

/**
 * The answers of one inspection, saved as they are given, one request per item. An answer is
 * kept in memory and on the device until the server has it; a lost connection keeps it and
 * tries again every few seconds (and when the device is back online), so nothing is lost. A
 * newer answer to the same item replaces the older one before it is sent.
 */
export function useAnswerQueue(inspectionId: string) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<PendingAnswers>(() => load(inspectionId));
  const pendingRef = useRef(pending);
  const [offline, setOffline] = useState(false);
  const running = useRef(false);
  const seq = useRef(1);
  const retryTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const update = useCallback(
    (change: (current: PendingAnswers) => PendingAnswers) => {
      pendingRef.current = change(pendingRef.current);
      setPending(pendingRef.current);
      persist(inspectionId, pendingRef.current);
    },
    [inspectionId],
  );

  const flush = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    clearTimeout(retryTimer.current);
    try {
      for (;;) {
        const next = Object.entries(pendingRef.current).find(([, p]) => p.state !== 'refused');
        if (!next) {
          setOffline(false);
          return;
        }
        const [itemKey, entry] = next;
        const sameEntry = (current: PendingAnswers) => current[itemKey]?.seq === entry.seq;
        if (entry.state !== 'saving')
          update((current) => ({ ...current, [itemKey]: { ...entry, state: 'saving' } }));
        try {
          const detail = await saveInspectionAnswer(inspectionId, itemKey, entry.input);
          queryClient.setQueryData(inspectionQueryKey(inspectionId), detail);
          update((current) => {
            if (!sameEntry(current)) return current;
            const { [itemKey]: _saved, ...rest } = current;
            return rest;
          });
          setOffline(false);
        } catch (error) {
          if (isRefusal(error)) {
            update((current) =>
              sameEntry(current)
                ? {
                    ...current,
                    [itemKey]: {
                      ...entry,
                      state: 'refused',
                      error: errorMessage(error, 'This answer was not accepted.'),
                    },
                  }
                : current,
            );
            continue;
          }
          update((current) =>
            Object.fromEntries(
              Object.entries(current).map(([key, p]) => [
                key,
                p.state === 'refused' ? p : { ...p, state: 'unsaved' as const },
              ]),
            ),
          );
          setOffline(true);
          retryTimer.current = setTimeout(() => void flush(), ANSWER_RETRY_MS);
          return;
        }
      }
    } finally {
      running.current = false;
      void queryClient.invalidateQueries({ queryKey: [...inspectionsQueryKey, 'list'] });
    }
  }, [inspectionId, queryClient, update]);

  /** Gives an answer: shown at once, saved now or as soon as the connection allows. */
  const answer = useCallback(
    (itemKey: string, input: InspectionAnswerInput) => {
      const entry: PendingAnswer = { input, seq: seq.current++, state: 'saving' };
      update((current) => ({ ...current, [itemKey]: entry }));
      void flush();
    },
    [flush, update],
  );

  // Answers kept from an earlier visit are sent on opening; a device back online sends the rest.
  useEffect(() => {
    if (Object.keys(pendingRef.current).length > 0) void flush();
    const online = () => void flush();
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      clearTimeout(retryTimer.current);
    };
  }, [flush]);

  const unsavedCount = Object.values(pending).filter((p) => p.state !== 'refused').length;
  return {
    pending,
    answer,
    retryNow: () => void flush(),
    /** The connection failed: the answers wait and are retried. */
    offline,
    unsavedCount,
  };
}
