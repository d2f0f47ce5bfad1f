import { isRoleAllowed, ROLES, type Role } from './roles.ts';

// Spec section 6: "admin" and "manager" in the route table each stand for the
// plain and the business-level role of that rank.
const ADMIN: readonly Role[] = ['admin', 'business_admin'];
const MANAGER: readonly Role[] = ['manager', 'business_manager'];

/**
 * Every list below also names 'owner' although isRoleAllowed already lets the
 * owner through: a caller that only does `roles.includes(role)` must not lock
 * the owner out.
 */
function roles(...extra: Role[]): readonly Role[] {
  return ['owner', ...ADMIN, ...MANAGER, ...extra];
}

const ALL_ROLES: readonly Role[] = ROLES;
const ADMIN_MANAGER = roles();
const FIELD_ROLES = roles('team_leader', 'team_member');
const SALES_ROLES = roles('sales_person');
const REQUEST_ROLES = roles('sales_person', 'team_leader', 'team_member', 'estimate-free');

/** The invoices parent (layout) route; its child routes are narrower. */
export const INVOICES_PARENT_ROLES: readonly Role[] = REQUEST_ROLES;

export type SidebarEntryKey =
  | 'home'
  | 'reports'
  | 'schedule'
  | 'sales'
  | 'requests'
  | 'jobs'
  | 'invoices'
  | 'contacts'
  | 'team'
  | 'inventory'
  | 'time-tracking'
  | 'inspections'
  | 'notifications'
  | 'ai-assistant';

export interface SidebarEntry {
  key: SidebarEntryKey;
  title: string;
  path: string;
  roles: readonly Role[];
}

export interface SidebarGroup {
  label: string | null;
  entries: readonly SidebarEntry[];
}

// The sidebar table names only business-level roles, so plain admin/manager
// see locked entries there even where their routes would let them in.
const ALL_SIX: readonly Role[] = [
  'business_admin',
  'business_manager',
  'sales_person',
  'team_leader',
  'team_member',
  'estimate-free',
];

export const SIDEBAR_GROUPS: readonly SidebarGroup[] = [
  {
    label: null,
    entries: [
      { key: 'home', title: 'Home', path: '/', roles: ALL_SIX },
      {
        key: 'reports',
        title: 'Reports',
        path: '/reports',
        roles: ['business_admin', 'business_manager'],
      },
      {
        key: 'schedule',
        title: 'Schedule',
        path: '/schedule',
        roles: ['business_admin', 'business_manager', 'team_leader', 'team_member'],
      },
    ],
  },
  {
    label: 'OPERATE',
    entries: [
      {
        key: 'sales',
        title: 'Sales',
        path: '/sales',
        roles: ['business_admin', 'business_manager', 'sales_person'],
      },
      { key: 'requests', title: 'Requests', path: '/quotes', roles: ALL_SIX },
      {
        key: 'jobs',
        title: 'Jobs',
        path: '/jobs',
        roles: ['business_admin', 'business_manager', 'team_leader', 'team_member'],
      },
      {
        key: 'invoices',
        title: 'Invoices',
        path: '/invoices',
        roles: ['business_admin', 'business_manager', 'estimate-free'],
      },
    ],
  },
  {
    label: 'MANAGE',
    entries: [
      {
        key: 'contacts',
        title: 'Contacts',
        path: '/customers',
        roles: ['business_admin', 'business_manager', 'sales_person'],
      },
      {
        key: 'team',
        title: 'Team',
        path: '/team',
        roles: ['business_admin', 'business_manager', 'team_leader'],
      },
      {
        key: 'inventory',
        title: 'Inventory',
        path: '/inventory',
        roles: ['business_admin', 'business_manager'],
      },
    ],
  },
];

export function canOpenSidebarEntry(
  role: Role | null | undefined,
  accountId: string | null | undefined,
  entry: SidebarEntry,
): boolean {
  return isRoleAllowed(role, accountId, entry.roles);
}

export interface RoutePattern {
  /** React-router style: literal segments and `:param` segments. */
  pattern: string;
  roles?: readonly Role[];
}

export const PUBLIC_ROUTE_PATTERNS: readonly RoutePattern[] = [
  { pattern: '/help-center' },
  { pattern: '/contact' },
  { pattern: '/terms' },
  { pattern: '/privacy' },
  { pattern: '/auth' },
  { pattern: '/auth/confirm' },
  // Not in the spec's list: where the password-reset e-mail lands (PRODUCT.md: forgot password).
  { pattern: '/auth/reset-password' },
  { pattern: '/onboarding' },
  { pattern: '/accept-invitation' },
  { pattern: '/auth/accept-invitation' },
  { pattern: '/invoices/estimates/share/:id' },
  { pattern: '/shared/:id' },
  // Not in the spec's list: the business's public request form (issue 5).
  { pattern: '/request/:slug' },
  // Not in the spec's list: the client's invoice page, and where the client lands after paying
  // online (the spec names payment-success for office roles; the client who pays has no session).
  // Decision 014.
  { pattern: '/pay/:token' },
  { pattern: '/invoices/payment-success' },
  // Not in the spec's list: an inspection report its business shared with the client (issue 20).
  { pattern: '/inspection-report/:token' },
  // Not in the spec's list: the client's hub, reached from any of the links above (issue 26,
  // decision 041).
  { pattern: '/hub/:token' },
];

export const PROTECTED_ROUTE_PATTERNS: readonly (RoutePattern & { roles: readonly Role[] })[] = [
  { pattern: '/', roles: ALL_ROLES },
  { pattern: '/notifications', roles: ALL_ROLES },
  { pattern: '/help', roles: ALL_ROLES },
  // Not in the spec's list: the AI assistant (issue 24), for everyone signed in; no sidebar entry.
  { pattern: '/ai-assistant', roles: ALL_ROLES },
  { pattern: '/map', roles: ADMIN_MANAGER },
  { pattern: '/reports', roles: ADMIN_MANAGER },
  // Not in the spec's list: one report of /reports (the home's tiles link to them; issue 23).
  { pattern: '/reports/:report', roles: ADMIN_MANAGER },
  { pattern: '/inspections', roles: FIELD_ROLES },
  { pattern: '/inspections/:id', roles: FIELD_ROLES },
  { pattern: '/settings', roles: roles('estimate-free') },
  { pattern: '/team', roles: roles('team_leader') },
  { pattern: '/team/:id', roles: roles('team_leader') },
  { pattern: '/time-tracking', roles: FIELD_ROLES },
  { pattern: '/jobs', roles: FIELD_ROLES },
  { pattern: '/jobs/new', roles: FIELD_ROLES },
  { pattern: '/jobs/:id', roles: FIELD_ROLES },
  { pattern: '/tasks', roles: FIELD_ROLES },
  { pattern: '/tasks/:id', roles: FIELD_ROLES },
  { pattern: '/schedule', roles: FIELD_ROLES },
  { pattern: '/customers', roles: SALES_ROLES },
  { pattern: '/customers/new', roles: SALES_ROLES },
  { pattern: '/customers/:id', roles: SALES_ROLES },
  { pattern: '/inventory', roles: ADMIN_MANAGER },
  { pattern: '/inventory/:category', roles: ADMIN_MANAGER },
  // Not in the spec's list: an item's page and a location's stock-take (issue 21).
  { pattern: '/inventory/items/:id', roles: ADMIN_MANAGER },
  { pattern: '/inventory/counts/:id', roles: ADMIN_MANAGER },
  { pattern: '/sales', roles: SALES_ROLES },
  { pattern: '/sales/:id', roles: SALES_ROLES },
  { pattern: '/invoices', roles: SALES_ROLES },
  { pattern: '/invoices/new', roles: SALES_ROLES },
  { pattern: '/invoices/payments', roles: SALES_ROLES },
  { pattern: '/invoices/history', roles: SALES_ROLES },
  { pattern: '/invoices/payments/:id', roles: SALES_ROLES },
  { pattern: '/invoices/estimates/:id', roles: REQUEST_ROLES },
  { pattern: '/invoices/:id', roles: SALES_ROLES },
  { pattern: '/quotes', roles: REQUEST_ROLES },
  { pattern: '/quotes/new', roles: REQUEST_ROLES },
  { pattern: '/quotes/estimates', roles: REQUEST_ROLES },
  { pattern: '/quotes/quotes', roles: REQUEST_ROLES },
  { pattern: '/quotes/proposals', roles: SALES_ROLES },
  { pattern: '/quotes/:id', roles: REQUEST_ROLES },
];

/**
 * Who may create contacts, estimates or jobs: the roles of the /customers, /quotes and /jobs
 * routes together. Their dialogs pick clients, team members and places, so the pickers' endpoints
 * (team-member options, customer search, location search) serve all of them.
 */
export const PICKER_ROLES: readonly Role[] = ROLES.filter((role) =>
  ['/customers', '/quotes', '/jobs'].some((path) =>
    PROTECTED_ROUTE_PATTERNS.some((r) => r.pattern === path && r.roles.includes(role)),
  ),
);

export type RouteAccessRule = { roles: readonly Role[] } | { public: true };

/** Drops query, hash, repeated and trailing slashes; '' becomes '/'. */
export function normalizePathname(pathname: string): string {
  const path = pathname.split(/[?#]/, 1)[0] ?? '';
  const segments = path.split('/').filter((s) => s !== '');
  return '/' + segments.join('/');
}

function segmentsOf(path: string): string[] {
  return path.split('/').filter((s) => s !== '');
}

/**
 * Number of literal segments when `pattern` matches, else -1. Literal segments
 * must win over `:param` ones (so /jobs/new is not "job new"), whatever the
 * order of the pattern lists.
 */
function matchScore(pattern: string, segments: readonly string[]): number {
  const parts = segmentsOf(pattern);
  if (parts.length !== segments.length) return -1;
  let literals = 0;
  for (const [i, part] of parts.entries()) {
    if (part.startsWith(':')) continue;
    if (part !== segments[i]) return -1;
    literals += 1;
  }
  return literals;
}

export function routeAccessFor(pathname: string): RouteAccessRule | null {
  const segments = segmentsOf(normalizePathname(pathname));
  let best: { score: number; rule: RouteAccessRule } | null = null;
  const consider = (score: number, rule: RouteAccessRule) => {
    if (score >= 0 && (best === null || score > best.score)) best = { score, rule };
  };
  for (const route of PUBLIC_ROUTE_PATTERNS) {
    consider(matchScore(route.pattern, segments), { public: true });
  }
  for (const route of PROTECTED_ROUTE_PATTERNS) {
    consider(matchScore(route.pattern, segments), { roles: route.roles });
  }
  return (best as { rule: RouteAccessRule } | null)?.rule ?? null;
}

/**
 * Routes open to every role (/, /notifications, /help) include 'member', the
 * temporary role of a user without any account. Requiring an account there,
 * as the generic check does, would deny the very page Access Denied sends the
 * user back to; signing in is the auth gate's job, not this check's.
 */
function isOpenToEveryRole(allowed: readonly Role[]): boolean {
  return ROLES.every((r) => allowed.includes(r));
}

export type RouteAccess = 'allowed' | 'denied' | 'public' | 'not-found';

export function canAccessRoute(
  role: Role | null | undefined,
  accountId: string | null | undefined,
  pathname: string,
): RouteAccess {
  const rule = routeAccessFor(pathname);
  if (rule === null) return 'not-found';
  if ('public' in rule) return 'public';
  if (isOpenToEveryRole(rule.roles)) return 'allowed';
  return isRoleAllowed(role, accountId, rule.roles) ? 'allowed' : 'denied';
}

/** The roles of one protected route pattern (the server checks its endpoints against these). */
export function rolesForRoute(pattern: string): readonly Role[] {
  return PROTECTED_ROUTE_PATTERNS.find((r) => r.pattern === pattern)?.roles ?? [];
}
