import { JOBS_ROUTE_ROLES } from '@crewdesk/domain';
import { useEffect } from 'react';
import { fetchFieldPack, keepFieldPack } from '@/entities/field-visit/api/field-sync';
import { useUserRole } from '@/lib/session/user-role';

/**
 * How long after the first screen shows the phone waits before keeping the visits: the pack's
 * request and the visit view's code (its forms' schemas take ~90 ms of a phone's CPU to set up)
 * are for later, so they wait until the screen has been answering taps for a while.
 */
const KEEP_AFTER_MS = 5_000;

/** Runs `work` once the browser is idle (at once where it cannot say); returns the cancel. */
function whenIdle(work: () => void): () => void {
  if (typeof window.requestIdleCallback !== 'function') {
    const timer = window.setTimeout(work);
    return () => window.clearTimeout(timer);
  }
  const handle = window.requestIdleCallback(work, { timeout: 2_000 });
  return () => window.cancelIdleCallback(handle);
}

/**
 * Once the first screen shows (and KEEP_AFTER_MS later, when the phone is idle), a field worker's phone keeps today's and tomorrow's visits and
 * the visit view's code, so /visits opens later with no signal even if it was never opened
 * before (issue 26). Nothing happens for roles that do not work visits.
 */
export function useKeepFieldVisits(settled: boolean): void {
  const { role, accountId } = useUserRole();
  useEffect(() => {
    if (!settled || !accountId || !JOBS_ROUTE_ROLES.includes(role)) return;
    let cancelled = false;
    let cancelIdle = () => {};
    const keep = () => {
      void fetchFieldPack()
        .then(async (pack) => {
          if (cancelled) return;
          await keepFieldPack(pack);
          await import('@/features/field-visits/routes/field-visits-pages');
        })
        .catch(() => undefined);
    };
    const timer = window.setTimeout(() => {
      cancelIdle = whenIdle(keep);
    }, KEEP_AFTER_MS);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
      cancelIdle();
    };
  }, [settled, role, accountId]);
}
