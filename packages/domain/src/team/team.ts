import { BUSINESS_ADMIN_ROLES, BUSINESS_MANAGER_ROLES, ROLES, type Role } from '../auth/roles.ts';

/** An invitation link works for this many days; inviting the same address again renews it. */
export const INVITATION_DAYS = 7;

export function invitationExpiresAt(from: Date = new Date()): Date {
  return new Date(from.getTime() + INVITATION_DAYS * 24 * 60 * 60 * 1000);
}

/** The spec's Employee employment_status values ('active' is the one the picker lists). */
export const EMPLOYMENT_STATUSES = ['active', 'inactive'] as const;
export type EmploymentStatus = (typeof EMPLOYMENT_STATUSES)[number];

export const EMPLOYMENT_STATUS_LABELS: Record<EmploymentStatus, string> = {
  active: 'Active',
  inactive: 'Inactive',
};

/** A business has one owner: every other role of the spec may be given by an invitation or a change. */
export const ASSIGNABLE_ROLES = ROLES.filter(
  (role): role is Exclude<Role, 'owner'> => role !== 'owner',
);
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

/**
 * The roles a picker offers: 'member' is stored for plain members but acts as team_member
 * (spec section 4), so offering both would show the same role twice.
 */
export const ROLE_CHOICES = ASSIGNABLE_ROLES.filter(
  (role): role is Exclude<AssignableRole, 'member'> => role !== 'member',
);

export type InvitationStatus = 'pending' | 'expired' | 'accepted' | 'canceled';

/** Pending past its expiry counts as expired; accepted and canceled stay what they are. */
export function invitationStatus(
  stored: string,
  expiresAt: Date,
  now: Date = new Date(),
): InvitationStatus {
  if (stored === 'accepted') return 'accepted';
  if (stored === 'canceled' || stored === 'rejected') return 'canceled';
  return expiresAt.getTime() <= now.getTime() ? 'expired' : 'pending';
}

function isIn(role: Role, list: readonly Role[]): boolean {
  return list.includes(role);
}

/**
 * Who may hand out which role, so that team management rights never grow into more:
 * business admins (and the owner) give any role but owner; business managers give any role
 * without business admin rights; a team leader gives only roles without business manager rights.
 */
export function canAssignRole(actorRole: Role, targetRole: Role): boolean {
  if (targetRole === 'owner') return false;
  if (isIn(actorRole, BUSINESS_ADMIN_ROLES)) return true;
  if (isIn(actorRole, BUSINESS_MANAGER_ROLES)) return !isIn(targetRole, BUSINESS_ADMIN_ROLES);
  if (actorRole === 'team_leader') return !isIn(targetRole, BUSINESS_MANAGER_ROLES);
  return false;
}
