import {
  cachedDateTimeFormat,
  canAccessRoute,
  DAY_VIEW_SCREENS,
  canDispatchJobs,
  fixedScreenHeader,
  homeHeader,
  localDateOf,
  openingRanges,
  openingRangeTitles,
  scheduleRangePath,
  WIDER_THAN_DAY_VIEW_SCREENS,
  SIGN_IN_HEADER,
  type ScreenHeader,
} from '@crewdesk/domain';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { loadActor, type Actor } from '../../plugins/session.ts';
import type { CalendarFirstPaint, DataPreload, FirstPaint } from '../../plugins/spa.ts';
import { calendarSettingsOf } from '../accounts/index.ts';
import { rangeHasVisits } from '../schedule/index.ts';
import * as repo from './identity.repo.ts';

/** /auth's query words that open another step than signing in. */
const OTHER_AUTH_STEPS = ['mode', 'step', 'needsVerification', 'token'];

/** /schedule's query words that open another view or date than today's. */
const OTHER_CALENDAR_RANGES = ['view', 'date'];

/**
 * What a page request shows first (decision 044): /auth's sign-in heading for a visitor who is
 * signed out, and for a signed-in member the heading of the screens a phone opens most (the
 * home, jobs, tasks, the schedule) when their role may open them; on the schedule opened on
 * today, its toolbar too, whose date title is the largest thing on a phone's first screen.
 * Anything else has none: the app's Loading... shows until it draws the screen.
 */
export async function chooseFirstPaint(
  db: Db,
  request: FastifyRequest,
  pathname: string,
): Promise<FirstPaint | null> {
  if (pathname === '/auth') {
    const query = request.query as Record<string, unknown>;
    if (OTHER_AUTH_STEPS.some((word) => word in query) || (await loadActor(request))) return null;
    return paint('auth', pathname, SIGN_IN_HEADER);
  }
  const header = fixedScreenHeader(pathname);
  // Other screens have no first paint: their page loads read no session.
  if (pathname !== '/' && !header) return null;
  const actor = await loadActor(request);
  if (!actor?.accountId) return null;
  if (pathname === '/' || !header) {
    const user = await repo.findUser(db, actor.userId);
    if (!user?.emailVerified) return null;
    return paint(
      'dashboard',
      pathname,
      homeHeader(user.firstName ?? null, actor.role, actor.accountId),
    );
  }
  if (canAccessRoute(actor.role, actor.accountId, pathname) !== 'allowed') return null;
  const screen: FirstPaint = { ...paint('dashboard', pathname, header), breadcrumbRow: true };
  if (pathname !== '/schedule') return screen;
  const query = request.query as Record<string, unknown>;
  if (OTHER_CALENDAR_RANGES.some((word) => word in query)) return screen;
  const opening = await openingCalendar(db, actor, actor.accountId, request.server.now());
  return {
    ...screen,
    calendar: opening.calendar,
    // With a member's lane asked for (?member=), the app asks another address: nothing to preload.
    ...(Object.keys(query).length === 0 ? { dataPreloads: opening.dataPreloads } : {}),
  };
}

/**
 * The schedule on the business's today: its titles, written as the app writes them; whether its
 * day and week are empty (the app's "Nothing scheduled" line is then the largest thing on a
 * phone's first screen, so the first paint draws it too); and the preloads of its visits, asked
 * for as the app asks them (a phone opens the day, wider screens the week), so they no longer
 * wait for the calendar's code.
 */
async function openingCalendar(
  db: Db,
  actor: Actor,
  accountId: string,
  now: Date,
): Promise<{ calendar: CalendarFirstPaint; dataPreloads: DataPreload[] }> {
  const { locale, weekStartsOn } = await calendarSettingsOf(db, accountId);
  const today = localDateOf(now, actor.timeZone);
  const titles = openingRangeTitles(today, weekStartsOn, (options) =>
    cachedDateTimeFormat(locale, options),
  );
  const ranges = openingRanges(today, weekStartsOn);
  // The week holds the day: a day with visits has a week with visits.
  const member = { ...actor, accountId };
  const weekHasVisits = await rangeHasVisits(db, member, ranges.week);
  const dayHasVisits = weekHasVisits && (await rangeHasVisits(db, member, ranges.day));
  return {
    calendar: {
      dayTitle: titles.day,
      weekTitle: titles.week,
      canPlan: canDispatchJobs(actor.role),
      emptyDay: !dayHasVisits,
      emptyWeek: !weekHasVisits,
    },
    dataPreloads: [
      { path: `/api${scheduleRangePath(ranges.day)}`, media: DAY_VIEW_SCREENS },
      { path: `/api${scheduleRangePath(ranges.week)}`, media: WIDER_THAN_DAY_VIEW_SCREENS },
    ],
  };
}

function paint(template: FirstPaint['template'], path: string, header: ScreenHeader): FirstPaint {
  return { template, path, ...header };
}
