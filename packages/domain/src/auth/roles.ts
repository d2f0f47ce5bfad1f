export const ROLES = [
  'owner',
  'business_admin',
  'admin',
  'manager',
  'business_manager',
  'sales_person',
  'team_leader',
  'team_member',
  'estimate-free',
  'member',
] as const;

export type Role = (typeof ROLES)[number];

const ROLE_SET: ReadonlySet<string> = new Set(ROLES);

export function isRole(v: unknown): v is Role {
  return typeof v === 'string' && ROLE_SET.has(v);
}

export const BUSINESS_ADMIN_ROLES = [
  'admin',
  'business_admin',
  'owner',
] as const satisfies readonly Role[];

export const BUSINESS_MANAGER_ROLES = [
  'manager',
  'admin',
  'business_manager',
  'business_admin',
  'owner',
] as const satisfies readonly Role[];

export const TEAM_MANAGEMENT_ROLES = [
  'admin',
  'manager',
  'business_admin',
  'business_manager',
  'team_leader',
  'owner',
] as const satisfies readonly Role[];

function isIn(role: Role | null | undefined, list: readonly Role[]): boolean {
  return role != null && list.includes(role);
}

export function hasBusinessAdminRights(role: Role | null | undefined): boolean {
  return isIn(role, BUSINESS_ADMIN_ROLES);
}

export function hasBusinessManagerRights(role: Role | null | undefined): boolean {
  return isIn(role, BUSINESS_MANAGER_ROLES);
}

export function hasTeamManagementRights(role: Role | null | undefined): boolean {
  return isIn(role, TEAM_MANAGEMENT_ROLES);
}

/**
 * The one generic permission check (spec section 6). A role alone is not
 * enough: without an active account there is nothing to be allowed into.
 */
export function isRoleAllowed(
  role: Role | null | undefined,
  accountId: string | null | undefined,
  allowed: readonly Role[],
): boolean {
  if (!role || !accountId) return false;
  if (role === 'owner') return true;
  return allowed.includes(role);
}

/**
 * Membership rows store 'member' for plain team members, while the permission
 * tables speak of 'team_member'; an unknown role gets the least privileged one.
 */
export function mapMemberRole(role: string): Role {
  if (role === 'member') return 'team_member';
  if (isRole(role)) return role;
  return FALLBACK_ROLE;
}

/** Used while no account exists or loading the accounts failed (spec section 4). */
export const FALLBACK_ROLE: Role = 'member';

export const ROLE_LABELS: Record<Role, string> = {
  owner: 'Owner',
  business_admin: 'Business admin',
  admin: 'Admin',
  manager: 'Manager',
  business_manager: 'Business manager',
  sales_person: 'Sales person',
  team_leader: 'Team leader',
  team_member: 'Team member',
  'estimate-free': 'Estimate-free',
  member: 'Member',
};
