import {
  canAccessRoute,
  fixedScreenHeader,
  homeHeader,
  SIGN_IN_HEADER,
  type ScreenHeader,
} from '@crewdesk/domain';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { loadActor } from '../../plugins/session.ts';
import type { FirstPaint } from '../../plugins/spa.ts';
import * as repo from './identity.repo.ts';

/** /auth's query words that open another step than signing in. */
const OTHER_AUTH_STEPS = ['mode', 'step', 'needsVerification', 'token'];

/**
 * What a page request shows first (decision 044): /auth's sign-in heading for a visitor who is
 * signed out, and for a signed-in member the heading of the screens a phone opens most (the
 * home, jobs, tasks, the schedule) when their role may open them. Anything else has none: the
 * app's Loading... shows until it draws the screen.
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
  return { ...paint('dashboard', pathname, header), breadcrumbRow: true };
}

function paint(template: FirstPaint['template'], path: string, header: ScreenHeader): FirstPaint {
  return { template, path, ...header };
}
