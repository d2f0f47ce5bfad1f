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
  const actor = await loadActor(request);
  if (pathname === '/auth') {
    const query = request.query as Record<string, unknown>;
    if (actor || OTHER_AUTH_STEPS.some((word) => word in query)) return null;
    return paint('auth', pathname, SIGN_IN_HEADER);
  }
  if (!actor?.accountId) return null;
  if (pathname === '/') {
    const user = await repo.findUser(db, actor.userId);
    if (!user?.emailVerified) return null;
    return paint(
      'dashboard',
      pathname,
      homeHeader(user.firstName ?? null, actor.role, actor.accountId),
    );
  }
  const header = fixedScreenHeader(pathname);
  if (!header || canAccessRoute(actor.role, actor.accountId, pathname) !== 'allowed') return null;
  return { ...paint('dashboard', pathname, header), breadcrumbRow: true };
}

function paint(template: FirstPaint['template'], path: string, header: ScreenHeader): FirstPaint {
  return { template, path, ...header };
}
