import {
  INVENTORY_ROUTE_ROLES,
  ITEM_IMPORT_MAX_BYTES,
  TEAM_MANAGEMENT_ROLES,
  type Role,
} from '@crewdesk/domain';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { requireSession } from '../../plugins/permissions.ts';

export const tags = ['inventory'];
/** Spec section 6: /inventory and /inventory/{category} are for admins and managers. */
export const managers = { preHandler: requireSession({ roles: INVENTORY_ROUTE_ROLES }) };
/**
 * A visit's materials: whoever works on visits (its assignees; team leaders and up see every
 * visit). findVisibleVisit answers 404 for a visit the person may not see.
 */
const VISIT_MATERIAL_ROLES: readonly Role[] = [...TEAM_MANAGEMENT_ROLES, 'team_member'];
export const field = { preHandler: requireSession({ roles: VISIT_MATERIAL_ROLES }) };
export const idParams = z.object({ id: z.uuid('id must be a UUID') });

const IMPORT_BODY_LIMIT = 2 * ITEM_IMPORT_MAX_BYTES + 64 * 1024;
export const importBody = {
  bodyLimit: IMPORT_BODY_LIMIT,
  onRequest: async (request: { headers: Record<string, string | string[] | undefined> }) => {
    const length = Number(request.headers['content-length'] ?? 0);
    if (length > IMPORT_BODY_LIMIT)
      throw new AppError(
        'PAYLOAD_TOO_LARGE',
        'The file is too large: an import can be at most 2 MB.',
      );
  },
};
