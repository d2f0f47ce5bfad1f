import { JOBS_ROUTE_ROLES } from '@crewdesk/domain';
import { useEffect } from 'react';
import { fetchFieldPack, keepFieldPack } from '@/entities/field-visit/api/field-sync';
import { useUserRole } from '@/lib/session/user-role';

/**
 * Once the first screen shows, a field worker's phone keeps today's and tomorrow's visits and
 * the visit view's code, so /visits opens later with no signal even if it was never opened
 * before (issue 26). Nothing happens for roles that do not work visits.
 */
export function useKeepFieldVisits(settled: boolean): void {
  const { role, accountId } = useUserRole();
  useEffect(() => {
    if (!settled || !accountId || !JOBS_ROUTE_ROLES.includes(role)) return;
    let cancelled = false;
    void fetchFieldPack()
      .then(async (pack) => {
        if (cancelled) return;
        await keepFieldPack(pack);
        await import('@/features/field-visits/routes/field-visits-pages');
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [settled, role, accountId]);
}
