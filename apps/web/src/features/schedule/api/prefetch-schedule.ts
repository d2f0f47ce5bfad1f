import type { QueryClient } from '@tanstack/react-query';
import { canDispatchJobs, localDateOf, type BusinessAccount, type Role } from '@crewdesk/domain';
import { isIsoDate, isScheduleView, rangeOf, weekStartsOnOf } from '../lib/calendar-range';
import { browserTimeZone } from '@/lib/time-zone';
import { defaultScheduleView } from '../lib/use-now';
import { scheduleQueryOptions } from './get-schedule';

interface SessionOfPrefetch {
  role: Role;
  activeAccountId: string | null;
  accounts: readonly BusinessAccount[];
}

/**
 * /schedule's first request, asked for while the page's code loads (app/router): the range the
 * page asks for (routes/schedule-page.tsx reads ?view=&date=&member= the same way; its test holds
 * them together), in the business's zone as the session knows it.
 */
export function prefetchSchedule({
  queryClient,
  me,
  search,
}: {
  queryClient: QueryClient;
  me: SessionOfPrefetch;
  search: URLSearchParams;
}): void {
  const account = me.accounts.find((a) => a.account_id === me.activeAccountId);
  const timeZone = account?.time_zone ?? browserTimeZone();
  const viewParam = search.get('view');
  const view = isScheduleView(viewParam) ? viewParam : defaultScheduleView();
  const dateParam = search.get('date');
  const anchor = isIsoDate(dateParam) ? dateParam : localDateOf(new Date(), timeZone);
  const assigneeId = canDispatchJobs(me.role) ? (search.get('member') ?? '') : '';
  void queryClient.prefetchQuery(
    scheduleQueryOptions({ ...rangeOf(view, anchor, weekStartsOnOf(account)), assigneeId }),
  );
}
