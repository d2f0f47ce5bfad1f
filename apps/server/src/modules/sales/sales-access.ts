import { isRoleAllowed, SALES_MANAGER_ROLES, SALES_MESSAGES } from '@crewdesk/domain';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AccountActor } from '../../plugins/permissions.ts';
import * as repo from './sales.repo.ts';

// ---------------------------------------------------------------------------------------------
// Who sees what
// ---------------------------------------------------------------------------------------------

export function isManager(actor: AccountActor): boolean {
  return isRoleAllowed(actor.role, actor.accountId, SALES_MANAGER_ROLES);
}

/**
 * A manager sees the team's; a sales person their own and the unowned (the new leads nobody
 * took yet), and the team's where the business allows it.
 */
export function scopeOf(
  actor: AccountActor,
  settings: repo.SettingsRow,
  asked: 'mine' | 'team' | undefined,
): { scope: 'mine' | 'team'; teamAllowed: boolean } {
  const teamAllowed = isManager(actor) || settings.teamVisible;
  const scope = asked ?? (isManager(actor) ? 'team' : 'mine');
  if (scope === 'team' && !teamAllowed)
    throw new AppError(
      'FORBIDDEN',
      'This business shows sales people only their own opportunities.',
    );
  return { scope, teamAllowed };
}

function mayOpen(actor: AccountActor, settings: repo.SettingsRow, ownerUserId: string | null) {
  return (
    isManager(actor) || settings.teamVisible || ownerUserId === null || ownerUserId === actor.userId
  );
}

/** The opportunity, or 404 for another business's and for one the person may not open. */
export async function visibleOpportunity(
  db: DbOrTx,
  actor: AccountActor,
  settings: repo.SettingsRow,
  id: string,
  lock: boolean,
) {
  const row = lock
    ? await repo.lockOpportunity(db as Tx, actor.accountId, id)
    : await repo.findOpportunity(db, actor.accountId, id);
  if (!row || !mayOpen(actor, settings, row.ownerUserId))
    throw new AppError('NOT_FOUND', SALES_MESSAGES.notFound);
  return row;
}
