import { rolesForRoute } from '../auth/access.ts';
import type { Role } from '../auth/roles.ts';
import { INVOICES_ROUTE_ROLES } from '../invoices/invoices.ts';

// Kept apart from the answer schemas (home-api.ts): the web's home needs these roles on its
// first screen, and importing them from there brought the schemas' zod code along.

/** Spec section 2: /reports is for admins and managers (the owner included). */
export const REPORTS_ROUTE_ROLES: readonly Role[] = rolesForRoute('/reports');
/** The office home (today's work, the money, the first steps): the same people as reports. */
export const HOME_OFFICE_ROLES: readonly Role[] = REPORTS_ROUTE_ROLES;

/** The money tiles (overdue invoices, revenue): office roles that may also see invoices. */
export const HOME_MONEY_ROLES: readonly Role[] = HOME_OFFICE_ROLES.filter((role) =>
  INVOICES_ROUTE_ROLES.includes(role),
);
