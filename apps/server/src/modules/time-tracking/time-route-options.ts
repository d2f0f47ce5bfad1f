import { BUSINESS_MANAGER_ROLES, TEAM_MANAGEMENT_ROLES, type Role } from '@crewdesk/domain';
import { z } from 'zod';
import { requireSession } from '../../plugins/permissions.ts';

export const tags = ['time tracking'];
/** Spec section 6: /time-tracking is for admins, managers, team leaders and team members. */
const TIME_ROLES: readonly Role[] = [...BUSINESS_MANAGER_ROLES, 'team_leader', 'team_member'];
export const field = { preHandler: requireSession({ roles: TIME_ROLES }) };
export const managers = { preHandler: requireSession({ roles: BUSINESS_MANAGER_ROLES }) };
/** Changing anyone's entries: team leaders and up. */
export const teamManagers = { preHandler: requireSession({ roles: TEAM_MANAGEMENT_ROLES }) };
export const idParams = z.object({ id: z.uuid('id must be a UUID') });
