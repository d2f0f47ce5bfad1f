import { canAccessRoute } from '../auth/access.ts';
import type { Role } from '../auth/roles.ts';
import { HOME_OFFICE_ROLES } from '../reports/home-roles.ts';

/**
 * A screen's heading and the line under it. The screens below draw them, and the server writes
 * the same two lines into the page it sends (the first paint, decision 044), so a phone shows
 * the screen's heading before the app's code has arrived.
 */
export interface ScreenHeader {
  title: string;
  description: string;
}

/** /auth, signing in (the page's default step). */
export const SIGN_IN_HEADER: ScreenHeader = {
  title: 'Welcome back',
  description: 'Sign in to manage your contacts, jobs and invoices.',
};

export const JOBS_HEADER: ScreenHeader = {
  title: 'Jobs',
  description: 'The work you do for your clients, one-time or recurring.',
};

export const TASKS_HEADER: ScreenHeader = {
  title: 'Tasks',
  description: 'To-dos for the team, with or without a client.',
};

export const SCHEDULE_HEADER: ScreenHeader = {
  title: 'Schedule',
  description: 'Who is where, and when.',
};

export type HomeKind = 'office' | 'field' | 'sales' | 'other';

/**
 * Which home a role gets (decision 033): the office (the /reports roles) sees the business's day
 * and money; those who work visits (the /jobs roles) their own day; a sales person their
 * pipeline; anyone else (estimate-free, member) the greeting and what their role may open.
 */
export function homeKindOf(role: Role | null, accountId: string | null): HomeKind {
  if (role && accountId && HOME_OFFICE_ROLES.includes(role)) return 'office';
  if (canAccessRoute(role, accountId, '/jobs') === 'allowed') return 'field';
  if (canAccessRoute(role, accountId, '/sales') === 'allowed') return 'sales';
  return 'other';
}

const HOME_DESCRIPTIONS: Record<HomeKind, string> = {
  office: "Today's work and what the business is owed, each opening the list behind it.",
  field: 'Your visits, your timer and what is new for you.',
  sales: 'Your opportunities, stage by stage.',
  other: 'Crewdesk runs a service business from the first request to the paid invoice.',
};

/** `/`: the greeting by first name and the line of the role's home. */
export function homeHeader(
  firstName: string | null,
  role: Role | null,
  accountId: string | null,
): ScreenHeader {
  return {
    title: firstName ? `Welcome, ${firstName}` : 'Welcome to Crewdesk',
    description: HOME_DESCRIPTIONS[homeKindOf(role, accountId)],
  };
}

const FIXED_SCREEN_HEADERS: Readonly<Record<string, ScreenHeader>> = {
  '/jobs': JOBS_HEADER,
  '/tasks': TASKS_HEADER,
  '/schedule': SCHEDULE_HEADER,
};

/**
 * The header of a dashboard path whose header does not depend on who asks, if it has one;
 * `/` is homeHeader's.
 */
export function fixedScreenHeader(pathname: string): ScreenHeader | null {
  // A path starts with '/', so no name of Object's own can match.
  return FIXED_SCREEN_HEADERS[pathname] ?? null;
}
