import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { startTransition, useEffect, useState } from 'react';

/** The longest the extras wait for a first screen whose data keeps loading. */
const LONGEST_WAIT_MS = 3000;

let settled = false;
const listeners = new Set<() => void>();

function markSettled(): void {
  if (settled) return;
  settled = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** When the browser has a moment: after React's pending renders and the paint they bring. */
function whenIdle(callback: () => void): void {
  if (typeof window.requestIdleCallback === 'function') {
    window.requestIdleCallback(callback, { timeout: 1000 });
  } else {
    window.setTimeout(callback, 200);
  }
}

/** Calls back once no query is loading, then idle: the screen's data has arrived and shows. */
function afterQueriesSettle(queryClient: QueryClient, callback: () => void): () => void {
  let done = false;
  const check = () => {
    if (done || queryClient.isFetching() > 0) return;
    done = true;
    unsubscribe();
    whenIdle(callback);
  };
  const unsubscribe = queryClient.getQueryCache().subscribe(check);
  // After the screen's own effects have started its queries.
  const timer = window.setTimeout(check, 0);
  return () => {
    done = true;
    window.clearTimeout(timer);
    unsubscribe();
  };
}

/**
 * Put beside a screen, inside its Suspense boundary: mounts when the screen's code has loaded
 * and it has rendered, then waits for its data. From then on useFirstScreenSettled is true.
 */
export function FirstScreenShown() {
  const queryClient = useQueryClient();
  useEffect(
    () => (settled ? undefined : afterQueriesSettle(queryClient, markSettled)),
    [queryClient],
  );
  return null;
}

/**
 * False until the first screen of this page load shows its data (or LONGEST_WAIT_MS has passed),
 * then true for good. What the first screen does not need (the header's menus, the slide-out
 * menu) waits for it, so its code and requests do not compete with the screen's on a slow phone.
 */
export function useFirstScreenSettled(): boolean {
  const [isSettled, setSettled] = useState(settled);
  useEffect(() => {
    // What settling brings (the header's menus, the slide-out menu, the offline visits) renders
    // in a transition: in slices the browser can answer a tap between, not one long task
    // (~190 ms on a phone's CPU for the header's menus alone; a synced store would force that).
    const settle = () => startTransition(() => setSettled(true));
    if (settled) {
      settle();
      return;
    }
    const unsubscribe = subscribe(settle);
    const timer = window.setTimeout(markSettled, LONGEST_WAIT_MS);
    return () => {
      unsubscribe();
      window.clearTimeout(timer);
    };
  }, []);
  return isSettled;
}
